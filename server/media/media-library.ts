/**
 * The media library: saving pictures (checked and re-encoded by image-pipeline.ts) and audio
 * (checked by the feature that saves it), listing and searching them, their alt text and focal
 * point, deleting what nothing uses, and resolving a served file's name to its bytes. One
 * library per process, over the process's database (docs/media.md).
 */
import type { Database } from '#server/db/index.ts'
import type { MediaAssetTable, MediaFileTable } from '#server/db/schema.ts'
import { newRowId } from '#server/db/ids.ts'
import { slugify } from '#common/content/slug.ts'
import { sql } from 'kysely'
import type { Readable } from 'node:stream'
import {
  UPLOADED_FILE_NAME,
  UPLOADED_ID_PREFIX,
  UPLOADED_MEDIA_PREFIX,
  type MediaItem,
  type MediaUpdate,
  type MediaUse,
} from '#common/media.ts'
import { createBlobStore, sha256Hex, type BlobStore, type ByteRange } from './blob-store.ts'
import { createByteCache } from './byte-cache.ts'
import { MediaRefusal } from './errors.ts'
import type { EncodedFile } from './image-pipeline.ts'

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

const EXTENSION: Record<string, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' }

/** How long a process trusts a resolved name before asking the database again. */
export const NAME_TTL_MS = 60_000
const NAME_CACHE_MAX = 10_000

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

type FileRow = Omit<MediaFileTable, 'asset_id'> & { bytes: Buffer; sha256: string }

/** Runs one task at a time, in order of arrival. */
function createQueue() {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task)
    tail = run.catch(() => {})
    return run
  }
}

/** The upload's name without folders, control characters or more than 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return (clean || 'upload').slice(0, 200)
}

/** "Marisol's mural (final).JPG" -> "marisol-s-mural-final": ASCII, safe in any header. */
export function downloadStem(originalName: string): string {
  return slugify(originalName.replace(/\.[^.]*$/, '')) || 'media'
}

function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown }
  return (
    code === '23505' || (typeof message === 'string' && /UNIQUE constraint failed/i.test(message))
  )
}

function isMissingBlob(error: unknown): boolean {
  const { code } = error as { code?: unknown }
  return code === 'MEDIA_BLOB_MISSING' || code === 'ENOENT'
}

/** An in-use or concurrent delete made a referenced blob vanish (PostgreSQL, foreign key). */
function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23503'
}

