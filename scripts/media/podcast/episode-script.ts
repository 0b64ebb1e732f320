/**
 * An episode's script: its front matter and show notes, then chapters of host lines. The audio,
 * the transcript and the chapters are all made from it (generate.ts), so they cannot disagree.
 */
import { readFile } from 'node:fs/promises'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { episodeFrontMatterSchema, parseOrThrow } from '#common/content/podcast.ts'

/** The two hosts: the name in the transcript, and how espeak-ng speaks them. */
export const hosts = {
  imani: {
    name: 'Imani Brooks',
    // eSpeak's default formant synthesiser with the female "Annie" variant: the clearest of the
    // female variants here; the highs it buzzes with are cut at 7 kHz when encoding.
    voice: 'en-us+Annie',
    speed: 158,
    pitch: 52,
  },
  owen: {
    name: 'Owen Fairchild',
    // The Klatt synthesiser: a smoother, lower voice, so the two hosts never sound alike.
    voice: 'en-us+klatt3',
    speed: 152,
    pitch: 38,
  },
} as const

export type HostKey = keyof typeof hosts

const line = z
  .partialRecord(z.enum(Object.keys(hosts) as [HostKey, ...HostKey[]]), z.string().trim().min(1))
  .refine((l) => Object.keys(l).length === 1, 'each line has exactly one host: its text')

export const episodeScriptSchema = episodeFrontMatterSchema
  .pick({ title: true, number: true, publishedAt: true, summary: true, guid: true })
  .extend({
    notes: z.string().trim().min(1, 'must not be empty'),
    chapters: z
      .array(z.object({ title: z.string().trim().min(1), lines: z.array(line).min(1) }))
      .min(1),
  })
  .strict()

export type EpisodeScript = z.infer<typeof episodeScriptSchema>

export type Sentence = { host: HostKey; text: string; chapter: number; firstOfLine: boolean }

/** Abbreviations that end in a full stop without ending the sentence. */
const ABBREVIATIONS = /(?:\bSt|\bMr|\bMrs|\bMs|\bDr|\ba\.m|\bp\.m)\.$/

/** Split a host's line into sentences: each becomes one transcript cue. */
export function splitSentences(text: string): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ')
  const sentences: string[] = []
  let current = ''
  for (const word of words) {
    current = current ? `${current} ${word}` : word
    if (/[.?!]["”’]?$/.test(word) && !ABBREVIATIONS.test(word)) {
      sentences.push(current)
      current = ''
    }
  }
  if (current) sentences.push(current)
  return sentences
}

export function sentencesOf(script: EpisodeScript): Sentence[] {
  const out: Sentence[] = []
  script.chapters.forEach((chapter, c) => {
    for (const l of chapter.lines) {
      const [host, text] = Object.entries(l)[0] as [HostKey, string]
      splitSentences(text).forEach((sentence, i) =>
        out.push({ host, text: sentence, chapter: c, firstOfLine: i === 0 }),
      )
    }
  })
  return out
}

export async function readEpisodeScript(file: string): Promise<EpisodeScript> {
  return parseOrThrow(episodeScriptSchema, parseYaml(await readFile(file, 'utf8')), file)
}

/**
 * How eSpeak should say what the transcript writes: names it would otherwise misread. Whole words
 * only; the transcript keeps the real spelling.
 */
const SAY: Record<string, string> = {
  DocuCommons: 'Dock you Commons',
  Imani: 'Ee mahnee',
  Keisha: 'Keesha',
  Abernathy: 'Abber nathy',
  Soulard: 'Soo lard',
  // Kansas City, Kansas's Argentine says AR-jen-teen
  Argentine: 'Arjen teen',
  Chillicothe: 'Chilly cawthee',
}

export function spokenForm(text: string): string {
  return text.replace(/[\p{L}]+/gu, (word) => SAY[word] ?? word)
}
