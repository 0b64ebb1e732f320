/** The sharp pipeline: what is kept of an upload (pixels) and what is not (every metadata). */
import { crc32 } from 'node:zlib'
import exifReader from 'exif-reader'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { GPS, testPicture } from '#server/test/media.ts'
import { MediaRefusal } from './errors.ts'
import { decoder, processImage, variantWidths } from './image-pipeline.ts'
import { IMAGE_LIMITS } from './limits.ts'

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => {
      if (!(error instanceof MediaRefusal)) throw error
      return error.message
    },
  )

/** A PNG of any declared size with one tiny IDAT chunk: a decompression bomb's header. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(0, 9) // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('processImage', () => {
  it('keeps no EXIF (GPS included), XMP, IPTC or ICC in the master or any variant', async () => {
    const upload = await testPicture({ width: 1200, height: 900, gps: true })
    // The upload does carry the location, in EXIF and in XMP.
    const uploaded = await sharp(upload).metadata()
    expect(exifReader(uploaded.exif!).GPSInfo).toMatchObject({
      GPSLatitudeRef: 'N',
      GPSLatitude: [39, 5, 59],
      GPSLongitude: [94, 34, 41],
    })
    expect(uploaded.xmpAsString).toContain('Kansas City')

    const image = await processImage(upload, { fileName: 'porch.jpg', declaredMime: 'image/jpeg' })
    const files = [image.master, ...image.variants]
    expect(files).toHaveLength(1 + 2 * 5)
    for (const file of files) {
      const metadata = await sharp(file.bytes).metadata()
      expect(metadata.format === 'heif' ? 'avif' : metadata.format).toBe(file.format)
      expect(metadata.exif, file.format).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
      expect(metadata.iptc).toBeUndefined()
      expect(metadata.icc).toBeUndefined()
      // Nor anywhere in the bytes: no EXIF header, no GPS rational of the latitude's seconds,
      // no words of the metadata.
      const text = file.bytes.toString('latin1')
      for (const trace of ['Exif\0\0', 'Kansas City', 'Ada Okafor', 'Test camera', 'xmpmeta'])
        expect(text, `${file.format} ${file.width}`).not.toContain(trace)
    }
    expect(GPS.GPSLatitude).toBe('39/1 5/1 59/1')
  })

  it('turns the picture upright and drops the orientation tag', async () => {
    // Stored 800 x 600 with "rotate 90° clockwise to view": the picture is 600 x 800.
    const upload = await testPicture({ width: 800, height: 600, orientation: 6 })
    const image = await processImage(upload, { fileName: 'tall.jpg' })
    expect([image.width, image.height]).toEqual([600, 800])
    expect([image.master.width, image.master.height]).toEqual([600, 800])
    for (const variant of image.variants) {
      expect(variant.height).toBeGreaterThan(variant.width)
      expect((await sharp(variant.bytes).metadata()).orientation).toBeUndefined()
    }
  })

  it('converts a Display P3 picture to sRGB instead of keeping its profile', async () => {
    const green = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 200, b: 0 } },
    })
      .withIccProfile('p3')
      .png()
      .toBuffer()
    expect((await sharp(green).metadata()).icc).toBeDefined()
    const image = await processImage(green, { fileName: 'green.png' })
    const [r, g, b] = await sharp(image.master.bytes).raw().toBuffer()
    // The same colour in sRGB numbers (not the P3 numbers read as if they were sRGB).
    expect(Math.abs(r! - 0) + Math.abs(g! - 200) + Math.abs(b! - 0)).toBeLessThan(12)
    expect((await sharp(image.master.bytes).metadata()).icc).toBeUndefined()
  })

  it('makes the widths no wider than the picture, AVIF and WebP at each, and the dominant colour', async () => {
    expect(variantWidths(4000)).toEqual([320, 480, 640, 960, 1440, 1600])
    expect(variantWidths(1000)).toEqual([320, 480, 640, 960, 1000])
    expect(variantWidths(200)).toEqual([200])
    // A feature that shows a picture at a few widths only (the podcast's artwork).
    expect(variantWidths(1600, [320, 480, 640])).toEqual([320, 480, 640])
    expect(variantWidths(400, [320, 480, 640])).toEqual([320, 400])
    const flat = await sharp({
      create: { width: 500, height: 300, channels: 3, background: '#1f4e79' },
    })
      .jpeg()
      .toBuffer()
    const image = await processImage(flat, { fileName: 'flat.jpg' })
    expect(image.variants.map((v) => `${v.format}-${v.width}x${v.height}`)).toEqual([
      'avif-320x192',
      'webp-320x192',
      'avif-480x288',
      'webp-480x288',
      'avif-500x300',
      'webp-500x300',
    ])
    // The build's manifest colour: sharp's dominant colour of the master (the histogram bin).
    const { dominant } = await sharp(image.master.bytes).stats()
    const hex = `#${[dominant.r, dominant.g, dominant.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`
    expect(image.color).toBe(hex)
    expect(image.master.format).toBe('jpeg')
  })

  it('keeps transparency: a PNG master and transparent variants', async () => {
    const upload = await testPicture({ width: 400, height: 300, format: 'png', alpha: true })
    const image = await processImage(upload, { fileName: 'logo.png' })
    expect(image.master.format).toBe('png')
    for (const file of [image.master, ...image.variants])
      expect((await sharp(file.bytes).metadata()).hasAlpha).toBe(true)
  })

  it('scales the master down to 3000 pixels on its longest side', async () => {
    const upload = await testPicture({ width: 3600, height: 1200, format: 'png' })
    const image = await processImage(upload, { fileName: 'wide.png' })
    expect([image.width, image.height]).toEqual([3600, 1200])
    expect([image.master.width, image.master.height]).toEqual([IMAGE_LIMITS.masterMaxSide, 1000])
  })

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    expect(await refusal(processImage(pngClaiming(9000, 9000), { fileName: 'bomb.png' }))).toBe(
      'The picture is 9000 × 9000 pixels (81 megapixels); the largest accepted is 64 megapixels and 16384 pixels on a side. Scale it down and upload it again.',
    )
    // The decoder itself refuses it too, should the header check ever let one through.
    await expect(decoder(pngClaiming(9000, 9000)).raw().toBuffer()).rejects.toThrow(/pixel limit/)
    expect(await refusal(processImage(pngClaiming(20_000, 10), { fileName: 'strip.png' }))).toMatch(
      /^The picture is 20000 × 10 pixels/,
    )
  })

  it('refuses what sharp cannot decode, and a file over 20 MB, with what is wrong', async () => {
    const jpeg = await testPicture({ width: 64, height: 64 })
    // A WebP container whose one chunk is not image data.
    const riff = Buffer.from('RIFF\x0c\x00\x00\x00WEBPJUNK\x00\x00\x00\x00', 'latin1')
    expect(await refusal(processImage(riff, { fileName: 'x.webp' }))).toMatch(
      /^The WebP picture could not be decoded \(.+\)\. Export it again from an image editor\.$/,
    )
    const huge = Buffer.concat([jpeg, Buffer.alloc(IMAGE_LIMITS.maxBytes)])
    expect(await refusal(processImage(huge, { fileName: 'x.jpg' }))).toMatch(
      /^The picture is just over 20 MB; the largest accepted is 20 MB\.$/,
    )
  })
})
