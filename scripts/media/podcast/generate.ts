/**
 * The sample episodes of The Daily Commons, from their scripts to the content files:
 *
 *   npm run media:podcast                         every episode and the artwork
 *   npm run media:podcast -- --only=artwork       the artwork only
 *   npm run media:podcast -- --only=<slug>,...    some episodes only
 *
 * For each scripts/<slug>.yaml it writes content/podcast/episodes/<slug>.mp3 (spoken by eSpeak NG,
 * encoded by ffmpeg), <slug>.vtt (the transcript) and <slug>.chapters.json, all three laid out
 * from the same list of spoken sentences and their measured lengths, plus <slug>.md (front matter
 * and show notes). Deterministic: the same scripts and tools give the same files.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as prettier from 'prettier'
import { normaliseBody } from '#common/content/articles.ts'
import { episodeKey } from '#common/content/episodes.ts'
import { documentFile } from '#common/content/files.ts'
import { roundDuration } from '#common/content/podcast-files.ts'
import type { Chapters, EpisodeFrontMatter, TranscriptCue } from '#common/content/podcast.ts'
import { toWebVtt } from '#common/content/transcript.ts'
import { readAudioMetadata } from '#server/media/audio-metadata.ts'
import { encodeMp3, RATE, speak, sting } from './audio.ts'
import { writeArtwork } from './artwork.ts'
import {
  hosts,
  readEpisodeScript,
  sentencesOf,
  spokenForm,
  type EpisodeScript,
} from './episode-script.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const scriptsDir = path.join(import.meta.dirname, 'scripts')
export const podcastDir = path.join(root, 'content/podcast')
const episodesDir = path.join(podcastDir, 'episodes')

/** 48 kbit/s mono: clear speech, and six episodes of about three minutes stay under 8 MB. */
const BITRATE_KBPS = 48
const SHOW_TITLE = 'The Daily Commons'

/** Pauses, in seconds: within a host's turn, between turns, before a chapter. */
const PAUSE = { sentence: 0.3, turn: 0.55, chapter: 1.1, afterIntro: -0.7, beforeOutro: 0.8 }

type Placed = { at: number; samples: Float32Array }

/** Lay the episode out: the intro sting, each sentence after its pause, the outro sting. */
async function layOut(script: EpisodeScript, work: string) {
  const placed: Placed[] = []
  const cues: TranscriptCue[] = []
  const chapterStarts: number[] = []
  const intro = await sting(work, 'intro')
  const outro = await sting(work, 'outro')
  placed.push({ at: 0, samples: intro })
  // the first voice comes in over the end of the intro's fade
  let cursor = intro.length + Math.round(PAUSE.afterIntro * RATE)
  let previous: { host: string; chapter: number } | undefined
  for (const [i, sentence] of sentencesOf(script).entries()) {
    if (previous) {
      const pause =
        sentence.chapter !== previous.chapter
          ? PAUSE.chapter
          : sentence.host !== previous.host || sentence.firstOfLine
            ? PAUSE.turn
            : PAUSE.sentence
      cursor += Math.round(pause * RATE)
    }
    if (sentence.chapter !== previous?.chapter)
      // a chapter starts at 0, or a little before its first words
      chapterStarts.push(sentence.chapter === 0 ? 0 : Math.round((cursor / RATE - 0.4) * 100) / 100)
    const host = hosts[sentence.host]
    const samples = await speak(spokenForm(sentence.text), host, path.join(work, `s${i}.wav`))
    placed.push({ at: cursor, samples })
    cues.push({
      start: Math.round((cursor / RATE) * 1000) / 1000,
      end: Math.round(((cursor + samples.length) / RATE) * 1000) / 1000,
      speaker: host.name,
      text: sentence.text,
    })
    cursor += samples.length
    previous = sentence
  }
  cursor += Math.round(PAUSE.beforeOutro * RATE)
  placed.push({ at: cursor, samples: outro })
  const total = cursor + outro.length
  const mix = new Float32Array(total)
  for (const p of placed) for (let i = 0; i < p.samples.length; i++) mix[p.at + i]! += p.samples[i]!
  return { mix, cues, chapterStarts, duration: total / RATE }
}

