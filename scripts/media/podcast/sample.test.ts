/**
 * The sample podcast in content/podcast/ as npm run media:podcast leaves it: within its audio
 * budget, every file in place, and the audio, transcript and chapters of each episode agreeing.
 */
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { parseBuffer } from 'music-metadata'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { chaptersSchema, parseOrThrow, type PodcastShow } from '#common/content/podcast.ts'
import { readAudioMetadata } from '#server/media/audio-metadata.ts'
import { parseWebVtt } from '#common/content/transcript.ts'
import {
  readSampleEpisodes,
  readSampleShow,
  sampleDir,
  sampleEpisodesDir,
  type SampleEpisode,
} from '#server/test/podcast-sample.ts'
import { hosts } from './episode-script.ts'

/** The sample's audio has its own budget, apart from public/media (issue 20). */
const AUDIO_BUDGET_BYTES = 8_000_000

let show: PodcastShow
let episodes: SampleEpisode[]
beforeAll(async () => {
  show = await readSampleShow()
  episodes = await readSampleEpisodes()
})

const file = (name: string) => path.join(sampleEpisodesDir, name)

describe('the sample podcast', () => {
  it('has six episodes, one a weekday, numbered in date order, the latest by 23 November 2026', () => {
    expect(episodes).toHaveLength(6)
    const byDate = episodes.toSorted((a, b) =>
      a.frontMatter.publishedAt.localeCompare(b.frontMatter.publishedAt),
    )
    expect(byDate.map((e) => e.frontMatter.number)).toEqual([1, 2, 3, 4, 5, 6])
    const days = byDate.map((e) => new Date(e.frontMatter.publishedAt))
    for (const day of days) expect(day.getUTCDay()).not.toBeOneOf([0, 6])
    expect(new Set(days.map((d) => d.toISOString().slice(0, 10))).size).toBe(6)
    // not a stopwatch: publication dates.
    expect(days.at(-1)!.getTime()).toBeLessThanOrEqual(Date.parse('2026-11-23T23:59:59Z'))
    expect(new Set(episodes.map((e) => e.frontMatter.guid)).size).toBe(6)
  })

  it('keeps all its audio within 8 MB', async () => {
    let total = 0
    for (const e of episodes) total += (await stat(file(e.frontMatter.audio))).size
    expect(total).toBeLessThanOrEqual(AUDIO_BUDGET_BYTES)
  })

  it('has square JPEG artwork of 1400 to 3000 px, at most 400 KB', async () => {
    const artwork = path.join(sampleDir, show.artwork)
    const meta = await sharp(artwork).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.space).toBe('srgb')
    expect(meta.width).toBe(meta.height)
    expect(meta.width).toBeGreaterThanOrEqual(1400)
    expect(meta.width).toBeLessThanOrEqual(3000)
    expect((await stat(artwork)).size).toBeLessThanOrEqual(400 * 1024)
  })

  it('gives every episode audio, a transcript and chapters that agree with each other', async () => {
    const hostNames = Object.values(hosts).map((h) => h.name)
    for (const { slug, frontMatter: fm } of episodes) {
      const audioBytes = await readFile(file(fm.audio))
      const audio = await readAudioMetadata(audioBytes, fm.audio)
      expect(audio.mimeType, slug).toBe('audio/mpeg')
      // 2 to 4 minutes each
      expect(audio.duration, slug).toBeGreaterThanOrEqual(120)
      // not a stopwatch: the audio file's length.
      expect(audio.duration, slug).toBeLessThanOrEqual(240)

      const { common } = await parseBuffer(audioBytes, { mimeType: 'audio/mpeg' })
      expect(common, slug).toMatchObject({ title: fm.title, album: 'The Daily Commons' })
      expect(common.artist, slug).toBe(hostNames.join(' & '))

      const { cues } = parseWebVtt(await readFile(file(fm.transcript), 'utf8'))
      for (const cue of cues) {
        // not a stopwatch: positions in the audio.
        expect(cue.end!, `${slug} cue at ${cue.start}`).toBeLessThanOrEqual(audio.duration)
        expect(hostNames, slug).toContain(cue.speaker)
      }
      expect(new Set(cues.map((c) => c.speaker)).size, slug).toBe(2)
      // the transcript ends where the voices do: only the outro sting plays after the last words
      const tail = audio.duration - cues.at(-1)!.end!
      expect(tail, slug).toBeGreaterThan(2)
      expect(tail, slug).toBeLessThan(6)
      // and it starts after the intro sting
      expect(cues[0]!.start, slug).toBeGreaterThan(2)
      expect(cues[0]!.start, slug).toBeLessThan(4)

      const chapters = parseOrThrow(
        chaptersSchema,
        JSON.parse(await readFile(file(fm.chapters!), 'utf8')),
        fm.chapters!,
      )
      expect(chapters.version).toBe('1.2.0')
      expect(chapters.chapters[0]!.startTime, slug).toBe(0)
      // not a stopwatch: positions in the audio, in seconds.
      for (const [i, chapter] of chapters.chapters.entries()) {
        if (i > 0) {
          expect(chapter.startTime, slug).toBeGreaterThan(chapters.chapters[i - 1]!.startTime)
          // each chapter begins just before a cue: the first words of that chapter
          const next = cues.find((c) => c.start >= chapter.startTime)!
          // not a stopwatch: positions in the audio.
          expect(next.start - chapter.startTime, `${slug}: ${chapter.title}`).toBeLessThan(1)
        }
        expect(chapter.startTime, slug).toBeLessThan(audio.duration) // not a stopwatch
      }
    }
  })
})
