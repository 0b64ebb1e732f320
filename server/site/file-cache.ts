/**
 * Keeps the bytes of the site's small files in memory after their first request, so a page, a
 * script or a data file is answered from a Buffer instead of opening a read stream each time
 * (the build does not change while the server runs: it is indexed once at start-up). Large files
 * (video) and anything beyond the memory budget are streamed from disk as before.
 */
import fs from 'node:fs'

export interface FileCacheOptions {
  /** Files larger than this are always streamed. */
  maxFileBytes?: number
  /** Bytes kept in all; once reached, further files are streamed. */
  maxTotalBytes?: number
}

export function createFileCache(options: FileCacheOptions = {}) {
  const maxFileBytes = options.maxFileBytes ?? 512 * 1024
  const maxTotalBytes = options.maxTotalBytes ?? 64 * 1024 * 1024
  const cached = new Map<string, Buffer>()
  let totalBytes = 0

  return {
    /** The file's bytes, or undefined when it is to be streamed. size is its indexed size. */
    get(absolutePath: string, size: number): Buffer | undefined {
      const hit = cached.get(absolutePath)
      if (hit) return hit
      if (size > maxFileBytes || totalBytes + size > maxTotalBytes) return undefined
      const bytes = fs.readFileSync(absolutePath)
      // A file that changed since the index would not match its indexed headers: stream it.
      if (bytes.length !== size) return undefined
      cached.set(absolutePath, bytes)
      totalBytes += bytes.length
      return bytes
    },
    get totalBytes() {
      return totalBytes
    },
  }
}