async function formatted(text: string, file: string): Promise<string> {
  const options = await prettier.resolveConfig(file)
  return prettier.format(text, { ...options, filepath: file })
}

async function buildEpisode(slug: string, work: string): Promise<number> {
  const script = await readEpisodeScript(path.join(scriptsDir, `${slug}.yaml`))
  const { mix, cues, chapterStarts, duration } = await layOut(script, work)
  const chapters: Chapters = {
    version: '1.2.0',
    chapters: script.chapters.map((c, i) => ({ startTime: chapterStarts[i]!, title: c.title })),
  }
  const files = {
    audio: `${slug}.mp3`,
    transcript: `${slug}.vtt`,
    chapters: `${slug}.chapters.json`,
  }
  await encodeMp3(
    mix,
    path.join(episodesDir, files.audio),
    {
      title: script.title,
      artist: Object.values(hosts)
        .map((h) => h.name)
        .join(' & '),
      album: SHOW_TITLE,
      track: script.number,
      date: script.publishedAt.slice(0, 4),
    },
    chapters.chapters.map((c, i) => ({
      start: c.startTime,
      end: chapters.chapters[i + 1]?.startTime ?? duration,
      title: c.title,
    })),
    work,
    BITRATE_KBPS,
  )
  await writeFile(path.join(episodesDir, files.transcript), toWebVtt(cues))
  const chaptersFile = path.join(episodesDir, files.chapters)
  await writeFile(chaptersFile, await formatted(JSON.stringify(chapters), chaptersFile))
  // The length as the server measures it when the episode is imported (music-metadata).
  const mp3 = await readFile(path.join(episodesDir, files.audio))
  const measured = await readAudioMetadata(mp3, files.audio)
  const frontMatter: EpisodeFrontMatter = {
    title: script.title,
    number: script.number,
    publishedAt: script.publishedAt,
    summary: script.summary,
    guid: script.guid,
    audio: files.audio,
    duration: roundDuration(measured.duration),
    transcript: files.transcript,
    chapters: files.chapters,
  }
  // Written as an export writes it (common/content/files.ts), so the two never differ.
  const md = documentFile({
    key: episodeKey(slug),
    kind: 'episode',
    slug,
    data: frontMatter,
    body: normaliseBody(await formatted(`${script.notes}\n`, `${slug}.md`)),
  })
  await writeFile(path.join(podcastDir, '..', md.path), md.text)
  const size = mp3.length
  const minutes = `${Math.floor(duration / 60)}:${String(Math.round(duration % 60)).padStart(2, '0')}`
  console.log(
    `${slug}: ${minutes}, ${cues.length} cues, ${chapters.chapters.length} chapters, ${(size / 1024).toFixed(0)} KB`,
  )
  return size
}

async function main(): Promise<void> {
  const only = process.argv
    .slice(2)
    .flatMap((arg) => {
      if (arg.startsWith('--only=')) return arg.slice(7).split(',').filter(Boolean)
      throw new Error(`unknown argument ${arg}; use --only=artwork or --only=<episode slug>,...`)
    })
    .filter(Boolean)
  const wants = (id: string) => only.length === 0 || only.includes(id)
  await mkdir(episodesDir, { recursive: true })
  if (wants('artwork')) {
    const { width, bytes } = await writeArtwork(path.join(podcastDir, 'artwork.jpg'))
    console.log(`artwork: ${width} x ${width} px, ${(bytes / 1024).toFixed(0)} KB`)
  }
  const slugs = (await readdir(scriptsDir))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.slice(0, -5))
    .filter(wants)
  const work = await mkdtemp(path.join(tmpdir(), 'podcast-'))
  try {
    let total = 0
    for (const slug of slugs) total += await buildEpisode(slug, work)
    if (slugs.length) console.log(`audio written: ${(total / 1024 / 1024).toFixed(2)} MB`)
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

if (import.meta.main) await main()
