import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { placeholderPoster } from './lazy-poster.ts'

describe('placeholderPoster', () => {
  it('is a one-pixel raster image of the still’s colour, with no request', async () => {
    const poster = placeholderPoster('#F8d8b8')
    expect(poster).toMatch(/^data:image\/gif;base64,/)
    const image = Buffer.from(poster.slice(poster.indexOf(',') + 1), 'base64')
    const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true })
    expect(info).toMatchObject({ format: 'raw', width: 1, height: 1 })
    expect([...data].slice(0, 3)).toEqual([0xf8, 0xd8, 0xb8])
  })

  it('refuses what is not a #rrggbb colour', () => {
    expect(() => placeholderPoster('teal')).toThrow(/expected a colour as #rrggbb, got "teal"/)
    expect(() => placeholderPoster('#abc')).toThrow(/#rrggbb/)
  })
})
