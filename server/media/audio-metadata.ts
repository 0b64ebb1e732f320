/**
 * What the feed and the player need to know about an uploaded episode: its length in seconds, its
 * size in bytes and its MIME type. Only MP3 and M4A (AAC) are accepted, as Apple Podcasts and
 * every player read them; anything else is refused with a message an editor can act on.
 *
 * The bytes decide, not the file name: the first bytes must be an MP3 frame (after an optional
 * ID3 tag) or an MP4 `ftyp` box, then music-metadata reads the stream. A file that is cut short is
 * refused too: an MP4 whose boxes run past the end fails to parse, and an MP3 whose header
 * promises more audio than the file holds is caught by comparing the two.
 */
import { parseBuffer } from 'music-metadata'
import {
  AUDIO_FILE_EXTENSIONS,
  sniffAudio,
  type AudioMimeType,
} from '#common/content/podcast-files.ts'

export type { AudioMimeType }

export type AudioMetadata = {
  /** Seconds, as the stream says (frames × samples per frame ÷ sample rate). */
  duration: number
  bytes: number
  mimeType: AudioMimeType
}

export class AudioRejectedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AudioRejectedError'
  }
}

const ACCEPTED = 'Please upload an MP3 or an M4A (AAC) file.'

/** Signatures of files people upload by mistake, to say what the file is instead. */
const OTHER_FILES: [string, (b: Buffer) => boolean][] = [
  ['a PNG image', (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))],
  ['a JPEG image', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['a GIF image', (b) => b.toString('latin1', 0, 4) === 'GIF8'],
  ['a PDF document', (b) => b.toString('latin1', 0, 5) === '%PDF-'],
  ['a ZIP archive (or a Word, Excel or similar document)', (b) => b.readUInt32BE(0) === 0x504b0304],
  [
    'a WAV file',
    (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE',
  ],
  ['an Ogg file (Vorbis or Opus)', (b) => b.toString('latin1', 0, 4) === 'OggS'],
  ['a FLAC file', (b) => b.toString('latin1', 0, 4) === 'fLaC'],
  ['a WebM or Matroska file', (b) => b.readUInt32BE(0) === 0x1a45dfa3],
]

function extensionOf(fileName: string | undefined): string | undefined {
  const match = fileName ? /\.([a-z0-9]+)$/i.exec(fileName) : null
  return match?.[1]?.toLowerCase()
}

export async function readAudioMetadata(buffer: Buffer, fileName?: string): Promise<AudioMetadata> {
  const name = fileName ? `“${fileName}”` : 'The file'
  if (buffer.length === 0) throw new AudioRejectedError(`${name} is empty. ${ACCEPTED}`)
  const mimeType = sniffAudio(buffer)
  if (!mimeType) {
    const other = OTHER_FILES.find(([, test]) => buffer.length >= 12 && test(buffer))
    throw new AudioRejectedError(
      other
        ? `${name} is ${other[0]}, not MP3 or M4A audio. ${ACCEPTED}`
        : `${name} is not MP3 or M4A audio (its first bytes are not an MP3 frame or an MP4 header). ${ACCEPTED}`,
    )
  }
  const extension = extensionOf(fileName)
  const expected = AUDIO_FILE_EXTENSIONS[mimeType]
  if (extension && !expected.includes(extension))
    throw new AudioRejectedError(
      `${name} is named .${extension} but holds ${mimeType === 'audio/mpeg' ? 'MP3' : 'M4A'} audio; rename it to .${expected[0]} and upload it again.`,
    )

  let format
  try {
    ;({ format } = await parseBuffer(
      buffer,
      { mimeType, size: buffer.length },
      { duration: true, skipCovers: true },
    ))
  } catch (error) {
    throw new AudioRejectedError(
      `${name} could not be read as ${mimeType === 'audio/mpeg' ? 'MP3' : 'M4A'} audio; it may be cut short or damaged (${(error as Error).message}). ${ACCEPTED}`,
    )
  }
  const codec = format.codec ?? ''
  if (mimeType === 'audio/mpeg' && !/layer 3/i.test(codec))
    throw new AudioRejectedError(`${name} is MPEG audio but not MP3 (${codec}). ${ACCEPTED}`)
  if (mimeType === 'audio/mp4' && !/aac/i.test(codec))
    throw new AudioRejectedError(
      `${name} is an MP4 file but its audio is ${codec || 'missing'}, not AAC. ${ACCEPTED}`,
    )
  const duration = format.duration
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0)
    throw new AudioRejectedError(
      `${name} has no audio we can measure; it may be cut short or damaged. ${ACCEPTED}`,
    )
  // An MP3's Xing/Info header states the stream's length, and music-metadata reports it even when
  // the file stops early: the bytes the bitrate needs for that length must all be there.
  if (mimeType === 'audio/mpeg' && format.bitrate) {
    const needed = (duration * format.bitrate) / 8
    if (buffer.length < needed * 0.98 - 4096)
      throw new AudioRejectedError(
        `${name} is cut short: its header says ${formatDuration(duration)} of audio, but the file holds only about ${Math.round((buffer.length / needed) * 100)} % of it. Upload the whole file.`,
      )
  }
  return { duration, bytes: buffer.length, mimeType }
}

/** h:mm:ss or m:ss, for messages and for the feed's itunes:duration as text. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
