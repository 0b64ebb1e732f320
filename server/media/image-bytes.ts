/**
 * What an uploaded picture really is, read from its bytes before any decoder sees it, and the
 * polyglot rule (docs/media.md#what-is-refused, ADR 015). A picture is accepted only when:
 *
 * 1. its first bytes are those of a JPEG, PNG, WebP or AVIF file (magic numbers; AVIF: an ISO
 *    `ftyp` box naming the avif or avis brand);
 * 2. its structure can be walked from the first byte to its end (JPEG markers to EOI, PNG chunks
 *    to IEND, WebP's RIFF size and chunks, AVIF's top-level boxes), and after that end only zero
 *    bytes follow, except that a JPEG may be followed by further complete JPEG images, each
 *    checked the same way (the Multi-Picture Format phones use for gain and depth maps);
 * 3. no part of it is also a ZIP archive (an end-of-central-directory record whose comment
 *    reaches the last byte) or markup or script (`<script`, `<html>`, `<iframe`, `<svg` with
 *    `xmlns` or an event attribute, `<!doctype`, `javascript:`, … anywhere, in any case: MARKUP
 *    below), and a JPEG's first segment length is not "/*" (the JPEG/JavaScript polyglot);
 * 4. its declared type (the part's Content-Type) and the extension of its name, when they name
 *    a file type, name the type its bytes are.
 *
 * Whatever passes is then decoded by sharp, and only sharp's re-encodings are ever served.
 */
import path from 'node:path'
import { refuseFile } from './errors.ts'

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif'

export const IMAGE_FORMATS: Record<
  ImageFormat,
  { mime: string; label: string; extensions: readonly string[] }
> = {
  jpeg: { mime: 'image/jpeg', label: 'JPEG', extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  png: { mime: 'image/png', label: 'PNG', extensions: ['png'] },
  webp: { mime: 'image/webp', label: 'WebP', extensions: ['webp'] },
  avif: { mime: 'image/avif', label: 'AVIF', extensions: ['avif'] },
}

export const ACCEPTED = 'JPEG, PNG, WebP or AVIF'

/** Other names browsers and tools give the accepted types. */
const MIME_ALIASES: Record<string, ImageFormat> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/x-png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
}

/** Types a browser or curl sends when it does not know: they declare nothing. */
const UNDECLARED = new Set(['', 'application/octet-stream', 'binary/octet-stream'])

/** Extensions that name a file type: a name ending in one of these must match the bytes. */
const TYPED_EXTENSIONS = new Set([
  ...Object.values(IMAGE_FORMATS).flatMap((format) => format.extensions),
  ...['gif', 'svg', 'svgz', 'html', 'htm', 'xhtml', 'xml', 'js', 'mjs', 'cjs', 'php', 'zip'],
  ...['pdf', 'heic', 'heif', 'bmp', 'tif', 'tiff', 'ico', 'psd', 'mp4', 'mov', 'mp3', 'm4a'],
  ...['txt', 'exe', 'jar', 'docx', 'xlsx', 'pptx', 'json', 'css'],
])

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte)
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, to - from)).toString('latin1')

/** The brands of an ISO base media file's leading `ftyp` box (MP4, HEIC, AVIF), or undefined. */
function ftypBrands(bytes: Uint8Array): string[] | undefined {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return undefined
  const size = Buffer.from(bytes.buffer, bytes.byteOffset).readUInt32BE(0)
  const end = Math.min(size, bytes.length)
  const brands = [ascii(bytes, 8, 12)]
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4))
  return brands
}

/** What a file that is not an accepted picture appears to be, for the message. */
function describeOther(bytes: Uint8Array): string {
  const head = ascii(bytes, 0, Math.min(bytes.length, 512))
  const text = head.replace(/^\uFEFF|^[\s\u00EF\u00BB\u00BF]+/, '').toLowerCase()
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'a GIF image'
  if (text.startsWith('<')) {
    if (/<svg[\s>]/.test(text)) return 'an SVG drawing (SVG can carry scripts)'
    if (/^<(!doctype html|html|head|body|script)/.test(text)) return 'an HTML document'
    return 'an XML or HTML document'
  }
  if (head.startsWith('%PDF-')) return 'a PDF document'
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'a ZIP archive (or an Office document)'
  if (head.startsWith('BM')) return 'a BMP image'
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'a TIFF image'
  if (head.startsWith('8BPS')) return 'a Photoshop document'
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return 'an icon file'
  if (head.startsWith('RIFF') && ascii(bytes, 8, 12) === 'WAVE') return 'a WAV audio file'
  if (head.startsWith('RIFF') && ascii(bytes, 8, 12) === 'AVI ') return 'an AVI video'
  if (head.startsWith('ID3') || startsWith(bytes, [0xff, 0xfb])) return 'an MP3 audio file'
  if (head.startsWith('OggS')) return 'an Ogg audio or video file'
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'a WebM or Matroska video'
  if (head.startsWith('MZ')) return 'a Windows program'
  const brands = ftypBrands(bytes)
  if (brands?.some((brand) => /^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)))
    return 'a HEIC/HEIF photo (export it as JPEG first)'
  if (brands) return 'an MP4 or QuickTime file'
  if (/^[\t\n\r\x20-\x7e]*$/.test(head)) return 'a text file'
  return 'not a picture we can recognise'
}

