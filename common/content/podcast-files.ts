/**
 * What the podcast's binary files are, read from their bytes alone and at once (no decoding, so
 * the build's synchronous content reader can use it): the SHA-256 that names the stored file, the
 * size, the audio's type from its first bytes, a picture's type and pixel size from its header.
 * The audio's length needs the whole stream (music-metadata, on the server): it is measured where
 * a file comes in (an upload, an import) and kept in the episode's front matter.
 *
 * The stored files are served by the media library at content-hashed addresses,
 * /media/u/<first 32 hex digits of the SHA-256>.<ext> (docs/media.md), so an address can be
 * written from these facts by the build as well as by the server.
 */
import crypto from 'node:crypto'
import { UPLOADED_MEDIA_PREFIX } from '../media.ts'

export type AudioMimeType = 'audio/mpeg' | 'audio/mp4'
export type ArtworkMimeType = 'image/jpeg' | 'image/png'

/** The extension a stored audio file is served with. */
export const AUDIO_EXTENSION: Record<AudioMimeType, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
}
/** The extensions a file name of each type may have (the content folder's names). */
export const AUDIO_FILE_EXTENSIONS: Record<AudioMimeType, readonly string[]> = {
  'audio/mpeg': ['mp3'],
  'audio/mp4': ['m4a', 'mp4', 'aac'],
}
export const ARTWORK_EXTENSION: Record<ArtworkMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
}

/** An audio's length as it is kept: seconds, to the millisecond. */
export const roundDuration = (seconds: number) => Math.round(seconds * 1000) / 1000

export const sha256Hex = (bytes: Uint8Array) =>
  crypto.createHash('sha256').update(bytes).digest('hex')

/** The key of a stored file: its address's stem (the media library's `key`). */
export const storedKey = (sha256: string) => sha256.slice(0, 32)

/** Where the media library serves a file stored as it is (audio; a picture's master). */
export const storedFileUrl = (sha256: string, extension: string) =>
  `${UPLOADED_MEDIA_PREFIX}${storedKey(sha256)}.${extension}`

/**
 * The artwork's widths on the pages, the only variants stored for it: every valid artwork (1400
 * px or more) has them.
 */
export const ARTWORK_WIDTHS = [320, 480, 640] as const

/** Where the media library serves a picture's variant of one width. */
export const storedVariantUrl = (sha256: string, width: number, format: 'avif' | 'webp') =>
  `${UPLOADED_MEDIA_PREFIX}${storedKey(sha256)}-${width}.${format}`

/** An MPEG audio Layer III frame header: 11 sync bits, a known version, layer bits 01. */
function isMp3Frame(b: Uint8Array, at: number): boolean {
  if (at + 4 > b.length) return false
  const version = (b[at + 1]! >> 3) & 0b11
  const layer = (b[at + 1]! >> 1) & 0b11
  const bitrate = b[at + 2]! >> 4
  const rate = (b[at + 2]! >> 2) & 0b11
  return (
    b[at] === 0xff &&
    (b[at + 1]! & 0xe0) === 0xe0 &&
    version !== 0b01 &&
    layer === 0b01 &&
    bitrate !== 0b1111 &&
    bitrate !== 0 &&
    rate !== 0b11
  )
}

const latin1 = (b: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...b.subarray(start, end))

function looksLikeMp3(b: Uint8Array): boolean {
  let at = 0
  if (latin1(b, 0, 3) === 'ID3' && b.length >= 10) {
    // ID3v2 size: four 7-bit bytes, plus the 10-byte header (and a 10-byte footer when flagged)
    const size =
      ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f)
    at = 10 + size + (b[5]! & 0x10 ? 10 : 0)
    // some taggers pad with zeros past the declared size
    const limit = Math.min(b.length, at + 4096)
    while (at < limit && b[at] === 0) at++
  }
  return isMp3Frame(b, at)
}

const looksLikeMp4 = (b: Uint8Array) => b.length >= 12 && latin1(b, 4, 8) === 'ftyp'

/** MP3 or M4A by the first bytes (after an ID3 tag), or undefined for anything else. */
export function sniffAudio(bytes: Uint8Array): AudioMimeType | undefined {
  if (looksLikeMp3(bytes)) return 'audio/mpeg'
  if (looksLikeMp4(bytes)) return 'audio/mp4'
  return undefined
}

const u32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0
const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A JPEG's frame header (SOF0–SOF15 but DHT, JPG and DAC): its height and width. */
function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let at = 2
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined
    const marker = b[at + 1]!
    if (marker === 0xff) {
      at++
      continue
    }
    // markers without a length
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    const length = u16(b, at + 2)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: u16(b, at + 5), width: u16(b, at + 7) }
    at += 2 + length
  }
  return undefined
}

/**
 * A JPEG's or PNG's type and size in pixels, from its header; undefined for anything else (a
 * picture that is not one of the two, or a header cut short).
 */
export function sniffArtwork(
  bytes: Uint8Array,
): { mime: ArtworkMimeType; width: number; height: number } | undefined {
  if (bytes.length > 24 && PNG_SIGNATURE.every((v, i) => bytes[i] === v)) {
    if (latin1(bytes, 12, 16) !== 'IHDR') return undefined
    return { mime: 'image/png', width: u32(bytes, 16), height: u32(bytes, 20) }
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes)
    return size && { mime: 'image/jpeg', ...size }
  }
  return undefined
}
