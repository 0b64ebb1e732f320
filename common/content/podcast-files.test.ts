import { describe, expect, it } from 'vitest'
import { UPLOADED_FILE_NAME, UPLOADED_MEDIA_PREFIX } from '../media.ts'
import { listStoredFiles } from './content-dir.ts'
import {
  roundDuration,
  sha256Hex,
  sniffArtwork,
  sniffAudio,
  storedFileUrl,
  storedVariantUrl,
} from './podcast-files.ts'

const sample = listStoredFiles('content')
const read = (path: string) => sample.get(path)!
/** The first box of an MP4 (M4A) file: its size, "ftyp" and the brand. */
const m4aHeader = Buffer.from('00000020667479704d344120000000004d34412069736f6d', 'hex')
/** A PNG's signature and the start of its header chunk, 512 × 512. */
const pngHeader = Buffer.from(
  '89504e470d0a1a0a0000000d494844520000020000000200080600000000000000',
  'hex',
)

describe('what a podcast file is, from its first bytes', () => {
  it('tells MP3 from M4A, and neither from anything else', () => {
    expect(sniffAudio(read('podcast/episodes/the-empty-panel.mp3'))).toBe('audio/mpeg')
    expect(sniffAudio(m4aHeader)).toBe('audio/mp4')
    expect(sniffAudio(read('podcast/artwork.jpg'))).toBeUndefined()
    expect(sniffAudio(Buffer.from('ID3'))).toBeUndefined()
    expect(sniffAudio(new Uint8Array())).toBeUndefined()
  })

  it('reads a JPEG’s and a PNG’s size from the header', () => {
    expect(sniffArtwork(read('podcast/artwork.jpg'))).toEqual({
      mime: 'image/jpeg',
      width: 1600,
      height: 1600,
    })
    expect(sniffArtwork(pngHeader)).toEqual({ mime: 'image/png', width: 512, height: 512 })
    expect(sniffArtwork(pngHeader.subarray(0, 20))).toBeUndefined()
    expect(sniffArtwork(Buffer.from('GIF89a...'))).toBeUndefined()
  })

  it('writes the addresses the media library serves', () => {
    const sha = sha256Hex(Buffer.from('episode'))
    const url = storedFileUrl(sha, 'mp3')
    expect(url).toBe(`${UPLOADED_MEDIA_PREFIX}${sha.slice(0, 32)}.mp3`)
    expect(url.slice(UPLOADED_MEDIA_PREFIX.length)).toMatch(UPLOADED_FILE_NAME)
    expect(storedVariantUrl(sha, 480, 'avif').slice(UPLOADED_MEDIA_PREFIX.length)).toMatch(
      UPLOADED_FILE_NAME,
    )
    expect(roundDuration(161.30612244897958)).toBe(161.306)
  })
})
