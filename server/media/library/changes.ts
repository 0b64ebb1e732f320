/** Changing the library: an item's alt text and focal point, its uses, deleting it. */
import type { MediaItem, MediaUpdate, MediaUse } from '#common/media.ts'
import { MediaRefusal } from '../errors.ts'
import { assetById, getItem } from './items.ts'
import type { LibraryState } from './types.ts'

export async function updateItem(
  lib: LibraryState,
  id: string,
  change: MediaUpdate,
): Promise<MediaItem | undefined> {
  const asset = await assetById(lib, id)
  if (!asset) return undefined
  if (asset.kind !== 'image' && (change.alt !== undefined || change.focalX !== undefined)) {
    throw new MediaRefusal('Alt text and a focal point belong to pictures; this is audio.', {
      field: change.alt !== undefined ? 'alt' : 'focalX',
    })
  }
  await lib.db
    .updateTable('media_asset')
    .set({
      ...(change.alt !== undefined && { alt: change.alt }),
      ...(change.focalX !== undefined && { focal_x: change.focalX, focal_y: change.focalY }),
      updated_at: new Date(lib.now()).toISOString(),
    })
    .where('id', '=', id)
    .execute()
  const item = (await getItem(lib, id))!
  for (const changed of lib.watchers.values()) await changed(item)
  return item
}

/** Every use the registered features report, in the order they registered. */
export async function usedBy(lib: LibraryState, id: string): Promise<MediaUse[]> {
  const uses = await Promise.all([...lib.usages.values()].map((uses) => uses(id)))
  return uses.flat()
}

/** Deletes an asset that nothing uses; a blob another asset shares stays. */
export async function removeItem(lib: LibraryState, id: string): Promise<'deleted' | 'not-found'> {
  const asset = await assetById(lib, id)
  if (!asset) return 'not-found'
  const uses = await usedBy(lib, id)
  if (uses.length > 0) throw new MediaInUse(asset.kind, uses)
  const fileNames: string[] = []
  await lib.storing(async () => {
    const gone = await lib.db.transaction().execute(async (trx) => {
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
    await lib.blobs.discard(gone)
    for (const sha256 of gone) lib.cache.delete(sha256)
  })
  for (const name of fileNames) lib.names.delete(name)
  return 'deleted'
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
