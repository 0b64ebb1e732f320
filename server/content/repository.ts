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
 */
import { sql, type Kysely } from 'kysely'
import { normaliseBody } from '#common/content/articles.ts'
import { mediaManifest, uploadedImageIds, type ImageEntry } from '#common/content/media.ts'
import { checkMarkdown } from '#common/content/markdown.ts'
import { ContentError, type ContentProblem } from '#common/content/problems.ts'
import { slugProblem } from '#common/content/slug.ts'
import {
  byKey,
  checkDocument,
  SLUGGED_KINDS,
  snapshotDocuments,
  snapshotFromDocuments,
  type ContentDocument,
  type ContentSnapshot,
  type DocumentKind,
  type SlugRedirect,
} from '#common/content/snapshot.ts'
import type { Database } from '#server/db/index.ts'
import { newRowId } from '#server/db/ids.ts'
import { uploadedImageEntries } from '#server/media/content-pictures.ts'
import type { ContentDocuments } from '#server/render/render-worker.ts'
import type { ContentDocumentTable, DatabaseSchema } from '#server/db/schema.ts'
import { ContentActionError, ContentConflictError, ContentNotFoundError } from './errors.ts'

/** pg_advisory_xact_lock(key1, key2): "LLL" (the site) and 400 (content writes). */
const LOCK_KEYS = [0x4c4c4c, 400] as const

/** PostgreSQL's channel for the content version: NOTIFY content_version, '<version>'. */
export const CONTENT_VERSION_CHANNEL = 'content_version'

type Db = Kysely<DatabaseSchema>
type DocumentRow = ContentDocumentTable

export type DocumentStatus = ContentDocumentTable['status']

export interface DocumentState {
  key: string
  kind: DocumentKind
  slug: string | null
  status: DocumentStatus
  publishAt: string | null
  version: number
  createdAt: string
  updatedAt: string
  updatedBy: string | null
  /** What visitors see (when status is published) or will see (scheduled). */
  published: { revisionId: string; number: number; data: unknown; body: string | null } | null
  /** Unpublished changes, if any. */
  draft: { data: unknown; body: string | null } | null
}

export interface RevisionSummary {
  id: string
  number: number
  authorId: string | null
  createdAt: string
  note: string | null
  /** The revision the document publishes now. */
  current: boolean
}

export interface Revision extends RevisionSummary {
  data: unknown
  body: string | null
}

export type ContentAction =
  | 'imported'
  | 'created'
  | 'draft-saved'
  | 'draft-discarded'
  | 'published'
  | 'scheduled'
  | 'restored'
  | 'unpublished'
  | 'slug-changed'
  | 'deleted'

/** What a change did, for the audit log (server/staff). */
export interface ContentChange {
  action: ContentAction
  /** The document; "*" (and kind null) for an import, which writes every document. */
  key: string
  kind: DocumentKind | null
  slug: string | null
  actor: string | null
  at: string
  /** The document's version after the change (0 once deleted). */
  version: number
  /** The content version after the change, when it changed what is published. */
  contentVersion?: number
  revisionId?: string
  revisionNumber?: number
  /** A slug change: the former and the new slug. */
  from?: string
  to?: string
  note?: string
}

/**
 * Called inside a mutation's transaction with what it changed (the audit log's entry is written
 * there, so a change and its record commit together or not at all).
 */
export type RecordChange = (change: ContentChange, trx: Db) => Promise<void>

export interface ContentRepositoryOptions {
  /** The time "now" for publishing and scheduling; tests move it. */
  clock?: () => Date
}

/** Documents as a change leaves them, with the redirects: the candidate that is checked. */
interface Candidate {
  documents: ContentDocument[]
  redirects: SlugRedirect[]
}

