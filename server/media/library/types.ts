/** The media library's shapes, limits and the state its functions share (docs/media.md). */
import type { MediaFileTable } from '#server/db/schema.ts'
import type { Database } from '#server/db/index.ts'
import type { MediaItem, MediaUse } from '#common/media.ts'
import type { BlobStore } from '../blob-store.ts'
import type { createByteCache } from '../byte-cache.ts'

/** Audio types the library stores for a feature, and the extension of their URLs. */
export const AUDIO_TYPES: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
}

/** The largest blob saveBlob takes (an hour of 320 kbit/s audio is 144 MB). */
export const BLOB_MAX_BYTES = 200 * 1024 * 1024

export const EXTENSION: Record<string, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
}

/** How long a process trusts a resolved name before asking the database again. */
export const NAME_TTL_MS = 60_000
export const NAME_CACHE_MAX = 10_000

export interface MediaLibraryOptions {
  database: Database
  /** DATA_DIR: on SQLite the bytes are files under DATA_DIR/media. */
  dataDir: string
  /** The in-memory cache of served bytes, in bytes (MEDIA_CACHE_MB). */
  cacheBytes?: number
  /** The clock (milliseconds), for tests that cross the name cache's lifetime. */
  now?: () => number
}

export interface SavedMedia {
  item: MediaItem
  /** False when the same bytes were in the library already: that item is answered. */
  created: boolean
}

/** A served file, found by its URL name. */
export interface ServedFile {
  name: string
  sha256: string
  mime: string
  size: number
  /** A safe name for Content-Disposition: the upload's name, cleaned, with this file's suffix. */
  downloadName: string
}

/** A feature's answer to "who uses this asset?" (the content feature: which articles). */
export type UsedBy = (mediaId: string) => Promise<MediaUse[]>

/** Told after an asset's alt text or focal point changed (the pages that show it change too). */
export type MediaChanged = (item: MediaItem) => Promise<void>

export interface ImageUpload {
  bytes: Buffer
  fileName: string
  declaredMime?: string | undefined
  alt: string
  focalX?: number
  focalY?: number
  createdBy?: string | null
  /**
   * `encode` (the default): the master is re-encoded and the item is found again by the uploaded
   * bytes. `encode-keyed-by-master`: the same, but the item (its URLs) is named by the master's
   * bytes, so that bringing the master back later (`as-is`) finds the same URLs. `as-is`: the
   * bytes are the master (a JPEG or PNG without metadata that this server made), for imports.
   */
  master?: 'encode' | 'encode-keyed-by-master' | 'as-is'
  /**
   * The variants' widths, when a feature's pages show only a few (the podcast's artwork: three,
   * which also keeps a 1600 px picture's processing about 80 MB lighter than every width).
   */
  widths?: readonly number[]
}

export interface BlobUpload {
  bytes: Buffer
  mime: string
  kind: 'audio'
  fileName: string
  createdBy?: string | null
}

export type FileRow = Omit<MediaFileTable, 'asset_id'> & { bytes: Buffer; sha256: string }

/** Runs one task at a time, in order of arrival. */
export type Queue = <T>(task: () => Promise<T>) => Promise<T>

export function createQueue(): Queue {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task)
    tail = run.catch(() => {})
    return run
  }
}

/** What every function of the library works with: one per process. */
export interface LibraryState {
  db: Database['db']
  blobs: BlobStore
  cache: ReturnType<typeof createByteCache>
  now: () => number
  /** Resolved URL names, trusted for NAME_TTL_MS. */
  names: Map<string, { file: ServedFile; until: number }>
  /** Who uses an asset, by feature. */
  usages: Map<string, UsedBy>
  /** Who hears of changes to an asset, by feature. */
  watchers: Map<string, MediaChanged>
  /** One picture is processed at a time: sharp already uses every core for one. */
  processing: Queue
  /** Writes and deletes of blobs take turns within the process (files on SQLite). */
  storing: Queue
}
