/**
 * Where content names pictures and clips in its fields: the snapshot's cross-reference check and
 * the media library's "used by" (server/content/routes/pictures.ts) both walk document data.
 */

/** A media reference inside some document data: where it is and what it names. */
export interface MediaReference {
  field: string
  kind: 'image' | 'video'
  id: string
}

/**
 * The media ids a document's data refers to. Content names pictures in `image` (beside `alt`),
 * `portrait` and `poster` fields and clips in `video` fields; the schemas keep those names.
 */
export function mediaReferences(data: unknown, path: string[] = []): MediaReference[] {
  if (Array.isArray(data))
    return data.flatMap((item, i) => mediaReferences(item, [...path, `${i}`]))
  if (data === null || typeof data !== 'object') return []
  return Object.entries(data).flatMap(([key, value]): MediaReference[] => {
    const field = [...path, key].join('.')
    if (typeof value === 'string' && (key === 'image' || key === 'portrait' || key === 'poster'))
      return [{ field, kind: 'image', id: value }]
    if (typeof value === 'string' && key === 'video') return [{ field, kind: 'video', id: value }]
    return mediaReferences(value, [...path, key])
  })
}
