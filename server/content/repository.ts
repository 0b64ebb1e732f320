/**
 * Content in the database (docs/content.md): documents, their immutable revisions, former article
 * slugs and the content version. One query builder serves SQLite and PostgreSQL.
 *
 * - Everything goes through the schemas of common/content: a change is applied to the published
 *   content in memory and the result checked as a whole (snapshotFromDocuments) before it is
 *   written, so what is published always renders: a draft cannot point at a picture that does
 *   not exist, and an article that the home page links to cannot be unpublished under it.
 * - Every write runs in one transaction; on PostgreSQL an advisory lock makes the server
 *   processes take turns, so revision numbers, slug checks and the first import never race.
 * - A change made from an older version of a document is refused (ContentConflictError), never
 *   merged. Every publish raises the content version (and on PostgreSQL notifies
 *   "content_version"), which other processes watch.
 * - Mutations take the acting staff account's id (null for the importer) and return what
 *   changed, for the audit log.
 *
 * The parts live in documents/ (ADR 020): queries.ts reads; drafts.ts, publishing.ts,
 * address.ts and revisions.ts are the commands; import.ts the first import; candidate.ts the
 * check as a whole; transaction.ts how every write runs. This module binds them to a database.
 */
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import type { ArchivedLetter } from '#common/newsletter-archive.ts'
import type { Database } from '#server/db/index.ts'
import { changeSlug } from './documents/address.ts'
import { createDocument, deleteDocument, discardDraft, saveDraft } from './documents/drafts.ts'
import { importSnapshot } from './documents/import.ts'
import { publish, unpublish } from './documents/publishing.ts'
import { publishedChanges, type PublishedStamps } from './documents/published-changes.ts'
import * as queries from './documents/queries.ts'
import { getRevision, listRevisions, restoreRevision } from './documents/revisions.ts'
import { bumpContentVersion, write } from './documents/transaction.ts'
import { nowIso, type ContentStore, type DocumentWrite } from './documents/types.ts'

export { CONTENT_VERSION_CHANNEL } from './documents/transaction.ts'
export type {
  ContentAction,
  ContentChange,
  DocumentState,
  DocumentStatus,
  RecordChange,
  Revision,
  RevisionSummary,
} from './documents/types.ts'

export interface ContentRepositoryOptions {
  /** The time "now" for publishing and scheduling; tests move it. */
  clock?: () => Date
}

type Tail<F> = F extends (store: ContentStore, ...rest: infer R) => infer T
  ? (...rest: R) => T
  : never

/** A module-level function with the store given. */
const bound =
  <F extends (store: ContentStore, ...rest: never[]) => unknown>(store: ContentStore, fn: F) =>
  (...rest: Parameters<Tail<F>>) =>
    (fn as (store: ContentStore, ...rest: Parameters<Tail<F>>) => ReturnType<F>)(store, ...rest)

export function createContentRepository(
  database: Database,
  options: ContentRepositoryOptions = {},
) {
  const clock = options.clock ?? (() => new Date())
  const store: ContentStore = { database, db: database.db, clock }
  return {
    documentCount: bound(store, queries.documentCount),
    /** True while the database holds no content at all (before the first import). */
    isEmpty: async () => (await queries.documentCount(store)) === 0,
    contentVersion: bound(store, queries.contentVersion),
    importSnapshot: bound(store, importSnapshot),
    readPublished: (at: Date = clock()) => queries.readPublished(store, at),
    /** What the render worker is given: what changed since `known` (everything without it). */
    publishedChanges: (
      at: Date = clock(),
      letters?: readonly ArchivedLetter[],
      known?: PublishedStamps,
    ) => publishedChanges(store, at, letters, known),
    previewDocuments: bound(store, queries.previewDocuments),
    nextScheduledAt: (after: Date = clock()) => queries.nextScheduledAt(store, after),
    getDocument: (key: string) => queries.documentState(store.db, key),
    listDocuments: bound(store, queries.listDocuments),
    /** A new article, as a draft (visitors see nothing until it is published). */
    createArticle: (input: Omit<Parameters<typeof createDocument>[1], 'kind'>) =>
      createDocument(store, { ...input, kind: 'article' }),
    createDocument: bound(store, createDocument),
    saveDraft: bound(store, saveDraft),
    publish: bound(store, publish),
    listRevisions: bound(store, listRevisions),
    getRevision: bound(store, getRevision),
    restoreRevision: bound(store, restoreRevision),
    unpublish: bound(store, unpublish),
    changeSlug: bound(store, changeSlug),
    discardDraft: bound(store, discardDraft),
    latestData: bound(store, queries.latestData),
    allFormerSlugs: bound(store, queries.allFormerSlugs),
    /**
     * Raises the content version without changing a document: what the pages show changed
     * elsewhere (an uploaded picture's focal point), so every process renders again.
     */
    raiseVersion: () => write(store, (trx) => bumpContentVersion(store, trx, nowIso(store))),
    draftProblems: bound(store, queries.draftProblems),
    formerSlugs: bound(store, queries.formerSlugs),
    documentsUsing: bound(store, queries.documentsUsing),
    /** Deletes an article with its revisions and former slugs. */
    deleteArticle: (key: string, input: DocumentWrite) => deleteDocument(store, key, input),
  }
}

export type ContentRepository = ReturnType<typeof createContentRepository>

/** For callers that hold a snapshot type from here (kept for the importer's signature). */
export type { ContentSnapshot }
