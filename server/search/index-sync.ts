/**
 * Keeps the search index equal to what is published (docs/search.md). The index is derived data:
 * a sync compares the documents the index holds (search_source: revision, slug, visibility) with
 * content_document and indexes again only those that differ, and re-reads the catalogue when its
 * version moved. It runs whenever the content or catalogue version differs from the one the
 * index last reflected (search_state): before every search, and on a timer in every process, so
 * a publish, an unpublish, a slug change, an import or a catalogue sync is searchable at once and
 * nothing taken down is found. One sync at a time across processes (BEGIN IMMEDIATE on SQLite,
 * an advisory lock on PostgreSQL); the loser finds the work done.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import { wordsOf } from '#common/search.ts'
import type { Database } from '#server/db/index.ts'
import { serialisedWrite } from '#server/db/serialised-write.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'
import {
  courseEntry,
  episodeVisibleFrom,
  type IndexEntry,
  type IndexedDocument,
} from './entries.ts'
import { startEntriesThread, type EntriesThread } from './entries-thread.ts'

type Db = Kysely<DatabaseSchema>

/** pg_advisory_xact_lock(key1, key2): "LLL" (the site) and 500 (the search index). */
const LOCK_KEYS = [0x4c4c4c, 500] as const
const INDEXED_KINDS = ['article', 'episode', 'page'] as const
/** Rows per insert: well under either engine's limit of bound parameters. */
const BATCH = 200
/** Documents read for their entries per round trip to the entries thread. */
const PREPARE = 25
/** How long one transaction of a sync indexes before it lets others in (see syncSearchIndex). */
const SLICE_MS = 25
/** Words shorter than this are not worth a near spelling. */
export const MIN_FUZZY_LENGTH = 4

interface Versions {
  content: number
  catalogue: number
}

async function versions(db: Db): Promise<{ source: Versions; indexed: Versions }> {
  const row = await db
    .selectFrom('search_state as s')
    .select((eb) => [
      's.content_version',
      's.catalogue_version',
      eb.selectFrom('content_state').select('version').where('id', '=', 1).as('content'),
      eb.selectFrom('catalogue_sync').select('version').where('id', '=', 1).as('catalogue'),
    ])
    .where('s.id', '=', 1)
    .executeTakeFirstOrThrow()
  return {
    source: { content: Number(row.content ?? 0), catalogue: Number(row.catalogue ?? 0) },
    indexed: { content: Number(row.content_version), catalogue: Number(row.catalogue_version) },
  }
}

/** One index writer at a time across processes (server/db/serialised-write.ts). */
function write<T>(database: Database, fn: (trx: Db) => Promise<T>): Promise<T> {
  return serialisedWrite(database, LOCK_KEYS, fn)
}

async function insertEntries(trx: Db, key: string, visibleFrom: string, entries: IndexEntry[]) {
  for (let i = 0; i < entries.length; i += BATCH)
    await trx
      .insertInto('search_entry')
      .values(
        entries.slice(i, i + BATCH).map((entry) => ({
          document_key: key,
          kind: entry.kind,
          line: entry.line ? 1 : 0,
          visible_from: visibleFrom,
          url: entry.url,
          display_title: entry.displayTitle,
          speaker: entry.speaker,
          seconds: entry.seconds,
          title: entry.title,
          body: entry.body,
        })),
      )
      .execute()
  const words = new Set<string>()
  for (const entry of entries)
    for (const word of wordsOf(`${entry.title} ${entry.body}`))
      if (word.length >= MIN_FUZZY_LENGTH && !/^\d+$/.test(word)) words.add(word)
  const list = [...words]
  for (let i = 0; i < list.length; i += BATCH)
    await trx
      .insertInto('search_word')
      .values(list.slice(i, i + BATCH).map((word) => ({ word })))
      .onConflict((conflict) => conflict.column('word').doNothing())
      .execute()
}

async function removeDocument(trx: Db, key: string) {
  await trx.deleteFrom('search_entry').where('document_key', '=', key).execute()
  await trx.deleteFrom('search_source').where('document_key', '=', key).execute()
}

interface Wanted {
  revisionId: string
  slug: string | null
  kind: string
  visibleFrom: string
}