export function createContentRepository(
  database: Database,
  options: ContentRepositoryOptions = {},
) {
  const { db } = database
  const clock = options.clock ?? (() => new Date())
  const nowIso = () => clock().toISOString()

  /**
   * One transaction, and one content writer at a time across every process: on PostgreSQL an
   * advisory lock; on SQLite the write lock taken at BEGIN IMMEDIATE (a plain BEGIN would read
   * first and fail with "database is locked" when another process, such as `npm run content`
   * beside a running server, writes at the same moment, instead of waiting its turn).
   */
  function write<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    if (database.dialect === 'sqlite')
      return db.connection().execute(async (connection) => {
        await sql`begin immediate`.execute(connection)
        try {
          const result = await fn(connection)
          await sql`commit`.execute(connection)
          return result
        } catch (error) {
          await sql`rollback`.execute(connection)
          throw error
        }
      })
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_KEYS[0])}, ${sql.lit(LOCK_KEYS[1])})`.execute(
        trx,
      )
      return fn(trx)
    })
  }

  /**
   * A write to one document the editor opened at `baseVersion`: refused with who changed it and
   * when if it has changed since.
   */
  function writeDocument<T extends { change: ContentChange }>(
    key: string,
    input: { baseVersion: number; record?: RecordChange | undefined },
    fn: (trx: Db, row: DocumentRow) => Promise<T>,
  ): Promise<T> {
    return write(async (trx) => {
      const row = await findRow(trx, key)
      assertVersion(row, input.baseVersion)
      return recorded(trx, input.record, await fn(trx, row))
    })
  }

  async function bumpContentVersion(trx: Db, at: string): Promise<number> {
    const row = await trx
      .updateTable('content_state')
      .set({ version: sql<number>`version + 1`, updated_at: at })
      .where('id', '=', 1)
      .returning('version')
      .executeTakeFirstOrThrow()
    const version = Number(row.version)
    // Delivered when the transaction commits, to every process that LISTENs.
    if (database.dialect === 'postgres')
      await sql`select pg_notify(${CONTENT_VERSION_CHANNEL}, ${String(version)})`.execute(trx)
    return version
  }

  /**
   * The documents visitors see at `at` with their published revision: published ones, and
   * scheduled ones whose time has come ('scheduled' counts every scheduled one, for checks).
   */
  async function visibleDocuments(trx: Db, at: string | 'with-scheduled'): Promise<Candidate> {
    const visible = (d: 'd') =>
      at === 'with-scheduled'
        ? sql<boolean>`${sql.ref(`${d}.status`)} in ('published', 'scheduled')`
        : sql<boolean>`(${sql.ref(`${d}.status`)} = 'published' or (${sql.ref(`${d}.status`)} = 'scheduled' and ${sql.ref(`${d}.publish_at`)} <= ${at}))`
    const rows = await trx
      .selectFrom('content_document as d')
      .innerJoin('content_revision as r', 'r.id', 'd.published_revision_id')
      .select(['d.key', 'd.kind', 'd.slug', 'r.data', 'r.body'])
      .where(visible('d'))
      .execute()
    const redirects = await trx
      .selectFrom('content_redirect as x')
      .innerJoin('content_document as d', 'd.id', 'x.document_id')
      .select(['x.from_slug', 'd.slug'])
      .where(visible('d'))
      .execute()
    return {
      documents: rows.map((row) => ({
        key: row.key,
        kind: row.kind as DocumentKind,
        slug: row.slug,
        data: JSON.parse(row.data) as unknown,
        body: row.body,
      })),
      redirects: redirects.map((row) => ({ from: row.from_slug, to: row.slug ?? '' })),
    }
  }

  /** The uploaded pictures (server/media) the documents name, as manifest entries. */
  async function uploadsOf(
    trx: Db,
    documents: readonly Pick<ContentDocument, 'data' | 'body'>[],
  ): Promise<Record<string, ImageEntry>> {
    const ids = new Set<string>()
    for (const document of documents)
      for (const id of uploadedImageIds(`${JSON.stringify(document.data)}\n${document.body ?? ''}`))
        ids.add(id)
    return ids.size === 0 ? {} : uploadedImageEntries(trx, [...ids])
  }

  /** Checks documents as a whole, with the uploaded pictures they name. */
  async function snapshotOf(trx: Db, candidate: Candidate): Promise<ContentSnapshot> {
    return snapshotFromDocuments(candidate.documents, {
      redirects: candidate.redirects,
      uploads: await uploadsOf(trx, candidate.documents),
    })
  }

  /**
   * Applies a change to everything published or scheduled and checks the result as a whole;
   * throws a ContentError naming each problem by document key and field.
   */
  async function checkCandidate(trx: Db, change: (candidate: Candidate) => void) {
    const candidate = await visibleDocuments(trx, 'with-scheduled')
    change(candidate)
    return snapshotOf(trx, candidate)
  }

  /** Runs a mutation and records its change in the same transaction. */
  async function recorded<T extends { change: ContentChange }>(
    trx: Db,
    record: RecordChange | undefined,
    result: T,
  ): Promise<T> {
    if (record) await record(result.change, trx)
    return result
  }

  const without = (candidate: Candidate, key: string) => {
    candidate.documents = candidate.documents.filter((d) => d.key !== key)
  }
  const withDocument = (candidate: Candidate, document: ContentDocument) => {
    without(candidate, document.key)
    candidate.documents.push(document)
  }

  async function findRow(trx: Db, key: string): Promise<DocumentRow> {
    const row = await trx
      .selectFrom('content_document')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst()
    if (!row) throw new ContentNotFoundError(`There is no content document "${key}".`)
    return row
  }

  function assertVersion(row: DocumentRow, baseVersion: number) {
    if (Number(row.version) !== baseVersion)
      throw new ContentConflictError({
        key: row.key,
        version: Number(row.version),
        updatedBy: row.updated_by,
        updatedAt: row.updated_at,
      })
  }

  /** Articles and episodes come and go; pages and settings are always published. */
  function assertArticle(row: DocumentRow, action: string) {
    if (!SLUGGED_KINDS.has(row.kind as DocumentKind))
      throw new ContentActionError(
        `${row.key} is always published: only articles and episodes can be ${action}.`,
      )
  }

  /** A document's fields as its schema returns them (trimmed, in the schema's order). */
  function parsed(document: ContentDocument): ContentDocument {
    const checked = checkDocument(document, { source: byKey(document) })
    if (checked.problems.length > 0) throw new ContentError(checked.problems)
    return checked.document
  }

  /**
   * A draft as it may be stored: unfinished is fine (a field still empty, a picture not chosen
   * yet, a photo without its caption), and `problems` says what keeps it from being published;
   * unsafe content (raw HTML, a link to a script) or data of another shape (a field the document
   * does not have) is refused with a ContentError, and nothing is stored.
   */
  async function checkDraft(
    trx: Db,
    document: ContentDocument,
  ): Promise<{ document: ContentDocument; problems: ContentProblem[] }> {
    const source = byKey(document)
    const own = checkDocument(document, { source })
    const candidate = await visibleDocuments(trx, 'with-scheduled')
    const media = candidate.documents.find((d) => d.key === 'media')
    const images = {
      ...(mediaManifest.safeParse(media?.data).data?.images ?? {}),
      ...(await uploadsOf(trx, [document])),
    }
    const markdown: ContentProblem[] = SLUGGED_KINDS.has(document.kind)
      ? checkMarkdown(document.body ?? '', { imageExists: (id) => id in images }).map(
          (problem) => ({
            source,
            field: document.kind === 'article' ? 'body' : 'notes',
            line: problem.line,
            column: problem.column,
            message: problem.message,
            ...(problem.unsafe && { unsafe: true as const }),
          }),
        )
      : []
    const refused = [
      ...markdown.filter((problem) => problem.unsafe),
      ...own.problems.filter((problem) => problem.message.startsWith('unknown field')),
    ]
    if (refused.length > 0) throw new ContentError(refused)
    if (own.problems.length > 0) return { document, problems: [...own.problems, ...markdown] }
    // Complete on its own: what publishing it would do to everything published.
    try {
      withDocument(candidate, own.document)
      await snapshotOf(trx, candidate)
      return { document: own.document, problems: [] }
    } catch (error) {
      if (!(error instanceof ContentError)) throw error
      return { document: own.document, problems: [...error.problems] }
    }
  }

  /** What a document is, without its content. */
  function summaryOf(
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

  async function state(trx: Db, key: string): Promise<DocumentState> {
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

  /** Writes a new revision of a document, makes it the published one, clears the draft. */
  async function publishRevision(
    trx: Db,
    row: DocumentRow,
    content: { data: unknown; body: string | null },
    details: {
      actor: string | null
      note: string | null
      at: string
      publishAt: string
      status: 'published' | 'scheduled'
    },
  ) {
    const last = await trx
      .selectFrom('content_revision')
      .select(sql<number>`max(number)`.as('number'))
      .where('document_id', '=', row.id)
      .executeTakeFirst()
    const number = Number(last?.number ?? 0) + 1
    const revisionId = newRowId()
    await trx
      .insertInto('content_revision')
      .values({
        id: revisionId,
        document_id: row.id,
        number,
        data: JSON.stringify(content.data),
        body: content.body,
        author_id: details.actor,
        created_at: details.at,
        note: details.note,
      })
      .execute()
    await trx
      .updateTable('content_document')
      .set({
        status: details.status,
        publish_at: details.publishAt,
        published_revision_id: revisionId,
        draft_data: null,
        draft_body: null,
        version: Number(row.version) + 1,
        updated_at: details.at,
        updated_by: details.actor,
      })
      .where('id', '=', row.id)
      .execute()
    const contentVersion = await bumpContentVersion(trx, details.at)
    return { revisionId, number, contentVersion, version: Number(row.version) + 1 }
  }

  function changeOf(
    row: Pick<DocumentRow, 'key' | 'kind' | 'slug'>,
    action: ContentAction,
    details: Omit<ContentChange, 'action' | 'key' | 'kind' | 'slug'>,
  ): ContentChange {
    return {
      action,
      key: row.key,
      kind: row.kind as DocumentKind,
      slug: row.slug,
      ...details,
    }
  }

  /** Problems with a slug that is not this document's: its form, another article, a redirect. */
  async function slugProblems(trx: Db, slug: string, documentId: string | null, source: string) {
    const reason = slugProblem(slug)
    if (reason) return [{ source, field: 'slug', message: reason }]
    const taken = await trx
      .selectFrom('content_document')
      .select(['key', 'id'])
      .where('slug', '=', slug)
      .executeTakeFirst()
    if (taken && taken.id !== documentId)
      return [
        {
          source,
          field: 'slug',
          message: `another ${taken.key.startsWith('episode/') ? 'episode' : 'article'} (${taken.key}) has this slug`,
        },
      ]
    const redirect = await trx
      .selectFrom('content_redirect')
      .select('document_id')
      .where('from_slug', '=', slug)
      .executeTakeFirst()
    if (redirect && redirect.document_id !== documentId)
      return [
        {
          source,
          field: 'slug',
          message:
            'this was the address of another article, which it still redirects to: choose another slug',
        },
      ]
    return []
  }

  return {
    /** How many documents the database holds (of every kind and status). */
    async documentCount(): Promise<number> {
      const row = await db
        .selectFrom('content_document')
        .select(db.fn.countAll<number>().as('count'))
        .executeTakeFirst()
      return Number(row?.count ?? 0)
    },

    /** True while the database holds no content at all (before the first import). */
    async isEmpty(): Promise<boolean> {
      return (await this.documentCount()) === 0
    },

    /** The number every publish raises. */
    async contentVersion(): Promise<number> {
      const row = await db
        .selectFrom('content_state')
        .select('version')
        .where('id', '=', 1)
        .executeTakeFirst()
      return Number(row?.version ?? 0)
    },

    /**
     * Imports a snapshot as the first revision of every document, published. Into an empty
     * database only, unless `replace` (which deletes every document, revision and redirect
     * first). Safe when several processes start at once: one imports, the others find it done.
     */
    async importSnapshot(
      snapshot: ContentSnapshot,
      details: { actor?: string | null; replace?: boolean; note?: string } = {},
    ): Promise<
      | { imported: true; documents: number; contentVersion: number; change: ContentChange }
      | { imported: false; existingDocuments: number }
    > {
      const documents = snapshotDocuments(snapshot)
      const actor = details.actor ?? null
      return write(async (trx) => {
        await snapshotOf(trx, { documents, redirects: snapshot.redirects })
        const existing = await trx
          .selectFrom('content_document')
          .select(trx.fn.countAll<number>().as('count'))
          .executeTakeFirst()
        const existingDocuments = Number(existing?.count ?? 0)
        if (existingDocuments > 0 && !details.replace) return { imported: false, existingDocuments }
        if (existingDocuments > 0) {
          await trx.deleteFrom('content_redirect').execute()
          await trx.deleteFrom('content_revision').execute()
          await trx.deleteFrom('content_document').execute()
        }
        const at = nowIso()
        const ids = new Map<string, string>()
        const rows = documents.map((document) => {
          const id = newRowId()
          const revisionId = newRowId()
          if (document.slug) ids.set(document.slug, id)
          return { document, id, revisionId }
        })
        await trx
          .insertInto('content_document')
          .values(
            rows.map(({ document, id, revisionId }) => {
              // An episode whose publication time is still to come waits for it, as one
              // scheduled in the back office would (the site lists it from that time).
              const publishedAt =
                document.kind === 'episode'
                  ? new Date((document.data as { publishedAt: string }).publishedAt).toISOString()
                  : at
              const scheduled = publishedAt > at
              return {
                id,
                key: document.key,
                kind: document.kind,
                slug: document.slug,
                status: scheduled ? ('scheduled' as const) : ('published' as const),
                publish_at: scheduled ? publishedAt : at,
                published_revision_id: revisionId,
                draft_data: null,
                draft_body: null,
                version: 1,
                created_at: at,
                updated_at: at,
                updated_by: actor,
              }
            }),
          )
          .execute()
        await trx
          .insertInto('content_revision')
          .values(
            rows.map(({ document, id, revisionId }) => ({
              id: revisionId,
              document_id: id,
              number: 1,
              data: JSON.stringify(document.data),
              body: document.body,
              author_id: actor,
              created_at: at,
              note: details.note ?? 'Imported',
            })),
          )
          .execute()
        if (snapshot.redirects.length > 0)
          await trx
            .insertInto('content_redirect')
            .values(
              snapshot.redirects.map((redirect) => ({
                from_slug: redirect.from,
                document_id: ids.get(redirect.to)!,
                created_at: at,
              })),
            )
            .execute()
        const contentVersion = await bumpContentVersion(trx, at)
        return {
          imported: true as const,
          documents: rows.length,
          contentVersion,
          change: {
            action: 'imported' as const,
            key: '*',
            kind: null,
            slug: null,
            actor,
            at,
            version: 1,
            contentVersion,
            ...(details.note !== undefined && { note: details.note }),
          },
        }
      })
    },

    /**
     * Everything visitors see at `at` (default: now): published documents, and scheduled ones
     * whose time has come. Undefined while the database holds no content.
     */
    async readPublished(at: Date = clock()): Promise<ContentSnapshot | undefined> {
      const candidate = await visibleDocuments(db, at.toISOString())
      if (candidate.documents.length === 0) return undefined
      return snapshotOf(db, candidate)
    },

    /**
     * What `readPublished` checks, not yet checked: the documents visitors see at `at`, their
     * redirects and the uploaded pictures they name. The server's render worker checks them
     * (server/render/render-worker.ts), off the request path.
     */
    async publishedDocuments(at: Date = clock()): Promise<ContentDocuments> {
      const candidate = await visibleDocuments(db, at.toISOString())
      return { ...candidate, uploads: await uploadsOf(db, candidate.documents) }
    },

    /**
     * A preview's content, not yet checked: what visitors see now, with the document's draft (or,
     * without one, its last content) in its place; an article not live is shown as if it were.
     */
    async previewDocuments(key: string): Promise<ContentDocuments & { document: ContentDocument }> {
      const row = await findRow(db, key)
      const current = await state(db, key)
      const content = current.draft ?? current.published
      if (!content) throw new ContentNotFoundError(`${key} has nothing to preview yet.`)
      const document: ContentDocument = {
        key,
        kind: row.kind as DocumentKind,
        slug: row.slug,
        data: content.data,
        body: content.body,
      }
      const candidate = await visibleDocuments(db, nowIso())
      withDocument(candidate, document)
      return { ...candidate, uploads: await uploadsOf(db, candidate.documents), document }
    },

    /** When the next scheduled document goes live, after `after` (default: now); null if none. */
    async nextScheduledAt(after: Date = clock()): Promise<string | null> {
      const row = await db
        .selectFrom('content_document')
        .select(sql<string | null>`min(publish_at)`.as('at'))
        .where('status', '=', 'scheduled')
        .where('publish_at', '>', after.toISOString())
        .executeTakeFirst()
      return row?.at ?? null
    },

    /** One document: its published revision, its draft and its version. */
    getDocument(key: string): Promise<DocumentState> {
      return state(db, key)
    },

    /** Every document, without its content: key, kind, slug, status, version, last change. */
    async listDocuments() {
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
    },

    /** A new article, as a draft (visitors see nothing until it is published). */
    createArticle(input: {
      slug: string
      data: unknown
      body: string
      actor: string | null
      record?: RecordChange
    }): Promise<{ document: DocumentState; change: ContentChange; problems: ContentProblem[] }> {
      return this.createDocument({ ...input, kind: 'article' })
    },

    /** A new article or episode, as a draft, keyed by a new id ("episode/<id>"). */
    async createDocument(input: {
      kind: 'article' | 'episode'
      slug: string
      data: unknown
      body: string
      actor: string | null
      record?: RecordChange
    }): Promise<{ document: DocumentState; change: ContentChange; problems: ContentProblem[] }> {
      const { kind } = input
      return write(async (trx) => {
        const id = newRowId()
        const key = `${kind}/${id}`
        const source = byKey({ key, kind, slug: input.slug })
        const slugRefused = await slugProblems(trx, input.slug, null, source)
        if (slugRefused.length > 0) throw new ContentError(slugRefused)
        const { document: draft, problems } = await checkDraft(trx, {
          key,
          kind,
          slug: input.slug,
          data: input.data,
          body: normaliseBody(input.body),
        })
        const at = nowIso()
        await trx
          .insertInto('content_document')
          .values({
            id,
            key,
            kind,
            slug: input.slug,
            status: 'draft',
            publish_at: null,
            published_revision_id: null,
            draft_data: JSON.stringify(draft.data),
            draft_body: draft.body,
            version: 1,
            created_at: at,
            updated_at: at,
            updated_by: input.actor,
          })
          .execute()
        return recorded(trx, input.record, {
          document: await state(trx, key),
          change: changeOf({ key, kind, slug: input.slug }, 'created', {
            actor: input.actor,
            at,
            version: 1,
          }),
          problems,
        })
      })
    },

    /**
     * Saves unpublished changes. `baseVersion` is the version the editor started from: if the
     * document changed since, nothing is saved and a ContentConflictError says who changed it
     * and when. The draft is checked like a publish would be.
     */
    async saveDraft(
      key: string,
      input: {
        data: unknown
        body?: string | null
        baseVersion: number
        actor: string | null
        record?: RecordChange
      },
    ): Promise<{ document: DocumentState; change: ContentChange; problems: ContentProblem[] }> {
      return writeDocument(key, input, async (trx, row) => {
        const { document: draft, problems } = await checkDraft(trx, {
          key,
          kind: row.kind as DocumentKind,
          slug: row.slug,
          data: input.data,
          body: SLUGGED_KINDS.has(row.kind as DocumentKind)
            ? normaliseBody(input.body ?? '')
            : null,
        })
        const at = nowIso()
        const version = Number(row.version) + 1
        const updated = await trx
          .updateTable('content_document')
          .set({
            draft_data: JSON.stringify(draft.data),
            draft_body: draft.body,
            version,
            updated_at: at,
            updated_by: input.actor,
          })
          .where('id', '=', row.id)
          .where('version', '=', input.baseVersion)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1) assertVersion(await findRow(trx, key), -1)
        return {
          document: await state(trx, key),
          change: changeOf(row, 'draft-saved', { actor: input.actor, at, version }),
          problems,
        }
      })
    },

    /**
     * Publishes the draft (or, without one, the last published content again) as a new
     * revision, in one transaction that raises the content version. With `at` in the future an
     * article not yet live is scheduled instead: visitors see it from that time.
     */
    async publish(
      key: string,
      input: {
        baseVersion: number
        actor: string | null
        note?: string
        at?: Date
        record?: RecordChange
      },
    ): Promise<{ document: DocumentState; change: ContentChange }> {
      return writeDocument(key, input, async (trx, row) => {
        const at = nowIso()
        const publishAt = input.at ? input.at.toISOString() : at
        const scheduled = publishAt > at
        if (scheduled) {
          assertArticle(row, 'scheduled')
          if (row.status === 'published')
            throw new ContentActionError(
              `${row.key} is live: publish the change now, or unpublish it before scheduling it.`,
            )
        }
        let content: { data: unknown; body: string | null }
        if (row.draft_data !== null)
          content = { data: JSON.parse(row.draft_data) as unknown, body: row.draft_body }
        else {
          const current = (await state(trx, key)).published
          if (!current)
            throw new ContentActionError(`${row.key} has nothing to publish: save a draft first.`)
          content = { data: current.data, body: current.body }
        }
        const document = parsed({
          key,
          kind: row.kind as DocumentKind,
          slug: row.slug,
          ...content,
        })
        await checkCandidate(trx, (candidate) => withDocument(candidate, document))
        const result = await publishRevision(
          trx,
          row,
          { data: document.data, body: document.body },
          {
            actor: input.actor,
            note: input.note ?? null,
            at,
            publishAt,
            status: scheduled ? 'scheduled' : 'published',
          },
        )
        return {
          document: await state(trx, key),
          change: changeOf(row, scheduled ? 'scheduled' : 'published', {
            actor: input.actor,
            at,
            version: result.version,
            contentVersion: result.contentVersion,
            revisionId: result.revisionId,
            revisionNumber: result.number,
            ...(input.note !== undefined && { note: input.note }),
          }),
        }
      })
    },

    /** Every revision of a document, newest first. */
    async listRevisions(key: string): Promise<RevisionSummary[]> {
      const row = await findRow(db, key)
      const revisions = await db
        .selectFrom('content_revision')
        .select(['id', 'number', 'author_id', 'created_at', 'note'])
        .where('document_id', '=', row.id)
        .orderBy('number', 'desc')
        .execute()
      return revisions.map((revision) => ({
        id: revision.id,
        number: Number(revision.number),
        authorId: revision.author_id,
        createdAt: revision.created_at,
        note: revision.note,
        current: revision.id === row.published_revision_id,
      }))
    },

    /** One revision with its content. */
    async getRevision(key: string, revisionId: string): Promise<Revision> {
      const row = await findRow(db, key)
      const revision = await db
        .selectFrom('content_revision')
        .selectAll()
        .where('id', '=', revisionId)
        .where('document_id', '=', row.id)
        .executeTakeFirst()
      if (!revision) throw new ContentNotFoundError(`${key} has no revision ${revisionId}.`)
      return {
        id: revision.id,
        number: Number(revision.number),
        authorId: revision.author_id,
        createdAt: revision.created_at,
        note: revision.note,
        current: revision.id === row.published_revision_id,
        data: JSON.parse(revision.data) as unknown,
        body: revision.body,
      }
    },

    /**
     * Publishes an earlier revision's content again, as a new revision (history is never
     * rewritten). Discards the draft. Checked like any publish: a revision that refers to a
     * picture removed since is refused.
     */
    async restoreRevision(
      key: string,
      revisionId: string,
      input: { baseVersion: number; actor: string | null; record?: RecordChange },
    ): Promise<{ document: DocumentState; change: ContentChange }> {
      return writeDocument(key, input, async (trx, row) => {
        const revision = await trx
          .selectFrom('content_revision')
          .select(['number', 'data', 'body'])
          .where('id', '=', revisionId)
          .where('document_id', '=', row.id)
          .executeTakeFirst()
        if (!revision) throw new ContentNotFoundError(`${key} has no revision ${revisionId}.`)
        const document = parsed({
          key,
          kind: row.kind as DocumentKind,
          slug: row.slug,
          data: JSON.parse(revision.data) as unknown,
          body: revision.body,
        })
        await checkCandidate(trx, (candidate) => withDocument(candidate, document))
        const at = nowIso()
        const note = `Restored revision ${revision.number}`
        const result = await publishRevision(
          trx,
          row,
          { data: document.data, body: document.body },
          { actor: input.actor, note, at, publishAt: at, status: 'published' },
        )
        return {
          document: await state(trx, key),
          change: changeOf(row, 'restored', {
            actor: input.actor,
            at,
            version: result.version,
            contentVersion: result.contentVersion,
            revisionId: result.revisionId,
            revisionNumber: result.number,
            note,
          }),
        }
      })
    },

    /** Takes an article off the site (it keeps its revisions and can be published again). */
    async unpublish(
      key: string,
      input: { baseVersion: number; actor: string | null; record?: RecordChange },
    ): Promise<{ document: DocumentState; change: ContentChange }> {
      return writeDocument(key, input, async (trx, row) => {
        assertArticle(row, 'unpublished')
        if (row.status === 'draft') throw new ContentActionError(`${key} is not published.`)
        // Its former slugs go with it (they redirect again once it is published again).
        await checkCandidate(trx, (candidate) => {
          without(candidate, key)
          candidate.redirects = candidate.redirects.filter((r) => r.to !== row.slug)
        })
        const at = nowIso()
        const version = Number(row.version) + 1
        await trx
          .updateTable('content_document')
          .set({
            status: 'draft',
            publish_at: null,
            version,
            updated_at: at,
            updated_by: input.actor,
          })
          .where('id', '=', row.id)
          .execute()
        const contentVersion = await bumpContentVersion(trx, at)
        return {
          document: await state(trx, key),
          change: changeOf(row, 'unpublished', { actor: input.actor, at, version, contentVersion }),
        }
      })
    },

    /**
     * Gives an article a new slug. Once it has been published, the former slug keeps answering
     * with a redirect to the new one. Refuses a slug that is not lower-case words joined by
     * hyphens, that the site reserves, or that another article has or had.
     */
    async changeSlug(
      key: string,
      slug: string,
      input: { baseVersion: number; actor: string | null; record?: RecordChange },
    ): Promise<{ document: DocumentState; change: ContentChange }> {
      return writeDocument(key, input, async (trx, row) => {
        assertArticle(row, 'given a new slug')
        // Podcast apps and shared links point at an episode's page: once out, it stays there.
        if (row.kind === 'episode' && row.published_revision_id !== null)
          throw new ContentActionError(
            'An episode keeps its address once it has been published: podcast apps and shared links point at it.',
          )
        const from = row.slug ?? ''
        if (slug === from) throw new ContentActionError(`${key} already has the slug "${slug}".`)
        const problems = await slugProblems(
          trx,
          slug,
          row.id,
          byKey({ key: row.key, kind: row.kind as DocumentKind, slug: row.slug }),
        )
        if (problems.length > 0) throw new ContentError(problems)
        const everPublished = row.published_revision_id !== null
        const visible = row.status !== 'draft'
        await checkCandidate(trx, (candidate) => {
          const document = candidate.documents.find((d) => d.key === key)
          if (document) document.slug = slug
          candidate.redirects = candidate.redirects
            .filter((r) => r.from !== slug)
            .map((r) => (r.to === from ? { ...r, to: slug } : r))
          if (visible) candidate.redirects.push({ from, to: slug })
        })
        const at = nowIso()
        const version = Number(row.version) + 1
        await trx
          .deleteFrom('content_redirect')
          .where('from_slug', '=', slug)
          .where('document_id', '=', row.id)
          .execute()
        await trx
          .updateTable('content_document')
          .set({ slug, version, updated_at: at, updated_by: input.actor })
          .where('id', '=', row.id)
          .execute()
        if (everPublished)
          await trx
            .insertInto('content_redirect')
            .values({ from_slug: from, document_id: row.id, created_at: at })
            .execute()
        const contentVersion = visible ? await bumpContentVersion(trx, at) : undefined
        return {
          document: await state(trx, key),
          change: {
            ...changeOf({ ...row, slug }, 'slug-changed', {
              actor: input.actor,
              at,
              version,
              from,
              to: slug,
            }),
            ...(contentVersion !== undefined && { contentVersion }),
          },
        }
      })
    },

    /**
     * Throws away the unpublished changes: the document is again what visitors see (an article
     * never published keeps its draft: there is nothing to go back to).
     */
    async discardDraft(
      key: string,
      input: { baseVersion: number; actor: string | null; record?: RecordChange },
    ): Promise<{ document: DocumentState; change: ContentChange }> {
      return writeDocument(key, input, async (trx, row) => {
        if (row.draft_data === null)
          throw new ContentActionError(`${key} has no unpublished changes to discard.`)
        if (row.published_revision_id === null)
          throw new ContentActionError(
            `${key} has never been published: its draft is all there is. Delete the article instead.`,
          )
        const at = nowIso()
        const version = Number(row.version) + 1
        await trx
          .updateTable('content_document')
          .set({
            draft_data: null,
            draft_body: null,
            version,
            updated_at: at,
            updated_by: input.actor,
          })
          .where('id', '=', row.id)
          .execute()
        return {
          document: await state(trx, key),
          change: changeOf(row, 'draft-discarded', { actor: input.actor, at, version }),
        }
      })
    },

    /** Every document's newest data (its draft's, else its published revision's), by key. */
    async latestData(): Promise<Map<string, unknown>> {
      const rows = await db
        .selectFrom('content_document as d')
        .leftJoin('content_revision as r', 'r.id', 'd.published_revision_id')
        .select(['d.key', 'd.draft_data', 'r.data'])
        .where('d.kind', '!=', 'media')
        .execute()
      return new Map(
        rows.map((row) => [row.key, JSON.parse(row.draft_data ?? row.data ?? 'null') as unknown]),
      )
    },

    /** Every former slug of every article. */
    async allFormerSlugs(): Promise<string[]> {
      const rows = await db.selectFrom('content_redirect').select('from_slug').execute()
      return rows.map((row) => row.from_slug)
    },

    /**
     * Raises the content version without changing a document: what the pages show changed
     * elsewhere (an uploaded picture's focal point), so every process renders again.
     */
    async raiseVersion(): Promise<number> {
      return write((trx) => bumpContentVersion(trx, nowIso()))
    },

    /** What keeps a document's draft from being published (none without a draft). */
    async draftProblems(key: string): Promise<ContentProblem[]> {
      const current = await state(db, key)
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
    },

    /** An article's former slugs, whose addresses redirect to it. */
    async formerSlugs(key: string): Promise<string[]> {
      const rows = await db
        .selectFrom('content_redirect as x')
        .innerJoin('content_document as d', 'd.id', 'x.document_id')
        .select('x.from_slug')
        .where('d.key', '=', key)
        .orderBy('x.from_slug')
        .execute()
      return rows.map((row) => row.from_slug)
    },

    /**
     * The documents whose published (or scheduled) content or draft names a media id, e.g. an
     * uploaded picture "u/<key>": the media library's "used by".
     */
    async documentsUsing(
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
    },

    /** Deletes an article with its revisions and former slugs. */
    async deleteArticle(
      key: string,
      input: { baseVersion: number; actor: string | null; record?: RecordChange },
    ): Promise<{ change: ContentChange }> {
      return writeDocument(key, input, async (trx, row) => {
        assertArticle(row, 'deleted')
        await checkCandidate(trx, (candidate) => {
          without(candidate, key)
          candidate.redirects = candidate.redirects.filter((r) => r.to !== row.slug)
        })
        await trx.deleteFrom('content_document').where('id', '=', row.id).execute()
        const at = nowIso()
        const contentVersion =
          row.status !== 'draft' ? await bumpContentVersion(trx, at) : undefined
        return {
          change: {
            ...changeOf(row, 'deleted', { actor: input.actor, at, version: 0 }),
            ...(contentVersion !== undefined && { contentVersion }),
          },
        }
      })
    },
  }
}

export type ContentRepository = ReturnType<typeof createContentRepository>
