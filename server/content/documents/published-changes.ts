/**
 * What a process's render worker is given after a change: the published documents that differ
 * from the ones it took last, not all of them. Reading, parsing and sending every document on
 * each publish held a server's event loop for 300 ms at 3,650 episodes (issue 29); a settings
 * change or one episode's new title reads one document now, whatever the size of the site.
 *
 * A document is known by a stamp of its published revision, kind and slug (revisions are never
 * changed once written), and by the uploaded pictures it names, so that the pictures of the
 * whole site are read again at every change (a picture's details may change on their own).
 */
import type { ArchivedLetter } from '#common/newsletter-archive.ts'
import type { ContentDocument } from '#common/content/snapshot.ts'
import type { ContentChanges } from '#server/render/render-worker.ts'
import { uploadedImageEntries } from '#server/media/content-pictures.ts'
import { documentOfRow, uploadIdsOf, visibleAt, visibleRedirects } from './candidate.ts'
import type { ContentStore } from './types.ts'

/** Each document the worker took, by key: its stamp and the uploaded pictures it names. */
export type PublishedStamps = ReadonlyMap<string, { stamp: string; uploads: readonly string[] }>

export interface PublishedRead {
  /** Every document (nothing known to compare with), or only those that differ. */
  whole: boolean
  /** None visible: a database without content yet. */
  empty: boolean
  changes: ContentChanges
  /** What the worker knows once it has taken these changes. */
  stamps: PublishedStamps
}

/** Keys per query: well under every engine's limit of bound parameters. */
const KEYS_PER_QUERY = 500

const stampOf = (row: { revision: number | string | null; kind: string; slug: string | null }) =>
  `${row.revision}\0${row.kind}\0${row.slug ?? ''}`

/**
 * The documents visitors see at `at` that differ from `known` (all of them without it), the keys
 * of those no longer seen, and, whole, the redirects, the uploaded pictures every document names
 * and the newsletter's archive.
 */
export async function publishedChanges(
  { db }: ContentStore,
  at: Date,
  letters: readonly ArchivedLetter[] = [],
  known?: PublishedStamps,
): Promise<PublishedRead> {
  const iso = at.toISOString()
  const visible = await db
    .selectFrom('content_document as d')
    .select(['d.key', 'd.kind', 'd.slug', 'd.published_revision_id as revision'])
    .where('d.published_revision_id', 'is not', null)
    .where(visibleAt(iso))
    .execute()
  // Known and unchanged: kept as known, in one pass (this runs on every publish, on the thread
  // that answers requests).
  const stamps = new Map<string, { stamp: string; uploads: readonly string[] }>()
  const wanted: string[] = []
  for (const row of visible) {
    const entry = known?.get(row.key)
    if (entry !== undefined && entry.stamp === stampOf(row)) stamps.set(row.key, entry)
    else wanted.push(row.key)
  }
  const documents: ContentDocument[] = []
  for (let from = 0; from < wanted.length; from += KEYS_PER_QUERY) {
    const keys = wanted.slice(from, from + KEYS_PER_QUERY)
    const rows = await db
      .selectFrom('content_document as d')
      .innerJoin('content_revision as r', 'r.id', 'd.published_revision_id')
      .select(['d.key', 'd.kind', 'd.slug', 'd.published_revision_id as revision'])
      .select(['r.data', 'r.body'])
      .where('d.key', 'in', keys)
      .where(visibleAt(iso))
      .execute()
    for (const row of rows) {
      const document = documentOfRow(row)
      documents.push(document)
      // What was read, not what was listed: a publish in between is read again next time.
      stamps.set(row.key, { stamp: stampOf(row), uploads: [...uploadIdsOf([document])] })
    }
  }
  // Known and no longer seen (or gone between the two reads): removed.
  const removed: string[] = []
  for (const key of known?.keys() ?? []) if (!stamps.has(key)) removed.push(key)
  const pictures = new Set(
    uploadIdsOf(letters.map((letter) => ({ data: null, body: letter.body }))),
  )
  for (const entry of stamps.values()) for (const id of entry.uploads) pictures.add(id)
  return {
    whole: known === undefined,
    empty: visible.length === 0,
    changes: {
      documents,
      removed,
      redirects: await visibleRedirects(db, iso),
      uploads: pictures.size === 0 ? {} : await uploadedImageEntries(db, [...pictures]),
      letters: [...letters],
    },
    stamps,
  }
}
