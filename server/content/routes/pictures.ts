/**
 * The pictures an editor sees and chooses: the build's (the media manifest, as published) and
 * the uploaded ones (server/media), with their alt text when the library has it.
 */
import * as contentApi from '#common/content-contracts.ts'
import { PicturesAnswerSchema } from '#common/content-admin-answers.ts'
import type { PicturePreview, PicturesAnswer } from '#common/content-admin.ts'
import { PicturesQuery } from '#common/content-admin-schemas.ts'
import {
  imageSource,
  mediaManifest,
  type ImageEntry,
  type MediaManifest,
} from '#common/content/media.ts'
import { mediaReferences } from '#common/content/media-references.ts'
import { UPLOADED_ID_PREFIX } from '#common/media.ts'
import { uploadedImageEntries } from '#server/media/content-pictures.ts'
import { EDITORS, type ContentRoutes } from './context.ts'

const EMPTY_MANIFEST: MediaManifest = { images: {}, videos: {}, awards: [], partners: [], og: {} }

/** The Markdown photos' media ids in a body (::photo[…]{image=…}). */
function photoIds(body: string | null): string[] {
  if (!body) return []
  return [...body.matchAll(/\bimage=["']?([a-z0-9][a-z0-9/-]*)/g)].map((match) => match[1]!)
}

/** Every media id a document's content names. */
export function pictureIds(content: { data: unknown; body: string | null } | null): string[] {
  if (!content) return []
  return [
    ...mediaReferences(content.data)
      .filter((reference) => reference.kind === 'image')
      .map((reference) => reference.id),
    ...photoIds(content.body),
  ]
}

/** One picture as the editor shows it. */
export function picturePreview(
  id: string,
  entry: ImageEntry,
  asset: { id: string; alt: string | null } | null,
): PicturePreview {
  const source = imageSource({ ...EMPTY_MANIFEST, images: { [id]: entry } }, id, '')!
  return {
    id,
    src: source.src,
    width: entry.width,
    height: entry.height,
    color: entry.color,
    uploaded: asset !== null,
    focalPoint: entry.focal ?? null,
    alt: asset?.alt ?? null,
    mediaId: asset?.id ?? null,
  }
}

/** The library items of uploaded pictures, by content id. */
async function uploadAssets(
  db: ContentRoutes['db'],
  contentIds: string[],
): Promise<Map<string, { id: string; alt: string | null }>> {
  const keys = contentIds.map((id) => id.slice(UPLOADED_ID_PREFIX.length))
  if (keys.length === 0) return new Map()
  const rows = await db
    .selectFrom('media_asset')
    .select(['id', 'key', 'alt'])
    .where('key', 'in', keys)
    .execute()
  return new Map(
    rows.map((row) => [`${UPLOADED_ID_PREFIX}${row.key}`, { id: row.id, alt: row.alt }]),
  )
}

/** The build's manifest as published, read again only when the content version changed. */
export type ManifestCache = { version: number; manifest: MediaManifest } | { version: -1 }

export async function publishedManifest(
  { repository }: ContentRoutes,
  cache: ManifestCache,
): Promise<MediaManifest> {
  const version = await repository.contentVersion()
  if (cache.version === version && 'manifest' in cache) return cache.manifest
  const state = await repository.getDocument('media').catch(() => undefined)
  const parsed = mediaManifest.safeParse(state?.published?.data)
  const manifest = parsed.success ? parsed.data : EMPTY_MANIFEST
  Object.assign(cache, { version, manifest })
  return manifest
}

/** The pictures a document names, by id, as the editor shows them. */
export async function picturePreviews(
  routes: ContentRoutes,
  cache: ManifestCache,
  ids: string[],
): Promise<Record<string, PicturePreview>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return {}
  const built = await publishedManifest(routes, cache)
  const uploads = await uploadedImageEntries(routes.db, unique)
  const assets = await uploadAssets(routes.db, Object.keys(uploads))
  const previews: Record<string, PicturePreview> = {}
  for (const id of unique) {
    const entry: ImageEntry | undefined = uploads[id] ?? built.images[id]
    if (entry) previews[id] = picturePreview(id, entry, assets.get(id) ?? null)
  }
  return previews
}

/**
 * What the build's pictures show, by id: the alt text the content gives each where it uses it
 * (`{ image, alt }`), the first found. The manifest has none of its own.
 */
function builtInAlts(documents: Iterable<unknown>): Map<string, string> {
  const alts = new Map<string, string>()
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (!value || typeof value !== 'object') return
    const { image, alt } = value as { image?: unknown; alt?: unknown }
    if (typeof image === 'string' && typeof alt === 'string' && alt.trim() && !alts.has(image))
      alts.set(image, alt.trim())
    Object.values(value).forEach(visit)
  }
  for (const data of documents) visit(data)
  return alts
}

/**
 * What the build's pictures in articles' photos show: `::photo[…]{image=… alt="…"}` in each
 * article's newest body (its draft's, else its published revision's), the first found.
 */
async function photoAlts(db: ContentRoutes['db'], alts: Map<string, string>): Promise<void> {
  const rows = await db
    .selectFrom('content_document as d')
    .leftJoin('content_revision as r', 'r.id', 'd.published_revision_id')
    .select(['d.draft_body', 'r.body'])
    .execute()
  for (const row of rows) {
    for (const [, attributes] of (row.draft_body ?? row.body ?? '').matchAll(
      /::photo\[[^\n]*?\]\{([^}\n]*)\}/g,
    )) {
      const image = /\bimage=["']?([a-z0-9][a-z0-9/-]*)/.exec(attributes!)?.[1]
      const alt = /\balt="([^"]*)"/.exec(attributes!)?.[1]?.replaceAll('&quot;', '"').trim()
      if (image && alt && !alts.has(image)) alts.set(image, alt)
    }
  }
}

/** GET /content/pictures: the picture chooser's list, uploaded ones first. */
export function pictureRoutes(routes: ContentRoutes, cache: ManifestCache) {
  const { media, db } = routes
  routes.backOffice.route(EDITORS, contentApi.pictures, {
    response: PicturesAnswerSchema,
    query: PicturesQuery,
    async handler({ query }) {
      const built = await publishedManifest(routes, cache)
      const alts = builtInAlts((await routes.repository.latestData()).values())
      await photoAlts(db, alts)
      const q = query.q?.toLowerCase()
      const pictures: PicturePreview[] = Object.entries(built.images)
        // Found by what they show as well as by id, as the chooser's search field says.
        .filter(([id]) => !q || id.includes(q) || alts.get(id)?.toLowerCase().includes(q))
        .map(([id, entry]) => ({ ...picturePreview(id, entry, null), alt: alts.get(id) ?? null }))
      if (media) {
        const uploads = await media.list({ kind: 'image', q: query.q || undefined, limit: 100 })
        const entries = await uploadedImageEntries(
          db,
          uploads.items.map((item) => item.contentId),
        )
        for (const item of uploads.items) {
          const entry = entries[item.contentId]
          if (entry)
            pictures.unshift(picturePreview(item.contentId, entry, { id: item.id, alt: item.alt }))
        }
      }
      return { pictures } satisfies PicturesAnswer
    },
  })
}
