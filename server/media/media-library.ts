/**
 * The media library: saving pictures (checked and re-encoded by image-pipeline.ts) and audio
 * (checked by the feature that saves it), listing and searching them, their alt text and focal
 * point, deleting what nothing uses, and resolving a served file's name to its bytes. One
 * library per process, over the process's database (docs/media.md).
 *
 * The parts live in library/ (ADR 020): items.ts reads, save.ts saves, changes.ts changes and
 * deletes, files.ts serves files; types.ts holds the state they share. This module binds them.
 */
import { createBlobStore } from './blob-store.ts'
import { createByteCache } from './byte-cache.ts'
import { MediaInUse, removeItem, updateItem, usedBy } from './library/changes.ts'
import { findFile, openFile, readBlob, resolveName } from './library/files.ts'
import { getItem, listItems } from './library/items.ts'
import { saveBlob, saveImage } from './library/save.ts'
import {
  createQueue,
  type LibraryState,
  type MediaChanged,
  type MediaLibraryOptions,
  type UsedBy,
} from './library/types.ts'

export { MediaInUse }
export { downloadStem } from './library/files.ts'
export { cleanFileName } from './library/save.ts'
export {
  AUDIO_TYPES,
  BLOB_MAX_BYTES,
  NAME_TTL_MS,
  type BlobUpload,
  type ImageUpload,
  type MediaChanged,
  type MediaLibraryOptions,
  type SavedMedia,
  type ServedFile,
  type UsedBy,
} from './library/types.ts'

export function createMediaLibrary(options: MediaLibraryOptions) {
  const { database } = options
  const lib: LibraryState = {
    db: database.db,
    blobs: createBlobStore(database, options.dataDir),
    // Both engines: on SQLite, opening and streaming the file for each request answered a tenth
    // of the requests an answer from memory does (1,000 against 10,500 a second for a 62 KB AVIF,
    // wrk with 8 connections on a busy two-core machine; PostgreSQL: 370 against 15,300).
    cache: createByteCache(options.cacheBytes ?? 64 * 1024 * 1024),
    now: options.now ?? Date.now,
    names: new Map(),
    usages: new Map(),
    watchers: new Map(),
    processing: createQueue(),
    storing: createQueue(),
  }
  type Rest<F> = F extends (lib: LibraryState, ...rest: infer R) => infer T
    ? (...rest: R) => T
    : never
  const bound = <F extends (lib: LibraryState, ...rest: never[]) => unknown>(fn: F): Rest<F> =>
    ((...rest: never[]) => fn(lib, ...rest)) as Rest<F>
  return {
    saveImage: bound(saveImage),
    saveBlob: bound(saveBlob),
    readBlob: bound(readBlob),
    findFile: bound(findFile),
    get: bound(getItem),
    list: bound(listItems),
    update: bound(updateItem),
    remove: bound(removeItem),
    usedBy: bound(usedBy),
    resolve: bound(resolveName),
    open: bound(openFile),
    /** The in-memory cache of served bytes. */
    cache: lib.cache,
    /**
     * A feature reports who uses an asset (the content feature: which articles show a picture);
     * the library shows it and refuses to delete what is used. One function per feature name.
     */
    registerUsage(feature: string, uses: UsedBy) {
      lib.usages.set(feature, uses)
    },
    /** A feature hears of changes to an asset (its focal point moves a cropped picture). */
    onChange(feature: string, changed: MediaChanged) {
      lib.watchers.set(feature, changed)
    },
    /** SQLite: removes blob files no row names (a crash between writing and committing). */
    async sweep(): Promise<number> {
      return lib.storing(() =>
        lib.blobs.sweep(async (sha256s) => {
          if (sha256s.length === 0) return new Set()
          const rows = await lib.db
            .selectFrom('media_blob')
            .select('sha256')
            .where('sha256', 'in', sha256s)
            .execute()
          return new Set(rows.map((row) => row.sha256))
        }),
      )
    },
  }
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's media library, when the app serves media (AppOptions.media). */
    mediaLibrary?: MediaLibrary
  }
}