/** Published documents the index holds (search_source `s` beside content_document `d`). */
const isIndexed = (eb: ExpressionBuilder<JoinedRows, 'd'>) =>
  eb.and([
    eb('d.status', 'in', ['published', 'scheduled']),
    eb('d.published_revision_id', 'is not', null),
    eb('d.kind', 'in', INDEXED_KINDS),
  ])

type JoinedRows = {
  d: DatabaseSchema['content_document']
  s: DatabaseSchema['search_source']
}

/** When a published document may be found: '' for now, its publication time when scheduled. */
const visibleFromOf = (eb: ExpressionBuilder<JoinedRows, 'd'>) =>
  eb
    .case()
    .when('d.status', '=', 'published')
    .then('')
    .else(eb.fn.coalesce('d.publish_at', sql.lit('')))
    .end()

/** The index's entry for a document is not for its published revision, slug or visibility. */
const differs = (eb: ExpressionBuilder<JoinedRows, 'd' | 's'>) =>
  eb.or([
    eb('d.published_revision_id', '<>', eb.ref('s.revision_id')),
    eb('d.slug', 'is distinct from', eb.ref('s.slug')),
    eb(visibleFromOf(eb), '<>', eb.ref('s.visible_from')),
  ])

/**
 * What the index must do to equal the published documents: what to drop, what to add. The
 * database compares the two tables: reading both whole into the process held a server's event
 * loop for 25–45 ms on each publish at 3,650 episodes on SQLite (issue 29); these two queries
 * return only the documents that differ.
 */
async function staleDocuments(trx: Db): Promise<string[]> {
  const stale = await trx
    .selectFrom('search_source as s')
    .leftJoin('content_document as d', (join) =>
      join.onRef('d.key', '=', 's.document_key').on(isIndexed),
    )
    .select('s.document_key')
    .where((eb) => eb.or([eb('d.key', 'is', null), differs(eb)]))
    .orderBy('s.document_key')
    .execute()
  return stale.map((row) => row.document_key)
}

async function missingDocuments(trx: Db): Promise<[string, Wanted][]> {
  const missing = await trx
    .selectFrom('content_document as d')
    .leftJoin('search_source as s', 's.document_key', 'd.key')
    .select(['d.key', 'd.kind', 'd.slug', 'd.published_revision_id'])
    .select((eb) => visibleFromOf(eb).as('visible_from'))
    .where(isIndexed)
    .where((eb) => eb.or([eb('s.document_key', 'is', null), differs(eb)]))
    .orderBy('d.key')
    .execute()
  return missing.map((row): [string, Wanted] => [
    row.key,
    {
      revisionId: row.published_revision_id!,
      slug: row.slug,
      kind: row.kind,
      visibleFrom: row.visible_from,
    },
  ])
}

/** A document's entries, made before the transaction that writes them. */
interface Prepared {
  want: Wanted
  visibleFrom: string
  entries: IndexEntry[]
}

const sameWant = (a: Wanted, b: Wanted) =>
  a.revisionId === b.revisionId &&
  a.slug === b.slug &&
  a.kind === b.kind &&
  a.visibleFrom === b.visibleFrom

/**
 * Makes the entries of the next PREPARE documents to index that `prepared` lacks, outside any
 * transaction and on the entries thread (./entries-thread.ts): reading a body for its words is
 * the costly part of indexing, and the write transaction then only writes rows.
 */
async function prepareNext(db: Db, thread: EntriesThread, prepared: Map<string, Prepared>) {
  const next = (await missingDocuments(db))
    .filter(([key, want]) => {
      const ready = prepared.get(key)
      return !ready || !sameWant(ready.want, want)
    })
    .slice(0, PREPARE)
  if (next.length === 0) return
  const revisions = await db
    .selectFrom('content_revision')
    .select(['id', 'data', 'body'])
    .where(
      'id',
      'in',
      next.map(([, want]) => want.revisionId),
    )
    .execute()
  const byId = new Map(revisions.map((revision) => [revision.id, revision]))
  const documents = next.map(([key, want]): [string, Wanted, IndexedDocument] => {
    const revision = byId.get(want.revisionId)
    if (!revision) throw new Error(`The published revision of ${key} is missing.`)
    const data = JSON.parse(revision.data) as unknown
    return [key, want, { key, kind: want.kind, slug: want.slug, data, body: revision.body }]
  })
  const entries = await thread.entries(documents.map(([, , document]) => document))
  documents.forEach(([key, want, document], i) => {
    const episodeFrom = episodeVisibleFrom(document)
    const visibleFrom = episodeFrom > want.visibleFrom ? episodeFrom : want.visibleFrom
    prepared.set(key, { want, visibleFrom, entries: entries[i]! })
  })
}