export function createMediaLibrary(options: MediaLibraryOptions) {
  const { database } = options
  const { db } = database
  const blobs: BlobStore = createBlobStore(database, options.dataDir)
  // Both engines: on SQLite, opening and streaming the file for each request answered a tenth of
  // the requests an answer from memory does (1,000 against 10,500 a second for a 62 KB AVIF,
  // wrk with 8 connections on a busy two-core machine; PostgreSQL: 370 against 15,300).
  const cache = createByteCache(options.cacheBytes ?? 64 * 1024 * 1024)
  const now = options.now ?? Date.now
  const names = new Map<string, { file: ServedFile; until: number }>()
  const usages = new Map<string, UsedBy>()
  const watchers = new Map<string, MediaChanged>()
  // One picture is processed at a time: sharp already uses every core for one.
  const processing = createQueue()
  // Writes and deletes of blobs take turns within the process (files on SQLite).
  const storing = createQueue()

  async function filesOf(assetIds: string[]): Promise<Map<string, MediaFileTable[]>> {
    const byAsset = new Map<string, MediaFileTable[]>()
    if (assetIds.length === 0) return byAsset
    const rows = await db
      .selectFrom('media_file')
      .selectAll()
      .where('asset_id', 'in', assetIds)
      .orderBy('role')
      .orderBy('format')
      .orderBy('width')
      .execute()
    for (const row of rows) {
      const list = byAsset.get(row.asset_id) ?? []
      list.push(row)
      byAsset.set(row.asset_id, list)
    }
    return byAsset
  }

  function toItem(asset: MediaAssetTable, files: MediaFileTable[]): MediaItem {
    return {
      id: asset.id,
      contentId: `${UPLOADED_ID_PREFIX}${asset.key}`,
      kind: asset.kind,
      originalName: asset.original_name,
      mime: asset.mime,
      size: Number(asset.size),
      sha256: asset.sha256,
      width: asset.width,
      height: asset.height,
      color: asset.color,
      alt: asset.alt,
      focalPoint:
        asset.focal_x === null || asset.focal_y === null
          ? null
          : { x: Number(asset.focal_x), y: Number(asset.focal_y) },
      createdBy: asset.created_by,
      createdAt: asset.created_at,
      updatedAt: asset.updated_at,
      files: files.map((file) => ({
        url: `${UPLOADED_MEDIA_PREFIX}${file.name}`,
        role: file.role,
        format: file.format,
        mime: file.mime,
        size: Number(file.size),
        width: file.width,
        height: file.height,
      })),
    }
  }

  const assetById = (id: string) =>
    db.selectFrom('media_asset').selectAll().where('id', '=', id).executeTakeFirst()

  async function get(id: string): Promise<MediaItem | undefined> {
    const asset = await assetById(id)
    if (!asset) return undefined
    return toItem(asset, (await filesOf([id])).get(id) ?? [])
  }

  async function byKey(key: string): Promise<MediaItem | undefined> {
    const asset = await db
      .selectFrom('media_asset')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirst()
    return asset && get(asset.id)
  }

  /** Writes an asset, its files and any blob not stored yet, in one transaction. */
  async function store(asset: MediaAssetTable, files: FileRow[]): Promise<SavedMedia> {
    const unique = new Map(files.map((file) => [file.sha256, file.bytes]))
    const attempt = () =>
      storing(async () => {
        await blobs.stage([...unique].map(([sha256, bytes]) => ({ sha256, bytes })))
        await db.transaction().execute(async (trx) => {
          const createdAt = asset.created_at
          for (const [sha256, bytes] of unique) {
            const inserted = await trx
              .insertInto('media_blob')
              .values({ sha256, size: bytes.length, created_at: createdAt })
              .onConflict((conflict) => conflict.column('sha256').doNothing())
              .returning('sha256')
              .executeTakeFirst()
            if (inserted) await blobs.insert(trx, { sha256, bytes })
          }
          await trx.insertInto('media_asset').values(asset).execute()
          for (const { bytes: _bytes, ...file } of files) {
            await trx
              .insertInto('media_file')
              .values({ ...file, asset_id: asset.id })
              .execute()
          }
        })
      })
    try {
      await attempt().catch((error: unknown) => {
        // A delete elsewhere removed a blob this save counted on: the retry stores it anew.
        if (isForeignKeyViolation(error)) return attempt()
        throw error
      })
    } catch (error) {
      // The same bytes saved at the same moment by another request or process: answer theirs.
      const existing = isUniqueViolation(error) ? await byKey(asset.key) : undefined
      if (existing) return { item: existing, created: false }
      throw error
    }
    return { item: (await get(asset.id))!, created: true }
  }

  function newAsset(
    bytes: Buffer,
    fields: Pick<MediaAssetTable, 'kind' | 'original_name' | 'mime' | 'created_by'> &
      Partial<MediaAssetTable>,
  ): MediaAssetTable {
    const sha256 = sha256Hex(bytes)
    const at = new Date(now()).toISOString()
    return {
      id: newRowId(),
      key: sha256.slice(0, 32),
      sha256,
      size: bytes.length,
      width: null,
      height: null,
      color: null,
      alt: null,
      focal_x: null,
      focal_y: null,
      created_at: at,
      updated_at: at,
      ...fields,
    }
  }

  const fileRow = (
    name: string,
    role: MediaFileTable['role'],
    encoded: Pick<EncodedFile, 'bytes' | 'mime'> & {
      format: string
      width: number | null
      height: number | null
    },
  ): FileRow => ({
    name,
    role,
    format: encoded.format,
    mime: encoded.mime,
    size: encoded.bytes.length,
    width: encoded.width,
    height: encoded.height,
    bytes: encoded.bytes,
    sha256: sha256Hex(encoded.bytes),
  })

  /**
   * Checks, re-encodes and stores a picture. The same bytes uploaded again answer the item
   * already in the library (created: false), whose alt text stays as it was.
   */
  async function saveImage(upload: ImageUpload): Promise<SavedMedia> {
    const keyedByMaster = upload.master === 'encode-keyed-by-master'
    if (!keyedByMaster) {
      const existing = await byKey(sha256Hex(upload.bytes).slice(0, 32))
      if (existing) return { item: existing, created: false }
    }
    const fileName = cleanFileName(upload.fileName)
    // sharp (27 MB of memory, up to half a second to load) only once a picture comes.
    const { processImage } = await import('./image-pipeline.ts')
    const image = await processing(() =>
      processImage(upload.bytes, {
        declaredMime: upload.declaredMime,
        fileName,
        master: upload.master === 'as-is' ? 'as-is' : 'encode',
        widths: upload.widths,
      }),
    )
    const named = keyedByMaster ? image.master.bytes : upload.bytes
    if (keyedByMaster) {
      const existing = await byKey(sha256Hex(named).slice(0, 32))
      if (existing) return { item: existing, created: false }
    }
    const asset = newAsset(named, {
      kind: 'image',
      original_name: fileName,
      mime: `image/${image.format}`,
      created_by: upload.createdBy ?? null,
      width: image.width,
      height: image.height,
      color: image.color,
      alt: upload.alt,
      focal_x: upload.focalX ?? 0.5,
      focal_y: upload.focalY ?? 0.5,
    })
    const files = [
      fileRow(`${asset.key}.${EXTENSION[image.master.format]}`, 'master', image.master),
      ...image.variants.map((variant) =>
        fileRow(`${asset.key}-${variant.width}.${EXTENSION[variant.format]}`, 'variant', variant),
      ),
    ]
    return store(asset, files)
  }

  /**
   * Stores a file another feature has validated (the podcast's audio), as it is, at
   * /media/u/<key>.<ext>. The same bytes saved again answer the item already there.
   */
  async function saveBlob(upload: BlobUpload): Promise<SavedMedia> {
    const mime = upload.mime.split(';', 1)[0]!.trim().toLowerCase()
    const extension = AUDIO_TYPES[mime]
    if (upload.kind !== 'audio' || !extension) {
      throw new MediaRefusal(
        `The media library stores audio as ${Object.keys(AUDIO_TYPES).join(', ')}; ${mime || 'a file without a type'} is not one of them.`,
        { statusCode: 415, field: 'file' },
      )
    }
    if (upload.bytes.length === 0) throw new MediaRefusal('The file is empty.', { field: 'file' })
    if (upload.bytes.length > BLOB_MAX_BYTES) {
      throw new MediaRefusal(
        `The file is ${Math.round(upload.bytes.length / 1024 / 1024)} MB; the largest the media library stores is ${BLOB_MAX_BYTES / 1024 / 1024} MB.`,
        { statusCode: 413, field: 'file' },
      )
    }
    const key = sha256Hex(upload.bytes).slice(0, 32)
    const existing = await byKey(key)
    if (existing) return { item: existing, created: false }
    const asset = newAsset(upload.bytes, {
      kind: 'audio',
      original_name: cleanFileName(upload.fileName),
      mime,
      created_by: upload.createdBy ?? null,
    })
    const file = fileRow(`${asset.key}.${extension}`, 'audio', {
      bytes: upload.bytes,
      mime,
      format: extension,
      width: null,
      height: null,
    })
    return store(asset, [file])
  }

  /** Newest first; `q` searches the file name and the alt text; `after` is the last page's cursor. */
  async function list(query: {
    q?: string | undefined
    kind?: 'image' | 'audio' | undefined
    after?: string | undefined
    limit: number
  }): Promise<{ items: MediaItem[]; next: string | null }> {
    let select = db.selectFrom('media_asset').selectAll()
    if (query.kind) select = select.where('kind', '=', query.kind)
    if (query.q) {
      const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      select = select.where(
        sql<boolean>`(lower(original_name) like ${pattern} escape '\\' or lower(coalesce(alt, '')) like ${pattern} escape '\\')`,
      )
    }
    const cursor = query.after === undefined ? undefined : decodeCursor(query.after)
    if (cursor)
      select = select.where(sql<boolean>`(created_at, id) < (${cursor.createdAt}, ${cursor.id})`)
    const rows = await select
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute()
    const page = rows.slice(0, query.limit)
    const files = await filesOf(page.map((row) => row.id))
    const last = page.at(-1)
    return {
      items: page.map((row) => toItem(row, files.get(row.id) ?? [])),
      next:
        rows.length > query.limit && last
          ? encodeCursor({ createdAt: last.created_at, id: last.id })
          : null,
    }
  }

  async function update(id: string, change: MediaUpdate): Promise<MediaItem | undefined> {
    const asset = await assetById(id)
    if (!asset) return undefined
    if (asset.kind !== 'image' && (change.alt !== undefined || change.focalX !== undefined)) {
      throw new MediaRefusal('Alt text and a focal point belong to pictures; this is audio.', {
        field: change.alt !== undefined ? 'alt' : 'focalX',
      })
    }
    await db
      .updateTable('media_asset')
      .set({
        ...(change.alt !== undefined && { alt: change.alt }),
        ...(change.focalX !== undefined && { focal_x: change.focalX, focal_y: change.focalY }),
        updated_at: new Date(now()).toISOString(),
      })
      .where('id', '=', id)
      .execute()
    const item = (await get(id))!
    for (const changed of watchers.values()) await changed(item)
    return item
  }

  /** Every use the registered features report, in the order they registered. */
  async function usedBy(id: string): Promise<MediaUse[]> {
    const uses = await Promise.all([...usages.values()].map((usedBy) => usedBy(id)))
    return uses.flat()
  }

  /** Deletes an asset that nothing uses; a blob another asset shares stays. */
  async function remove(id: string): Promise<'deleted' | 'not-found'> {
    const asset = await assetById(id)
    if (!asset) return 'not-found'
    const uses = await usedBy(id)
    if (uses.length > 0) throw new MediaInUse(asset.kind, uses)
    const fileNames: string[] = []
    await storing(async () => {
      const gone = await db.transaction().execute(async (trx) => {
        const files = await trx
          .selectFrom('media_file')
          .select(['name', 'sha256'])
          .where('asset_id', '=', id)
          .execute()
        fileNames.push(...files.map((file) => file.name))
        await trx.deleteFrom('media_asset').where('id', '=', id).execute()
        const candidates = [...new Set(files.map((file) => file.sha256))]
        if (candidates.length === 0) return []
        const deleted = await trx
          .deleteFrom('media_blob')
          .where('sha256', 'in', candidates)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('media_file')
                  .select('media_file.name')
                  .whereRef('media_file.sha256', '=', 'media_blob.sha256'),
              ),
            ),
          )
          .returning('sha256')
          .execute()
        return deleted.map((row) => row.sha256)
      })
      await blobs.discard(gone)
      for (const sha256 of gone) cache.delete(sha256)
    })
    for (const name of fileNames) names.delete(name)
    return 'deleted'
  }

  /** The served file of a URL name, or undefined; names are trusted for NAME_TTL_MS. */
  async function resolve(name: string): Promise<ServedFile | undefined> {
    const known = names.get(name)
    if (known && known.until > now()) return known.file
    if (!UPLOADED_FILE_NAME.test(name)) return undefined
    const row = await db
      .selectFrom('media_file')
      .innerJoin('media_asset', 'media_asset.id', 'media_file.asset_id')
      .select([
        'media_file.name',
        'media_file.sha256',
        'media_file.mime',
        'media_file.size',
        'media_file.width',
        'media_file.role',
        'media_asset.original_name',
      ])
      .where('media_file.name', '=', name)
      .executeTakeFirst()
    if (!row) {
      names.delete(name)
      return undefined
    }
    const extension = name.slice(name.lastIndexOf('.') + 1)
    const suffix = row.role === 'variant' && row.width !== null ? `-${row.width}` : ''
    const file: ServedFile = {
      name: row.name,
      sha256: row.sha256,
      mime: row.mime,
      size: Number(row.size),
      downloadName: `${downloadStem(row.original_name)}${suffix}.${extension}`,
    }
    if (names.size >= NAME_CACHE_MAX) names.delete(names.keys().next().value!)
    names.set(name, { file, until: now() + NAME_TTL_MS })
    return file
  }

  /**
   * The bytes of a served file (or one range of them): from memory when cached, else read once
   * into the cache when small enough, else streamed from where they live; undefined when they
   * are no longer there.
   */
  async function open(file: ServedFile, range?: ByteRange): Promise<Buffer | Readable | undefined> {
    const cached = cache.get(file.sha256)
    if (cached) return range ? cached.subarray(range.start, range.end + 1) : cached
    try {
      if (cache.accepts(file.size)) {
        const bytes = await blobs.readAll(file.sha256, file.size)
        cache.set(file.sha256, bytes)
        return range ? bytes.subarray(range.start, range.end + 1) : bytes
      }
      return await blobs.stream(file.sha256, file.size, range)
    } catch (error) {
      // Deleted by another process since this one resolved the name: gone here too.
      if (!isMissingBlob(error)) throw error
      names.delete(file.name)
      return undefined
    }
  }

  /**
   * The file a feature names by the SHA-256 of its bytes (an episode's audio, the podcast's
   * artwork master): its served name, type, size and pixel size; undefined when none has them.
   */
  async function findFile(
    sha256: string,
    roles: readonly MediaFileTable['role'][],
  ): Promise<
    | { name: string; mime: string; size: number; width: number | null; height: number | null }
    | undefined
  > {
    const row = await db
      .selectFrom('media_file')
      .select(['name', 'mime', 'size', 'width', 'height'])
      .where('sha256', '=', sha256)
      .where('role', 'in', [...roles])
      .orderBy('name')
      .executeTakeFirst()
    return row && { ...row, size: Number(row.size) }
  }

  /**
   * The whole bytes of a stored file by its SHA-256 (an export of the content writes the audio
   * and the artwork with these); throws when no file has them.
   */
  async function readBlob(sha256: string, size: number): Promise<Buffer> {
    const cached = cache.get(sha256)
    if (cached) return cached
    const row = await db
      .selectFrom('media_blob')
      .select('sha256')
      .where('sha256', '=', sha256)
      .executeTakeFirst()
    if (!row)
      throw new MediaRefusal(`No stored file has the SHA-256 ${sha256}.`, { statusCode: 404 })
    return blobs.readAll(sha256, size)
  }

  return {
    saveImage,
    saveBlob,
    readBlob,
    findFile,
    get,
    list,
    update,
    remove,
    usedBy,
    resolve,
    open,
    /** The in-memory cache of served bytes. */
    cache,
    /**
     * A feature reports who uses an asset (the content feature: which articles show a picture);
     * the library shows it and refuses to delete what is used. One function per feature name.
     */
    registerUsage(feature: string, usedBy: UsedBy) {
      usages.set(feature, usedBy)
    },
    /** A feature hears of changes to an asset (its focal point moves a cropped picture). */
    onChange(feature: string, changed: MediaChanged) {
      watchers.set(feature, changed)
    },
    /** SQLite: removes blob files no row names (a crash between writing and committing). */
    async sweep(): Promise<number> {
      return storing(() =>
        blobs.sweep(async (sha256s) => {
          if (sha256s.length === 0) return new Set()
          const rows = await db
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

/** Deleting an asset that a feature still uses: 409, with the uses. */
export class MediaInUse extends MediaRefusal {
  override name = 'MediaInUse'
  readonly uses: MediaUse[]
  constructor(kind: 'image' | 'audio', uses: MediaUse[]) {
    const what = kind === 'image' ? 'picture' : 'audio file'
    const list = uses.map((use) => `${use.kind} "${use.title}"`).join(', ')
    super(`This ${what} is still used by ${list}. Remove it there first, then delete it.`, {
      statusCode: 409,
    })
    this.uses = uses
  }
}

function encodeCursor(cursor: { createdAt: string; id: string }): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url')
}

function decodeCursor(value: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(
      Buffer.from(value, 'base64url').toString('utf8'),
    ) as unknown[]
    if (typeof createdAt === 'string' && typeof id === 'string') return { createdAt, id }
  } catch {
    // Falls through to the refusal.
  }
  throw new MediaRefusal('The page cursor "after" is not one this API gave out.', {
    field: 'after',
  })
}
