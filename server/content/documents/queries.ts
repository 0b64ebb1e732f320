/** Reading documents: what visitors see, what the editors list, what a picture is used by. */
import { sql } from 'kysely'
import { ContentError, type ContentProblem } from '#common/content/problems.ts'
import type { ContentDocument, ContentSnapshot, DocumentKind } from '#common/content/snapshot.ts'
import type { ContentDocuments } from '#server/render/render-worker.ts'
import { ContentNotFoundError } from '../errors.ts'
import { checkDraft, snapshotOf, uploadsOf, visibleDocuments, withDocument } from './candidate.ts'
import { findRow } from './transaction.ts'
import {
  nowIso,
  type ContentStore,
  type Db,
  type DocumentRow,
  type DocumentState,
} from './types.ts'

/** What a document is, without its content. */
export function summaryOf(
  row: Pick<
    DocumentRow,
    'key' | 'kind' | 'slug' | 'status' | 'publish_at' | 'version' | 'updated_at' | 'updated_by'
  >,
) {
  return {
    key: row.key,
    kind: row.kind as DocumentKind,
    slug: row.slug,
    status: row.status,
    publishAt: row.publish_at,
    version: Number(row.version),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  }
}

/** One document: its published revision, its draft and its version. */
export async function documentState(trx: Db, key: string): Promise<DocumentState> {
  const row = await findRow(trx, key)
  const revision = row.published_revision_id
    ? await trx
        .selectFrom('content_revision')
        .select(['id', 'number', 'data', 'body'])
        .where('id', '=', row.published_revision_id)
        .executeTakeFirst()
    : undefined
  return {
    ...summaryOf(row),
    createdAt: row.created_at,
    published: revision
      ? {
          revisionId: revision.id,
          number: Number(revision.number),
          data: JSON.parse(revision.data) as unknown,
          body: revision.body,
        }
      : null,
    draft:
      row.draft_data === null
        ? null
        : { data: JSON.parse(row.draft_data) as unknown, body: row.draft_body },
  }
}

