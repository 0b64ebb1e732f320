import { describe, expect, it } from 'vitest'
import { pack, release, unpack } from './packed-bytes.ts'

/** Bytes of their own buffer, like v8.serialize's: `size` bytes of repetitive text. */
const text = (size: number) => new Uint8Array(Buffer.from('a transcript line\n'.repeat(size / 18)))

describe('packed bytes', () => {
  it('packs to a fraction and unpacks to the same bytes', async () => {
    const bytes = text(1_000_000)
    const packed = await pack(bytes)
    expect(packed.byteLength).toBeLessThan(bytes.byteLength / 5)
    expect(Buffer.from(await unpack(packed)).equals(Buffer.from(bytes))).toBe(true)
  })

  it('gives the memory back at once when released, without waiting for a collection', () => {
    const bytes = text(32 * 1024 * 1024)
    const before = process.memoryUsage().arrayBuffers
    release(bytes)
    expect(bytes.buffer.detached).toBe(true)
    expect(bytes.byteLength).toBe(0)
    // Measured in the same run against the bytes' own size: 32 MB given back, not left to a GC.
    expect(before - process.memoryUsage().arrayBuffers).toBeGreaterThan(30 * 1024 * 1024)
  })

  it('leaves a view on part of a larger buffer, which others may still read', () => {
    const whole = new Uint8Array(1024).fill(7)
    const part = whole.subarray(0, 512)
    release(part)
    expect(whole.buffer.detached).toBe(false)
    expect(part[0]).toBe(7)
    release(whole)
    release(whole)
    expect(whole.byteLength).toBe(0)
  })
})
