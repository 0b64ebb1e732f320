/**
 * The most recently used blobs in memory, bounded by their total size: a hot file costs no
 * database query (PostgreSQL) and no file opened (SQLite). A blob never changes under its
 * SHA-256, so an entry is never stale; a deleted file stops being served because its name no
 * longer resolves (media-library.ts), not because its bytes leave this cache.
 */
export interface ByteCache {
  get(key: string): Buffer | undefined
  set(key: string, bytes: Buffer): void
  delete(key: string): void
  /** Whether a blob of this size is ever kept (larger ones are streamed each time). */
  accepts(size: number): boolean
  readonly bytes: number
  readonly entries: number
}

export function createByteCache(maxBytes: number, maxEntryBytes = Math.floor(maxBytes / 4)) {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Buffer>()
  let total = 0
  const cache: ByteCache = {
    get(key) {
      const bytes = entries.get(key)
      if (bytes) {
        entries.delete(key)
        entries.set(key, bytes)
      }
      return bytes
    },
    set(key, bytes) {
      if (!cache.accepts(bytes.length)) return
      cache.delete(key)
      entries.set(key, bytes)
      total += bytes.length
      for (const [oldest, old] of entries) {
        if (total <= maxBytes) break
        entries.delete(oldest)
        total -= old.length
      }
    },
    delete(key) {
      const bytes = entries.get(key)
      if (!bytes) return
      entries.delete(key)
      total -= bytes.length
    },
    accepts: (size) => size <= maxEntryBytes && size <= maxBytes,
    get bytes() {
      return total
    },
    get entries() {
      return entries.size
    },
  }
  return cache
}
