/** What an upload's bytes are, and the polyglot rule (image-bytes.ts), on files made here. */
import { beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { testPicture } from '#server/test/media.ts'
import { MediaRefusal } from './errors.ts'
import {
  checkDeclaredType,
  checkImageStructure,
  sniffImage,
  type ImageFormat,
} from './image-bytes.ts'

const pictures = {} as Record<ImageFormat, Buffer>
beforeAll(async () => {
  for (const format of ['jpeg', 'png', 'webp', 'avif'] as const)
    pictures[format] = await testPicture({ width: 64, height: 48, format })
})

/** The refusal's message, or 'accepted'. */
function verdict(check: () => void): string {
  try {
    check()
    return 'accepted'
  } catch (error) {
    if (!(error instanceof MediaRefusal)) throw error
    expect(error.field).toBe('file')
    return error.message
  }
}

const whole = (bytes: Buffer) => verdict(() => checkImageStructure(bytes, sniffImage(bytes)))

/** A JPEG with a comment segment (FF FE) right after its start marker. */
function withComment(jpeg: Buffer, comment: Buffer): Buffer {
  const length = Buffer.alloc(2)
  length.writeUInt16BE(comment.length + 2)
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    comment,
    jpeg.subarray(2),
  ])
}

describe('sniffImage', () => {
  it('reads the four accepted formats from their first bytes', () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const)
      expect(sniffImage(pictures[format])).toBe(format)
  })

  it('says what a refused file is instead', async () => {
    const gif = await sharp(pictures.png).gif().toBuffer()
    const cases: [Buffer, RegExp][] = [
      [gif, /is a GIF image, not a JPEG, PNG, WebP or AVIF picture/],
      [
        Buffer.from(
          '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        /an SVG drawing/,
      ],
      [Buffer.from('  <!DOCTYPE html><html><body>hi</body></html>'), /an HTML document/],
      [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), /a PDF document/],
      [Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'), /a ZIP archive/],
      [
        Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'),
        /a HEIC\/HEIF photo/,
      ],
      [Buffer.from('alert(document.cookie)'), /a text file/],
      [Buffer.from([0x00, 0x9f, 0x13, 0x37, 0xee]), /not a picture we can recognise/],
    ]
    for (const [bytes, message] of cases) expect(verdict(() => sniffImage(bytes))).toMatch(message)
    expect(verdict(() => sniffImage(Buffer.alloc(0)))).toBe('The file is empty.')
  })
})

describe('checkDeclaredType', () => {
  it('accepts a matching type, its aliases, and a type or name that declares nothing', () => {
    for (const [mime, name] of [
      ['image/jpeg', 'cover.JPG'],
      ['image/jpg', 'cover.jpeg'],
      ['application/octet-stream', 'cover.jpg'],
      ['', 'cover'],
      ['image/jpeg; charset=binary', 'IMG_2024.07.12'],
    ] as const)
      expect(verdict(() => checkDeclaredType('jpeg', mime, name))).toBe('accepted')
  })

  it('refuses a declared type or an extension that names another type', () => {
    expect(verdict(() => checkDeclaredType('jpeg', 'image/png', 'a.png'))).toBe(
      'The file is declared as image/png, but its bytes are a JPEG picture (image/jpeg).',
    )
    expect(verdict(() => checkDeclaredType('png', 'image/svg+xml', 'a.svg'))).toMatch(
      /declared as image\/svg\+xml/,
    )
    expect(verdict(() => checkDeclaredType('jpeg', 'image/jpeg', 'photo.jpg.html'))).toMatch(
      /name ends in \.html, but its bytes are a JPEG picture/,
    )
    expect(verdict(() => checkDeclaredType('webp', '', 'photo.png'))).toMatch(/rename it to \.webp/)
  })
})