/**
 * Indexes again, within one transaction, the documents whose published revision, slug or
 * visibility changed, from their prepared entries, until SLICE_MS have gone by or the next one is
 * not prepared (or was prepared for a revision since replaced): `done` when nothing is left.
 */
async function syncContentSlice(
  trx: Db,
  prepared: Map<string, Prepared>,
): Promise<{ changed: number; done: boolean }> {
  const stale = await staleDocuments(trx)
  const missing = await missingDocuments(trx)
  const started = performance.now()
  const spent = () => performance.now() - started >= SLICE_MS
  let changed = 0
  for (const key of stale) {
    await removeDocument(trx, key)
    changed++
  }
  for (const [i, [key, want]] of missing.entries()) {
    const ready = prepared.get(key)
    if ((i > 0 && spent()) || !ready || !sameWant(ready.want, want)) return { changed, done: false }
    await insertEntries(trx, key, ready.visibleFrom, ready.entries)
    await trx
      .insertInto('search_source')
      .values({
        document_key: key,
        revision_id: want.revisionId,
        slug: want.slug,
        visible_from: want.visibleFrom,
      })
      .execute()
    prepared.delete(key)
    changed++
  }
  return { changed, done: true }
}

async function syncCatalogue(trx: Db) {
  await trx.deleteFrom('search_entry').where('kind', '=', 'course').execute()
  const courses = await trx
    .selectFrom('catalogue_course')
    .select(['id', 'title', 'description', 'url'])
    .orderBy('position')
    .execute()
  for (const course of courses)
    await insertEntries(trx, `course/${course.id}`, '', [courseEntry(course)])
}

export interface SyncResult {
  /** Documents indexed again or removed; -1 when the index was already current. */
  documents: number
  catalogue: boolean
}

/**
 * Brings the index up to the published content and catalogue. `rebuild` empties it first and
 * indexes everything (`npm run search -- rebuild`).
 *
 * In slices: each transaction indexes documents for about SLICE_MS, then the event loop and other
 * writers get their turn before the next. On SQLite a query holds the thread, and a first start
 * on 1,100 episodes with transcripts took 20 s in one transaction: the server neither listened
 * nor took a contact message meanwhile. The versions recorded are those read before the work, so
 * a publish during a sync is indexed by the next one.
 */
export async function syncSearchIndex(
  database: Database,
  options: { rebuild?: boolean; signal?: AbortSignal } = {},
): Promise<SyncResult> {
  const { signal } = options
  signal?.throwIfAborted()
  if (!options.rebuild) {
    const { source, indexed } = await versions(database.db)
    if (source.content === indexed.content && source.catalogue === indexed.catalogue)
      return { documents: -1, catalogue: false }
  }
  let documents = 0
  const thread = startEntriesThread(signal)
  const prepared = new Map<string, Prepared>()
  try {
    for (let slice = 0; ; slice++) {
      if (slice > 0) await new Promise((resolve) => setImmediate(resolve))
      await prepareNext(database.db, thread, prepared)
      // A server that closes stops a sync between slices: what is written stays, the rest is
      // the next sync's (one that starts).
      signal?.throwIfAborted()
      const step = await write(database, async (trx) => {
        const { source, indexed } = await versions(trx)
        if (options.rebuild && slice === 0) {
          await trx.deleteFrom('search_entry').execute()
          await trx.deleteFrom('search_source').execute()
          await trx.deleteFrom('search_word').execute()
        }
        const content =
          options.rebuild || source.content !== indexed.content
            ? await syncContentSlice(trx, prepared)
            : { changed: 0, done: true }
        if (!content.done) return { ...content, catalogue: false }
        const catalogue = options.rebuild || source.catalogue !== indexed.catalogue
        if (catalogue) await syncCatalogue(trx)
        await trx
          .updateTable('search_state')
          .set({ content_version: source.content, catalogue_version: source.catalogue })
          .where('id', '=', 1)
          .execute()
        return { ...content, catalogue }
      })
      documents += step.changed
      if (step.done) return { documents, catalogue: step.catalogue }
    }
  } finally {
    await thread.close()
  }
}
