import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { brotliQuality, compress, LARGE_BODY_BYTES } from './compress.ts'

describe('precompression', () => {
  it('keeps brotli 11 for pages and 9 for a body of megabytes (the feed at years of episodes)', () => {
    expect(brotliQuality(120 * 1024)).toBe(11)
    expect(brotliQuality(LARGE_BODY_BYTES)).toBe(11)
    expect(brotliQuality(LARGE_BODY_BYTES + 1)).toBe(9)
    expect(brotliQuality(8 * 1024 * 1024)).toBe(9)
  })

  it('gives forms that decode to the same bytes, small and large', async () => {
    for (const size of [4 * 1024, LARGE_BODY_BYTES + 4096]) {
      const line = '<item><title>An episode of the show</title></item>\n'
      const body = Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size))
      const { br, gzip } = await compress(body)
      expect(zlib.brotliDecompressSync(br!).equals(body)).toBe(true)
      expect(zlib.gunzipSync(gzip!).equals(body)).toBe(true)
    }
  })
})
