/**
 * Uploaded pictures as content names them ("u/<key>", common/media.ts) and as the site's picture
 * components draw them: the manifest entry of a build picture (size, variant widths, colour) plus
 * the focal point. The content feature reads these when it checks and renders what staff wrote,
 * so a picture uploaded on one process can be published and rendered on any.
 */
import type { Kysely } from 'kysely'
import { UPLOADED_ID_PREFIX } from '#common/media.ts'
import type { ImageEntry } from '#common/content/media.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'

/** The entries of the uploaded pictures among `contentIds` that exist; others are left out. */
export async function uploadedImageEntries(
  db: Kysely<DatabaseSchema>,
  contentIds: readonly string[],
): Promise<Record<string, ImageEntry>> {
  const keys = [
    ...new Set(
      contentIds
        .filter((id) => id.startsWith(UPLOADED_ID_PREFIX))
        .map((id) => id.slice(UPLOADED_ID_PREFIX.length)),
    ),
  ]
  if (keys.length === 0) return {}
  const assets = await db
    .selectFrom('media_asset')
    .select(['id', 'key', 'width', 'height', 'color', 'focal_x', 'focal_y'])
    .where('kind', '=', 'image')
    .where('key', 'in', keys)
    .execute()
  if (assets.length === 0) return {}
  const variants = await db
    .selectFrom('media_file')
    .select(['asset_id', 'width'])
    .where(
      'asset_id',
      'in',
      assets.map((asset) => asset.id),
    )
    .where('role', '=', 'variant')
    .where('format', '=', 'webp')
    .execute()
  const entries: Record<string, ImageEntry> = {}
  for (const asset of assets) {
    const widths = variants
      .filter((variant) => variant.asset_id === asset.id && variant.width !== null)
      .map((variant) => Number(variant.width))
      .sort((a, b) => a - b)
    if (widths.length === 0 || asset.width === null || asset.height === null) continue
    entries[`${UPLOADED_ID_PREFIX}${asset.key}`] = {
      width: Number(asset.width),
      height: Number(asset.height),
      widths,
      color: asset.color ?? '#777777',
      ...(asset.focal_x !== null &&
        asset.focal_y !== null && {
          focal: { x: Number(asset.focal_x), y: Number(asset.focal_y) },
        }),
    }
  }
  return entries
}
