/**
 * A snapshot as its parts, each as comparable text: what a change changed (`changedParts`, which
 * the pages' dependency map reads: app/page-paths.ts) and the text of the whole
 * (`snapshotText`, hashed into the content's fingerprint: server/render/renderer.ts).
 *
 * A snapshot's parts are written out once, and each part's digest is kept with the snapshot (a
 * WeakMap: they go when the snapshot goes; digests, so that the text of the whole content is not
 * held twice). A load compares the new snapshot with the one before, which was the new one of
 * the load before, and fingerprints the new one: at ten years of episodes, writing every part
 * out again each time was a third of the time from a publish to its pages (issue 29).
 */
import crypto from 'node:crypto'
import { snapshotDocuments, type ContentSnapshot } from './snapshot.ts'

/**
 * The parts of the content a page can depend on: "settings", "site" and "media" (which every
 * page shows: header, footer, pictures), "page/<name>", "article/<slug>" (one per article, also
 * when it appears or goes), "redirects" (former article slugs), "podcast" (the show),
 * "episode/<slug>" (one per episode) and "letter/<slug>" (one per letter in the newsletter's
 * archive). The pages that use a part say so (app/page-paths.ts).
 */
export type ContentPart = string

const written = new WeakMap<ContentSnapshot, ReadonlyMap<ContentPart, string>>()

const digest = (text: string) => crypto.createHash('sha256').update(text).digest('base64url')

/** Every part of a snapshot with the digest of its content as text. */
function partsOf(snapshot: ContentSnapshot): ReadonlyMap<ContentPart, string> {
  const known = written.get(snapshot)
  if (known) return known
  const texts = new Map<ContentPart, string>()
  for (const document of snapshotDocuments(snapshot)) {
    // A document with a slug is its kind and slug ("article/marisol-vega"), as its page is.
    const part = document.slug ? `${document.kind}/${document.slug}` : document.key
    texts.set(part, JSON.stringify([document.data, document.body]))
  }
  // Uploaded pictures are not in the manifest document, but the pages draw them.
  texts.set('media', `${texts.get('media')}${JSON.stringify(snapshot.media.images)}`)
  texts.set('redirects', JSON.stringify(snapshot.redirects))
  for (const letter of snapshot.letters ?? [])
    texts.set(`letter/${letter.slug}`, JSON.stringify(letter))
  const parts = new Map([...texts].map(([part, text]) => [part, digest(text)] as const))
  written.set(snapshot, parts)
  return parts
}

/** The parts whose content differs between two snapshots (added and removed ones included). */
export function changedParts(before: ContentSnapshot, after: ContentSnapshot): ContentPart[] {
  const older = partsOf(before)
  const newer = partsOf(after)
  const changed = new Set<ContentPart>()
  for (const [part, text] of newer) if (older.get(part) !== text) changed.add(part)
  for (const part of older.keys()) if (!newer.has(part)) changed.add(part)
  return [...changed]
}

/**
 * A stable text of a whole snapshot, each part by its digest: the same content gives the same
 * text, whichever way it was read (content/, the database). Hashed, it tells whether two
 * snapshots render the same pages.
 */
export function snapshotText(snapshot: ContentSnapshot): string {
  return [...partsOf(snapshot)].map(([part, text]) => `${part}\n${text}`).join('\n\n')
}