describe('checkImageStructure: the polyglot rule', () => {
  it('accepts each format as an encoder writes it', () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const)
      expect(whole(pictures[format])).toBe('accepted')
  })

  it('refuses another file appended after the end of a JPEG, PNG, WebP or AVIF', () => {
    const zip = Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00payload.js', 'latin1')
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      for (const appended of [zip, html, Buffer.from('x')]) {
        expect(whole(Buffer.concat([pictures[format], appended]))).toMatch(
          /and something else follows it \(another file appended: a polyglot\)|incomplete|not a valid/,
        )
      }
    }
    expect(whole(Buffer.concat([pictures.jpeg, zip]))).toMatch(
      /^The JPEG picture ends at byte \d+ of \d+, and something else follows it/,
    )
    expect(whole(Buffer.concat([pictures.png, html]))).toMatch(/^The PNG picture ends at byte/)
  })

  it('accepts zero padding, and whole JPEGs after a JPEG (MPF gain maps), but nothing after those', () => {
    expect(whole(Buffer.concat([pictures.jpeg, Buffer.alloc(100)]))).toBe('accepted')
    expect(whole(Buffer.concat([pictures.png, Buffer.alloc(3)]))).toBe('accepted')
    const mpf = Buffer.concat([pictures.jpeg, pictures.jpeg, Buffer.alloc(8), pictures.jpeg])
    expect(whole(mpf)).toBe('accepted')
    expect(whole(Buffer.concat([mpf, Buffer.from('PK\x05\x06')]))).toMatch(/something else follows/)
  })

  it('refuses a picture whose inside is also a ZIP archive (its end record reaching the last byte)', () => {
    // The end-of-central-directory record sits in a comment segment, and its comment length
    // covers the rest of the JPEG: unzip would read the file as an archive.
    const tail = pictures.jpeg.length - 2
    const record = Buffer.alloc(22)
    record.write('PK\x05\x06', 0, 'latin1')
    record.writeUInt16LE(tail, 20)
    const polyglot = withComment(pictures.jpeg, record)
    expect(polyglot.length).toBe(4 + 22 + 2 + tail)
    expect(whole(polyglot)).toBe(
      'The file is a JPEG picture and also a ZIP archive (a polyglot file), which is not accepted. Export the picture again from an image editor.',
    )
    // The same record with a comment that does not reach the end is just bytes.
    record.writeUInt16LE(tail - 1, 20)
    expect(whole(withComment(pictures.jpeg, record))).toBe('accepted')
  })

  it('refuses markup or script anywhere in the bytes, in any case', () => {
    for (const payload of [
      '<script>alert(1)</script>',
      '<SVG onload=alert(1)>',
      'JavaScript:alert(1)',
      '<!DocType html>',
      '<iframe src=x>',
    ])
      expect(whole(withComment(pictures.jpeg, Buffer.from(payload)))).toMatch(
        /^The file is a JPEG picture that also contains web markup or script \(".+" at byte \d+\)/,
      )
    // An SVG tag without a namespace or an event attribute is inert; XMP metadata is XML.
    expect(whole(withComment(pictures.jpeg, Buffer.from('<svg width=2>')))).toBe('accepted')
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>'
    expect(whole(withComment(pictures.jpeg, Buffer.from(xmp)))).toBe('accepted')
  })

  it('refuses the JPEG/JavaScript polyglot whose first segment length reads "/*"', () => {
    const segment = Buffer.alloc(0x2f2a - 2, 0x20)
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x2f, 0x2a]),
      segment,
      pictures.jpeg.subarray(2),
    ])
    expect(whole(polyglot)).toMatch(/built to be read as JavaScript too/)
  })

  it('refuses a truncated file and a broken structure with what is wrong', () => {
    expect(whole(pictures.jpeg.subarray(0, pictures.jpeg.length - 40))).toBe(
      'The JPEG file is incomplete: it ends before the picture does.',
    )
    expect(whole(pictures.png.subarray(0, 60))).toMatch(/PNG file is incomplete/)
    const webp = Buffer.from(pictures.webp)
    webp.writeUInt32LE(webp.readUInt32LE(4) - 2, 4)
    expect(whole(webp)).toMatch(
      /not a valid WebP picture: the WebP's chunks do not fill its container/,
    )
  })
})