/** The format the bytes are, or a refusal that says what they are instead. */
export function sniffImage(bytes: Uint8Array): ImageFormat {
  if (bytes.length === 0) throw refuseFile('The file is empty.')
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  const brands = ftypBrands(bytes)
  if (brands?.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif'
  throw refuseFile(`The file is ${describeOther(bytes)}, not a ${ACCEPTED} picture.`)
}

/** Checks the declared type and the name's extension against the format of the bytes. */
export function checkDeclaredType(
  format: ImageFormat,
  declaredMime: string | undefined,
  fileName: string,
) {
  const { label, mime, extensions } = IMAGE_FORMATS[format]
  const declared = (declaredMime ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (!UNDECLARED.has(declared) && MIME_ALIASES[declared] !== format) {
    throw refuseFile(
      `The file is declared as ${declared}, but its bytes are a ${label} picture (${mime}).`,
    )
  }
  const extension = path.extname(fileName).slice(1).toLowerCase()
  if (TYPED_EXTENSIONS.has(extension) && !extensions.includes(extension)) {
    throw refuseFile(
      `The file's name ends in .${extension}, but its bytes are a ${label} picture: rename it to .${extensions[0]}.`,
    )
  }
}

class Truncated extends Error {}

/**
 * Walks one JPEG stream from its SOI at `start` and returns the offset just past its EOI.
 * Entropy-coded data is skipped by the JPEG rule: 0xFF is followed by 0x00 (a stuffed byte) or
 * a restart marker inside it, by any other byte only at the next marker.
 */
function jpegEnd(bytes: Uint8Array, start: number): number {
  if (!startsWith(bytes, [0xff, 0xd8], start)) throw new Truncated()
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  let at = start + 2
  for (;;) {
    if (at >= bytes.length) throw new Truncated()
    if (bytes[at] !== 0xff) throw new Error('a JPEG marker was expected')
    while (bytes[at] === 0xff) at++
    if (at >= bytes.length) throw new Truncated()
    const marker = bytes[at]!
    at++
    if (marker === 0xd9) return at
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue
    if (at + 2 > bytes.length) throw new Truncated()
    const length = (bytes[at]! << 8) | bytes[at + 1]!
    if (length < 2) throw new Error('a JPEG segment has an impossible length')
    at += length
    if (at > bytes.length) throw new Truncated()
    if (marker !== 0xda) continue
    // Scan data runs until a 0xFF that is neither a stuffed byte nor a restart marker.
    for (;;) {
      const next = view.indexOf(0xff, at)
      if (next === -1 || next + 1 >= bytes.length) throw new Truncated()
      const following = bytes[next + 1]!
      if (following === 0x00 || (following >= 0xd0 && following <= 0xd7)) {
        at = next + 2
        continue
      }
      at = next
      break
    }
  }
}

/** Offset just past the PNG's IEND chunk. */
function pngEnd(bytes: Uint8Array): number {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  let at = 8
  let first = true
  for (;;) {
    if (at + 12 > bytes.length) throw new Truncated()
    const length = view.readUInt32BE(at)
    const type = ascii(bytes, at + 4, at + 8)
    if (!/^[A-Za-z]{4}$/.test(type)) throw new Error('a PNG chunk has an invalid type')
    if (first && type !== 'IHDR') throw new Error('a PNG must start with its IHDR chunk')
    first = false
    at += 12 + length
    if (at > bytes.length) throw new Truncated()
    if (type === 'IEND') return at
  }
}

/** Offset just past the WebP's RIFF container, whose chunks must fill it exactly. */
function webpEnd(bytes: Uint8Array): number {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  const riffEnd = 8 + view.readUInt32LE(4)
  if (riffEnd > bytes.length) throw new Truncated()
  let at = 12
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw new Error('a WebP chunk header runs past the file')
    const size = view.readUInt32LE(at + 4)
    at += 8 + size + (size % 2)
  }
  if (at !== riffEnd) throw new Error("the WebP's chunks do not fill its container")
  return riffEnd
}

/** Offset just past the last top-level ISO-BMFF box of an AVIF file. */
function avifEnd(bytes: Uint8Array): number {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  let at = 0
  while (at < bytes.length) {
    if (at + 8 > bytes.length) {
      // Fewer than 8 bytes cannot be a box; zeros are padding, anything else is not allowed.
      return at
    }
    let size = view.readUInt32BE(at)
    const type = ascii(bytes, at + 4, at + 8)
    if (size === 0 && type === '\0\0\0\0') return at
    if (!/^[\x20-\x7e]{4}$/.test(type)) throw new Error('an AVIF box has an invalid type')
    if (size === 1) {
      if (at + 16 > bytes.length) throw new Truncated()
      size = Number(view.readBigUInt64BE(at + 8))
    } else if (size === 0) {
      size = bytes.length - at
    }
    if (size < 8) throw new Error('an AVIF box has an impossible size')
    if (at + size > bytes.length) throw new Truncated()
    at += size
  }
  return at
}

function allZero(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) if (bytes[i] !== 0) return false
  return true
}