/** How many documents the database holds (of every kind and status). */
export async function documentCount({ db }: ContentStore): Promise<number> {
  const row = await db
    .selectFrom('content_document')
    .select(db.fn.countAll<number>().as('count'))
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** The number every publish raises. */
export async function contentVersion({ db }: ContentStore): Promise<number> {
  const row = await db
    .selectFrom('content_state')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst()
  return Number(row?.version ?? 0)
}

/**
 * Everything visitors see at `at`: published documents, and scheduled ones whose time has come.
 * Undefined while the database holds no content.
 */
export async function readPublished(
  { db }: ContentStore,
  at: Date,
): Promise<ContentSnapshot | undefined> {
  const candidate = await visibleDocuments(db, at.toISOString())
  if (candidate.documents.length === 0) return undefined
  // As stored: every document passed its checks when it was published.
  return snapshotOf(db, candidate, new Set(candidate.documents))
}

/**
 * A preview's content, not yet checked: what visitors see now, with the document's draft (or,
 * without one, its last content) in its place; an article not live is shown as if it were.
 */
export async function previewDocuments(
  store: ContentStore,
  key: string,
): Promise<ContentDocuments & { document: ContentDocument }> {
  const { db } = store
  const row = await findRow(db, key)
  const current = await documentState(db, key)
  const content = current.draft ?? current.published
  if (!content) throw new ContentNotFoundError(`${key} has nothing to preview yet.`)
  const document: ContentDocument = {
    key,
    kind: row.kind as DocumentKind,
    slug: row.slug,
    data: content.data,
    body: content.body,
  }
  const candidate = await visibleDocuments(db, nowIso(store))
  withDocument(candidate, document)
  return { ...candidate, uploads: await uploadsOf(db, candidate.documents), document }
}

/** When the next scheduled document goes live, after `after`; null if none. */
export async function nextScheduledAt({ db }: ContentStore, after: Date): Promise<string | null> {
  const row = await db
    .selectFrom('content_document')
    .select(sql<string | null>`min(publish_at)`.as('at'))
    .where('status', '=', 'scheduled')
    .where('publish_at', '>', after.toISOString())
    .executeTakeFirst()
  return row?.at ?? null
}

/** Every document, without its content: key, kind, slug, status, version, last change. */
export async function listDocuments({ db }: ContentStore) {
  const rows = await db
    .selectFrom('content_document')
    .select([
      'key',
      'kind',
      'slug',
      'status',
      'publish_at',
      'version',
      'updated_at',
      'updated_by',
      sql<boolean>`draft_data is not null`.as('has_draft'),
    ])
    .orderBy('key')
    .execute()
  return rows.map((row) => ({ ...summaryOf(row), hasDraft: Boolean(row.has_draft) }))
}

/** Every document's newest data (its draft's, else its published revision's), by key. */
export async function latestData({ db }: ContentStore): Promise<Map<string, unknown>> {
  const rows = await db
    .selectFrom('content_document as d')
    .leftJoin('content_revision as r', 'r.id', 'd.published_revision_id')
    .select(['d.key', 'd.draft_data', 'r.data'])
    .where('d.kind', '!=', 'media')
    .execute()
  return new Map(
    rows.map((row) => [row.key, JSON.parse(row.draft_data ?? row.data ?? 'null') as unknown]),
  )
}

/** Every former slug of every article. */
export async function allFormerSlugs({ db }: ContentStore): Promise<string[]> {
  const rows = await db.selectFrom('content_redirect').select('from_slug').execute()
  return rows.map((row) => row.from_slug)
}

/** An article's former slugs, whose addresses redirect to it. */
export async function formerSlugs({ db }: ContentStore, key: string): Promise<string[]> {
  const rows = await db
    .selectFrom('content_redirect as x')
    .innerJoin('content_document as d', 'd.id', 'x.document_id')
    .select('x.from_slug')
    .where('d.key', '=', key)
    .orderBy('x.from_slug')
    .execute()
  return rows.map((row) => row.from_slug)
}

/** What keeps a document's draft from being published (none without a draft). */
export async function draftProblems({ db }: ContentStore, key: string): Promise<ContentProblem[]> {
  const current = await documentState(db, key)
  if (!current.draft) return []
  const checked = await checkDraft(db, {
    key,
    kind: current.kind,
    slug: current.slug,
    data: current.draft.data,
    body: current.draft.body,
  }).catch((error: unknown) => {
    // Stored before a rule became stricter: everything it says.
    if (error instanceof ContentError) return { problems: [...error.problems] }
    throw error
  })
  return checked.problems
}

/**
 * The documents whose published (or scheduled) content or draft names a media id, e.g. an
 * uploaded picture "u/<key>": the media library's "used by".
 */
export async function documentsUsing(
  { db }: ContentStore,
  mediaId: string,
): Promise<{ key: string; kind: DocumentKind; slug: string | null; data: unknown }[]> {
  // A LIKE pattern of a media id: letters, digits, "-" and "/" only, nothing to escape.
  if (!/^[a-z0-9/-]+$/.test(mediaId)) return []
  const pattern = `%${mediaId}%`
  const rows = await db
    .selectFrom('content_document as d')
    .leftJoin('content_revision as r', 'r.id', 'd.published_revision_id')
    .select(['d.key', 'd.kind', 'd.slug', 'd.draft_data', 'd.draft_body', 'r.data', 'r.body'])
    .where((eb) =>
      eb.or([
        eb('d.draft_data', 'like', pattern),
        eb('d.draft_body', 'like', pattern),
        eb('r.data', 'like', pattern),
        eb('r.body', 'like', pattern),
      ]),
    )
    .where('d.kind', '!=', 'media')
    .orderBy('d.key')
    .execute()
  // The pattern also matches a longer id that starts the same: keep the exact id only.
  const named = (text: string | null) =>
    text !== null && text.split(/[^a-z0-9/-]+/).some((word) => word === mediaId)
  return rows
    .filter((row) => [row.draft_data, row.draft_body, row.data, row.body].some(named))
    .map((row) => ({
      key: row.key,
      kind: row.kind as DocumentKind,
      slug: row.slug,
      data: JSON.parse(row.draft_data ?? row.data ?? 'null') as unknown,
    }))
}
