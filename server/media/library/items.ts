/** Reading the library: an item, by id or key, and the newest-first list with its search. */
import { sql } from 'kysely'
import type { MediaAssetTable, MediaFileTable } from '#server/db/schema.ts'
import { UPLOADED_ID_PREFIX, UPLOADED_MEDIA_PREFIX, type MediaItem } from '#common/media.ts'
import { MediaRefusal } from '../errors.ts'
import type { LibraryState } from './types.ts'

export async function filesOf(
  lib: LibraryState,
  assetIds: string[],
): Promise<Map<string, MediaFileTable[]>> {
  const byAsset = new Map<string, MediaFileTable[]>()
  if (assetIds.length === 0) return byAsset
  const rows = await lib.db
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

export function toItem(asset: MediaAssetTable, files: MediaFileTable[]): MediaItem {
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

export const assetById = (lib: LibraryState, id: string) =>
  lib.db.selectFrom('media_asset').selectAll().where('id', '=', id).executeTakeFirst()

export async function getItem(lib: LibraryState, id: string): Promise<MediaItem | undefined> {
  const asset = await assetById(lib, id)
  if (!asset) return undefined
  return toItem(asset, (await filesOf(lib, [id])).get(id) ?? [])
}

export async function itemByKey(lib: LibraryState, key: string): Promise<MediaItem | undefined> {
  const asset = await lib.db
    .selectFrom('media_asset')
    .select('id')
    .where('key', '=', key)
    .executeTakeFirst()
  return asset && getItem(lib, asset.id)
}

/** Newest first; `q` searches the file name and the alt text; `after` is the last page's cursor. */
export async function listItems(
  lib: LibraryState,
  query: {
    q?: string | undefined
    kind?: 'image' | 'audio' | undefined
    after?: string | undefined
    limit: number
  },
): Promise<{ items: MediaItem[]; next: string | null }> {
  let select = lib.db.selectFrom('media_asset').selectAll()
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
  const files = await filesOf(
    lib,
    page.map((row) => row.id),
  )
  const last = page.at(-1)
  return {
    items: page.map((row) => toItem(row, files.get(row.id) ?? [])),
    next:
      rows.length > query.limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
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
