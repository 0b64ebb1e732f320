import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { AudioRejectedError, formatDuration, readAudioMetadata } from './audio-metadata.ts'

const sampleMp3 = path.resolve(
  import.meta.dirname,
  '../../content/podcast/episodes/a-cuff-in-every-bag.mp3',
)
const m4a = path.join(import.meta.dirname, 'fixtures/two-seconds.m4a')
const png = path.resolve(import.meta.dirname, '../../public/icon-192.png')

async function refused(buffer: Buffer, name?: string): Promise<string> {
  const error = await readAudioMetadata(buffer, name).then(
    () => new Error('accepted'),
    (e: unknown) => e as Error,
  )
  expect(error).toBeInstanceOf(AudioRejectedError)
  return error.message
}

describe('readAudioMetadata', () => {
  it('reads an MP3’s duration, size and type', async () => {
    const buffer = await readFile(sampleMp3)
    const meta = await readAudioMetadata(buffer, 'a-cuff-in-every-bag.mp3')
    expect(meta.mimeType).toBe('audio/mpeg')
    expect(meta.bytes).toBe(buffer.length)
    // 2:41 of speech and stings, as the generator measured it
    expect(meta.duration).toBeGreaterThan(155)
    // not a stopwatch: the audio file's length.
    expect(meta.duration).toBeLessThan(170)
  })

  it('reads an M4A (AAC) file', async () => {
    const meta = await readAudioMetadata(await readFile(m4a), 'tone.m4a')
    expect(meta.mimeType).toBe('audio/mp4')
    expect(meta.duration).toBeCloseTo(2, 1)
  })

  it('refuses an empty file', async () => {
    expect(await refused(Buffer.alloc(0), 'episode.mp3')).toMatch(/“episode\.mp3” is empty/)
  })

  it('refuses a PNG named .mp3 and says what it is', async () => {
    const message = await refused(await readFile(png), 'episode.mp3')
    expect(message).toMatch(/is a PNG image, not MP3 or M4A audio/)
  })

  it('refuses other audio formats and unknown bytes', async () => {
    const wav = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(64)])
    expect(await refused(wav, 'take.mp3')).toMatch(/is a WAV file/)
    expect(await refused(Buffer.from('hello, this is not audio at all'))).toMatch(
      /not MP3 or M4A audio/,
    )
  })

  it('refuses an MP3 that is cut short', async () => {
    const buffer = await readFile(sampleMp3)
    expect(await refused(buffer.subarray(0, buffer.length / 2), 'half.mp3')).toMatch(
      /is cut short: its header says 2:41 of audio/,
    )
  })

  it('refuses an M4A that is cut short', async () => {
    const buffer = await readFile(m4a)
    expect(await refused(buffer.subarray(0, 4000), 'half.m4a')).toMatch(
      /could not be read as M4A audio; it may be cut short/,
    )
  })

  it('refuses a name that does not match the contents', async () => {
    expect(await refused(await readFile(m4a), 'episode.mp3')).toMatch(
      /named \.mp3 but holds M4A audio/,
    )
  })
})

describe('formatDuration', () => {
  it('writes m:ss and h:mm:ss', () => {
    expect(formatDuration(161.3)).toBe('2:41')
    expect(formatDuration(3725)).toBe('1:02:05')
  })
})