/** The bytes after a JPEG's EOI may be further whole JPEGs (MPF), then zero padding. */
function jpegTrailerEnd(bytes: Uint8Array, end: number): number {
  let at = end
  for (let images = 0; images < 16 && startsWith(bytes, [0xff, 0xd8, 0xff], at); images++) {
    at = jpegEnd(bytes, at)
    while (at < bytes.length && bytes[at] === 0) {
      // Zero padding between images: skip it only when another image follows.
      let next = at
      while (next < bytes.length && bytes[next] === 0) next++
      if (!startsWith(bytes, [0xff, 0xd8, 0xff], next)) break
      at = next
    }
  }
  return at
}

// Markup and script that a browser or interpreter would act on. Each needs at least six fixed
// bytes (an SVG tag also needs an xmlns or an event attribute after it), so compressed image
// data, which is close to random, matches one by chance less than once in ten thousand 20 MB
// files (six bytes: about 16 x 7 / 2^48 per position).
const MARKUP =
  /<(?:script|iframe|object|embed[\s>/]|html[\s>]|head[\s>]|body[\s>]|form[\s>]|!doctype|\?php\s|meta\s+http-equiv|svg[\s/>][^<>]{0,200}?(?:xmlns|\bon[a-z]+\s*=))|javascript:|vbscript:/i

/** Refuses a picture that is also a ZIP archive, markup or script (rule 3). */
function checkNotAlsoSomethingElse(bytes: Uint8Array, format: ImageFormat) {
  const { label } = IMAGE_FORMATS[format]
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  // ZIP readers look for the end-of-central-directory record from the end: 22 bytes plus a
  // comment of up to 65535, which must reach the file's last byte.
  const from = Math.max(0, bytes.length - 22 - 65_535)
  for (let at = view.lastIndexOf('PK\x05\x06', undefined, 'latin1'); at >= from;) {
    if (at + 22 <= bytes.length && at + 22 + view.readUInt16LE(at + 20) === bytes.length) {
      throw refuseFile(
        `The file is a ${label} picture and also a ZIP archive (a polyglot file), which is not accepted. Export the picture again from an image editor.`,
      )
    }
    at = at === 0 ? -1 : view.lastIndexOf('PK\x05\x06', at - 1, 'latin1')
  }
  const found = MARKUP.exec(view.toString('latin1'))
  if (found) {
    throw refuseFile(
      `The file is a ${label} picture that also contains web markup or script ("${found[0].toLowerCase()}" at byte ${found.index}), which is not accepted. Export the picture again from an image editor.`,
    )
  }
  if (format === 'jpeg' && bytes[4] === 0x2f && bytes[5] === 0x2a) {
    throw refuseFile(
      'The file is a JPEG picture built to be read as JavaScript too (its first segment starts a script comment), which is not accepted.',
    )
  }
}

/** Applies rules 2 and 3 to bytes that sniffImage took for `format`. */
export function checkImageStructure(bytes: Uint8Array, format: ImageFormat) {
  const { label } = IMAGE_FORMATS[format]
  let end: number
  try {
    if (format === 'jpeg') end = jpegTrailerEnd(bytes, jpegEnd(bytes, 0))
    else if (format === 'png') end = pngEnd(bytes)
    else if (format === 'webp') end = webpEnd(bytes)
    else end = avifEnd(bytes)
  } catch (error) {
    if (error instanceof Truncated)
      throw refuseFile(`The ${label} file is incomplete: it ends before the picture does.`)
    throw refuseFile(`The file is not a valid ${label} picture: ${(error as Error).message}.`)
  }
  if (!allZero(bytes, end)) {
    throw refuseFile(
      `The ${label} picture ends at byte ${end} of ${bytes.length}, and something else follows it (another file appended: a polyglot), which is not accepted. Export the picture again from an image editor.`,
    )
  }
  checkNotAlsoSomethingElse(bytes, format)
}
