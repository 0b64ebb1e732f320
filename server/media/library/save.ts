/** Saving to the library: a picture (checked and re-encoded) or a feature's audio, as it is. */
import { formatSize, sizeOver } from '#common/sizes.ts'
import type { MediaAssetTable, MediaFileTable } from '#server/db/schema.ts'
import { newRowId } from '#server/db/ids.ts'
import { sha256Hex } from '../blob-store.ts'
import { MediaRefusal } from '../errors.ts'
import type { EncodedFile } from '../image-pipeline.ts'
import { getItem, itemByKey } from './items.ts'
import {
  AUDIO_TYPES,
  BLOB_MAX_BYTES,
  EXTENSION,
  type BlobUpload,
  type FileRow,
  type ImageUpload,
  type LibraryState,
  type SavedMedia,
} from './types.ts'

/** The upload's name without folders, control characters or more than 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return (clean || 'upload').slice(0, 200)
}

function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown }
  return (
    code === '23505' || (typeof message === 'string' && /UNIQUE constraint failed/i.test(message))
  )
}

/** An in-use or concurrent delete made a referenced blob vanish (PostgreSQL, foreign key). */
function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23503'
}

/** Writes an asset, its files and any blob not stored yet, in one transaction. */
export async function store(
  lib: LibraryState,
  asset: MediaAssetTable,
  files: FileRow[],
): Promise<SavedMedia> {
  const unique = new Map(files.map((file) => [file.sha256, file.bytes]))
  const attempt = () =>
    lib.storing(async () => {
      await lib.blobs.stage([...unique].map(([sha256, bytes]) => ({ sha256, bytes })))
      await lib.db.transaction().execute(async (trx) => {
        const createdAt = asset.created_at
        for (const [sha256, bytes] of unique) {
          const inserted = await trx
            .insertInto('media_blob')
            .values({ sha256, size: bytes.length, created_at: createdAt })
            .onConflict((conflict) => conflict.column('sha256').doNothing())
            .returning('sha256')
            .executeTakeFirst()
          if (inserted) await lib.blobs.insert(trx, { sha256, bytes })
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
    const existing = isUniqueViolation(error) ? await itemByKey(lib, asset.key) : undefined
    if (existing) return { item: existing, created: false }
    throw error
  }
  return { item: (await getItem(lib, asset.id))!, created: true }
}

export function newAsset(
  lib: LibraryState,
  bytes: Buffer,
  fields: Pick<MediaAssetTable, 'kind' | 'original_name' | 'mime' | 'created_by'> &
    Partial<MediaAssetTable>,
): MediaAssetTable {
  const sha256 = sha256Hex(bytes)
  const at = new Date(lib.now()).toISOString()
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

export const fileRow = (
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
export async function saveImage(lib: LibraryState, upload: ImageUpload): Promise<SavedMedia> {
  const keyedByMaster = upload.master === 'encode-keyed-by-master'
  if (!keyedByMaster) {
    const existing = await itemByKey(lib, sha256Hex(upload.bytes).slice(0, 32))
    if (existing) return { item: existing, created: false }
  }
  const fileName = cleanFileName(upload.fileName)
  // sharp (27 MB of memory, up to half a second to load) only once a picture comes.
  const { processImage } = await import('../image-pipeline.ts')
  const image = await lib.processing(() =>
    processImage(upload.bytes, {
      declaredMime: upload.declaredMime,
      fileName,
      master: upload.master === 'as-is' ? 'as-is' : 'encode',
      widths: upload.widths,
    }),
  )
  const named = keyedByMaster ? image.master.bytes : upload.bytes
  if (keyedByMaster) {
    const existing = await itemByKey(lib, sha256Hex(named).slice(0, 32))
    if (existing) return { item: existing, created: false }
  }
  const asset = newAsset(lib, named, {
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
  return store(lib, asset, files)
}

/**
 * Stores a file another feature has validated (the podcast's audio), as it is, at
 * /media/u/<key>.<ext>. The same bytes saved again answer the item already there.
 */
export async function saveBlob(lib: LibraryState, upload: BlobUpload): Promise<SavedMedia> {
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
      `The file is ${sizeOver(upload.bytes.length, BLOB_MAX_BYTES)}; the largest the media library stores is ${formatSize(BLOB_MAX_BYTES)}.`,
      { statusCode: 413, field: 'file' },
    )
  }
  const key = sha256Hex(upload.bytes).slice(0, 32)
  const existing = await itemByKey(lib, key)
  if (existing) return { item: existing, created: false }
  const asset = newAsset(lib, upload.bytes, {
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
  return store(lib, asset, [file])
}
