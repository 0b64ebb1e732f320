/**
 * The sound: eSpeak NG speaks each sentence into a WAV, sox plays the sting, and the episode is
 * assembled here sample by sample, so every cue's time is known exactly; ffmpeg then filters,
 * levels and encodes it to MP3. Needs Debian's espeak-ng, sox and ffmpeg.
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** eSpeak NG speaks at 22,050 Hz; everything is mixed at that rate, mono. */
export const RATE = 22_050

/** 16-bit PCM of a mono WAV file as floats in -1..1 (reads the fmt and data chunks). */
export function decodeWav(buffer: Buffer, name: string): Float32Array {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error(`${name} is not a WAV file`)
  let offset = 12
  let format: { channels: number; rate: number; bits: number } | undefined
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4)
    let size = buffer.readUInt32LE(offset + 4)
    const body = offset + 8
    if (id === 'fmt ')
      format = {
        channels: buffer.readUInt16LE(body + 2),
        rate: buffer.readUInt32LE(body + 4),
        bits: buffer.readUInt16LE(body + 14),
      }
    if (id === 'data') {
      if (!format || format.channels !== 1 || format.bits !== 16 || format.rate !== RATE)
        throw new Error(
          `${name}: expected 16-bit mono PCM at ${RATE} Hz, got ${JSON.stringify(format)}`,
        )
      // a streamed WAV may leave the size unset: take the rest of the file
      if (size === 0 || size === 0xffffffff || body + size > buffer.length)
        size = buffer.length - body
      const samples = new Float32Array(Math.floor(size / 2))
      for (let i = 0; i < samples.length; i++) samples[i] = buffer.readInt16LE(body + i * 2) / 32768
      return samples
    }
    offset = body + size + (size % 2)
  }
  throw new Error(`${name} has no data chunk`)
}

export function encodeWav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2)
  for (let i = 0; i < samples.length; i++)
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), i * 2)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(RATE, 24)
  header.writeUInt32LE(RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** Cut the silence eSpeak leaves around an utterance, keeping 15 ms either side. */
export function trimSilence(samples: Float32Array, threshold = 0.004): Float32Array {
  let first = 0
  while (first < samples.length && Math.abs(samples[first]!) < threshold) first++
  let last = samples.length - 1
  while (last > first && Math.abs(samples[last]!) < threshold) last--
  const margin = Math.round(RATE * 0.015)
  return samples.subarray(Math.max(0, first - margin), Math.min(samples.length, last + margin + 1))
}

export async function speak(
  text: string,
  voice: { voice: string; speed: number; pitch: number },
  file: string,
): Promise<Float32Array> {
  await run('espeak-ng', [
    '-v',
    voice.voice,
    '-s',
    String(voice.speed),
    '-p',
    String(voice.pitch),
    '-w',
    file,
    '--',
    text,
  ])
  return trimSilence(decodeWav(await readFile(file), file))
}

/** -R: repeatable mode, so the pluck's noise (and so the sting) is the same on every run. */
async function sox(args: string[]): Promise<void> {
  await run('sox', ['-R', ...args])
}

/** Our mixing format: 16-bit mono at RATE. */
const FORMAT = ['-r', String(RATE), '-c', '1', '-b', '16']

/** A tone from sox's synth (`sox -n out.wav synth …`) with effects after it. */
const synth = (file: string, seconds: number, tones: string[], effects: string[]) =>
  sox(['-n', ...FORMAT, file, 'synth', String(seconds), ...tones, ...effects])

/**
 * The show's sting: a plucked D major arpeggio over a soft organ-like pad, rising for the intro
 * and falling for the outro. Original, made from sox's synth tones alone.
 */
export async function sting(dir: string, kind: 'intro' | 'outro'): Promise<Float32Array> {
  const notes = kind === 'intro' ? ['D3', 'A3', 'D4', 'F#4', 'A4'] : ['A4', 'F#4', 'D4', 'A3', 'D3']
  const step = 0.22
  const length = 3.6
  const parts: string[] = []
  for (const [i, note] of notes.entries()) {
    const file = path.join(dir, `${kind}-note-${i}.wav`)
    const tail = length - i * step
    await synth(
      file,
      tail,
      ['pluck', note],
      [
        'fade',
        'q',
        '0.005',
        String(tail),
        String(tail - 0.3),
        'pad',
        String(i * step),
        'vol',
        '0.55',
      ],
    )
    parts.push(file)
  }
  const pad = path.join(dir, `${kind}-pad.wav`)
  await synth(
    pad,
    length,
    ['sine', 'D3', 'sine', 'A3'],
    ['remix', '-', 'fade', 'h', '0.8', String(length), '1.6', 'vol', '0.18'],
  )
  const out = path.join(dir, `${kind}.wav`)
  // the plucks mixed with the pad, a little room, then peaks at -4 dBFS
  await sox([
    '-m',
    ...parts,
    pad,
    ...FORMAT,
    out,
    'reverb',
    '35',
    '50',
    '60',
    'norm',
    '-4',
    'remix',
    '-',
  ])
  return decodeWav(await readFile(out), out)
}

export type Id3 = { title: string; artist: string; album: string; track: number; date: string }

/**
 * Filter, level and encode: a high-pass for rumble, two low-passes at 7 kHz (24 dB an octave) for eSpeak's buzzing
 * highs, loudness at -16 LUFS (the usual podcast target), then constant-bitrate MP3 (exact
 * durations, and the byte count the feed's enclosure states), with ID3 tags and ID3 chapters.
 */
export async function encodeMp3(
  samples: Float32Array,
  file: string,
  tags: Id3,
  chapters: { start: number; end: number; title: string }[],
  workDir: string,
  bitrateKbps: number,
): Promise<void> {
  const wav = path.join(workDir, `${path.basename(file, '.mp3')}.wav`)
  await writeFile(wav, encodeWav(samples))
  const meta = path.join(workDir, `${path.basename(file, '.mp3')}.ffmeta`)
  const escapeMeta = (v: string) => v.replace(/[=;#\\\n]/g, (c) => `\\${c}`)
  await writeFile(
    meta,
    `;FFMETADATA1\n${chapters
      .map(
        (c) =>
          `[CHAPTER]\nTIMEBASE=1/1000\nSTART=${Math.round(c.start * 1000)}\nEND=${Math.round(c.end * 1000)}\ntitle=${escapeMeta(c.title)}\n`,
      )
      .join('')}`,
  )
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    wav,
    '-i',
    meta,
    '-map',
    '0:a',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '1',
    '-af',
    'highpass=f=70,lowpass=f=7000,lowpass=f=7000,loudnorm=I=-16:TP=-1.5:LRA=11,aresample=22050',
    '-ac',
    '1',
    '-ar',
    String(RATE),
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${bitrateKbps}k`,
    '-id3v2_version',
    '3',
    ...Object.entries({
      title: tags.title,
      artist: tags.artist,
      album_artist: tags.artist,
      album: tags.album,
      track: tags.track,
      date: tags.date,
      genre: 'Podcast',
    }).flatMap(([name, value]) => ['-metadata', `${name}=${value}`]),
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    file,
  ])
}
