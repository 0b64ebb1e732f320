/**
 * The render thread's kept version while no worker runs (render-thread.ts): packed with gzip at
 * its fast level, and the unpacked bytes given back at once. Released bytes would otherwise stay
 * until the next garbage collection, which an idle process may not have for hours: at 3,650
 * episodes that was 24 MB of an idle process's resident memory, after every quiet minute.
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const gzip = promisify(zlib.gzip)
const gunzip = promisify(zlib.gunzip)

/**
 * Gives the memory of bytes nothing else will read back now: detaches their ArrayBuffer (they
 * read as empty after). Bytes that are a view on part of a larger buffer are left as they are.
 */
export function release(bytes: Uint8Array): void {
  const buffer = bytes.buffer
  if (!(buffer instanceof ArrayBuffer) || buffer.detached) return
  if (bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return
  buffer.transfer(0)
}

/** The bytes packed, off the event loop (in libuv's threads). The bytes themselves are kept. */
export function pack(bytes: Uint8Array): Promise<Uint8Array> {
  return gzip(bytes, { level: 1 })
}

/** Bytes that `pack` made, unpacked: a copy of their own. */
export function unpack(packed: Uint8Array): Promise<Uint8Array> {
  return gunzip(packed)
}
