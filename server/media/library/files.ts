/** Serving the library's files: a URL name to its bytes, a feature's file by its SHA-256. */
import type { Readable } from 'node:stream'
import type { MediaFileTable } from '#server/db/schema.ts'
import { slugify } from '#common/content/slug.ts'
import { UPLOADED_FILE_NAME } from '#common/media.ts'
import type { ByteRange } from '../blob-store.ts'
import { MediaRefusal } from '../errors.ts'
import { NAME_CACHE_MAX, NAME_TTL_MS, type LibraryState, type ServedFile } from './types.ts'

/** "Marisol's mural (final).JPG" -> "marisol-s-mural-final": ASCII, safe in any header. */
export function downloadStem(originalName: string): string {
  return slugify(originalName.replace(/\.[^.]*$/, '')) || 'media'
}

function isMissingBlob(error: unknown): boolean {
  const { code } = error as { code?: unknown }
  return code === 'MEDIA_BLOB_MISSING' || code === 'ENOENT'
}

/** The served file of a URL name, or undefined; names are trusted for NAME_TTL_MS. */
export async function resolveName(
  lib: LibraryState,
  name: string,
): Promise<ServedFile | undefined> {
  const known = lib.names.get(name)
  if (known && known.until > lib.now()) return known.file
  if (!UPLOADED_FILE_NAME.test(name)) return undefined
  const row = await lib.db
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
    lib.names.delete(name)
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
  if (lib.names.size >= NAME_CACHE_MAX) lib.names.delete(lib.names.keys().next().value!)
  lib.names.set(name, { file, until: lib.now() + NAME_TTL_MS })
  return file
}

/**
 * The bytes of a served file (or one range of them): from memory when cached, else read once
 * into the cache when small enough, else streamed from where they live; undefined when they
 * are no longer there.
 */
export async function openFile(
  lib: LibraryState,
  file: ServedFile,
  range?: ByteRange,
): Promise<Buffer | Readable | undefined> {
  const cached = lib.cache.get(file.sha256)
  if (cached) return range ? cached.subarray(range.start, range.end + 1) : cached
  try {
    if (lib.cache.accepts(file.size)) {
      const bytes = await lib.blobs.readAll(file.sha256, file.size)
      lib.cache.set(file.sha256, bytes)
      return range ? bytes.subarray(range.start, range.end + 1) : bytes
    }
    return await lib.blobs.stream(file.sha256, file.size, range)
  } catch (error) {
    // Deleted by another process since this one resolved the name: gone here too.
    if (!isMissingBlob(error)) throw error
    lib.names.delete(file.name)
    return undefined
  }
}

/**
 * The file a feature names by the SHA-256 of its bytes (an episode's audio, the podcast's
 * artwork master): its served name, type, size and pixel size; undefined when none has them.
 */
export async function findFile(
  lib: LibraryState,
  sha256: string,
  roles: readonly MediaFileTable['role'][],
): Promise<
  | { name: string; mime: string; size: number; width: number | null; height: number | null }
  | undefined
> {
  const row = await lib.db
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
export async function readBlob(lib: LibraryState, sha256: string, size: number): Promise<Buffer> {
  const cached = lib.cache.get(sha256)
  if (cached) return cached
  const row = await lib.db
    .selectFrom('media_blob')
    .select('sha256')
    .where('sha256', '=', sha256)
    .executeTakeFirst()
  if (!row) throw new MediaRefusal(`No stored file has the SHA-256 ${sha256}.`, { statusCode: 404 })
  return lib.blobs.readAll(sha256, size)
}
