/**
 * The routes every kind of content document shares, articles and pages as episodes: read one,
 * change one from the version the editor opened (recorded in the audit log in its transaction,
 * refusals answered by field), delete one. A kind says how it answers and how the audit log
 * names it; the routes are the same.
 */
import type { z } from 'zod'
import type { Contract } from '#common/api-contract.ts'
import { DeletedAnswerSchema } from '#common/content-admin-answers.ts'
import type { DeletedAnswer } from '#common/content-admin.ts'
import { byKey, type DocumentKind } from '#common/content/snapshot.ts'
import type { AuditEntry } from '#server/back-office/audit.ts'
import type { RouteContext, SignedInStaff } from '#server/back-office/table.ts'
import { ADMIN_ONLY } from '#server/back-office/roles.ts'
import { staffRef } from '../answers.ts'
import type { ContentChange, DocumentState, RecordChange } from '../repository.ts'
import { EDITORS, type ContentRoutes } from './context.ts'

type Context = RouteContext<unknown, unknown, unknown, SignedInStaff>

/** A kind of document in the back office: its answer, its audit entries, its form's names. */
export interface DocumentKindRoutes<Answer> {
  routes: ContentRoutes
  /** The kind a document of these routes has, when it cannot be read. */
  kind: DocumentKind
  /** The schema of `respond`'s answer, every route's answer's. */
  response: z.ZodType
  /** The document as it now is: every route's answer. */
  respond(key: string, now: Date): Promise<Answer>
  /** The audit log's entry for a change, given the document's title. */
  audit(change: ContentChange, title: string): AuditEntry
  /** The title the audit log names a document by, from its newest content. */
  title(key: string, latest: { data: unknown; slug: string | null } | undefined): string
  /** Renames a problem's field to the form's (an episode's "files.transcript" is "transcript"). */
  field?: (name: string) => string
}

/** What every change to a document hands the repository: the version opened, who, the log. */
export interface DocumentChange {
  baseVersion: number
  actor: string
  record: RecordChange
}

/** Whether visitors see a document now. */
export const isLive = (state: Pick<DocumentState, 'status' | 'publishAt'>, now: Date) =>
  state.status === 'published' ||
  (state.status === 'scheduled' && state.publishAt !== null && state.publishAt <= now.toISOString())

type Listed = Awaited<ReturnType<ContentRoutes['repository']['listDocuments']>>[number]

/** What every list of documents shows of one: its state, its last change, its public address. */
export function listedState(
  document: Listed,
  labels: Map<string, string>,
  now: Date,
  /** Where its page is, before the slug: "/articles". */
  path: string,
) {
  return {
    key: document.key,
    slug: document.slug ?? '',
    status: document.status,
    publishAt: document.publishAt,
    hasDraft: document.hasDraft,
    version: document.version,
    updatedAt: document.updatedAt,
    updatedBy: staffRef(labels, document.updatedBy),
    url: isLive(document, now) && document.slug ? `${path}/${document.slug}` : null,
  }
}

/** The sources a document's own problems carry: its key, and its label by slug. */
export function ownSources(key: string, kind: DocumentKind, slugs: (string | null)[]) {
  return new Set([key, ...slugs.map((slug) => byKey({ key, kind, slug }))])
}

/** An existing document's own problem sources. */
export async function ownOf<A>(kind: DocumentKindRoutes<A>, key: string): Promise<Set<string>> {
  const state = await kind.routes.repository.getDocument(key).catch(() => undefined)
  return ownSources(key, state?.kind ?? kind.kind, [state?.slug ?? null])
}

/** A document's newest content (its draft's, else its published revision's), in `trx`. */
async function latestOf(trx: ContentRoutes['db'], key: string) {
  const row = await trx
    .selectFrom('content_document as d')
    .leftJoin('content_revision as r', 'r.id', 'd.published_revision_id')
    .select(['d.draft_data', 'r.data', 'd.slug'])
    .where('d.key', '=', key)
    .executeTakeFirst()
  if (!row) return undefined
  return { data: JSON.parse(row.draft_data ?? row.data ?? 'null') as unknown, slug: row.slug }
}

/** The document's title for the audit log, read in `trx` (in the change's transaction). */
export async function auditTitle<A>(
  kind: DocumentKindRoutes<A>,
  trx: ContentRoutes['db'],
  key: string,
) {
  return kind.title(key, await latestOf(trx, key))
}

/** Records a change in the audit log, inside its transaction, under `title` or the one read. */
export const recorder =
  <A>(kind: DocumentKindRoutes<A>, context: Context, title?: string): RecordChange =>
  async (change, trx) =>
    context.audit(kind.audit(change, title ?? (await auditTitle(kind, trx, change.key))), trx)

/** GET one document. */
export function documentRead<A, Params>(
  kind: DocumentKindRoutes<A>,
  definition: {
    contract: Contract<{ params: z.ZodType<Params>; response: z.ZodType }>
    params: z.ZodType<Params>
    keyOf(params: Params): string
  },
) {
  kind.routes.backOffice.route(EDITORS, definition.contract, {
    params: definition.params,
    response: kind.response,
    async handler({ params, reply, now }) {
      const key = definition.keyOf(params)
      return kind.routes.answer(reply, new Set(), () => kind.respond(key, now), kind.field)
    },
  })
}

/**
 * A route that changes one document: the repository call, with the version the editor opened,
 * who they are and the audit log; then the document as it now is. `live`: a change visitors
 * see, so this process looks for it at once.
 */
export function documentCommand<A, Params, Body extends { baseVersion: number }>(
  kind: DocumentKindRoutes<A>,
  definition: {
    contract: Contract<{ params: z.ZodType<Params>; body: z.ZodType<Body>; response: z.ZodType }>
    params: z.ZodType<Params>
    body: z.ZodType<Body>
    keyOf(params: Params): string
    live: boolean
    change(
      key: string,
      body: Body,
      change: DocumentChange,
      request: { params: Params; now: Date },
    ): Promise<unknown>
  },
) {
  const { backOffice, answer } = kind.routes
  backOffice.route(EDITORS, definition.contract, {
    params: definition.params,
    body: definition.body,
    response: kind.response,
    async handler(context) {
      const { params, body, staff, reply, now } = context
      const key = definition.keyOf(params)
      const change = {
        baseVersion: body.baseVersion,
        actor: staff.id,
        record: recorder(kind, context),
      }
      return answer(
        reply,
        await ownOf(kind, key),
        async () => {
          await definition.change(key, body, change, { params, now })
          if (definition.live) kind.routes.site?.changed()
          return kind.respond(key, now)
        },
        kind.field,
      )
    },
  })
}

/** DELETE one document (administrators only), named in the log by its title read before. */
export function documentDelete<A, Params>(
  kind: DocumentKindRoutes<A>,
  definition: {
    contract: Contract<{
      params: z.ZodType<Params>
      query: z.ZodType<{ baseVersion: number }>
      response: typeof DeletedAnswerSchema
    }>
    params: z.ZodType<Params>
    query: z.ZodType<{ baseVersion: number }>
    keyOf(params: Params): string
  },
) {
  const { backOffice, answer, repository, db } = kind.routes
  backOffice.route(ADMIN_ONLY, definition.contract, {
    params: definition.params,
    query: definition.query,
    response: DeletedAnswerSchema,
    async handler(context) {
      const { params, query, staff, reply } = context
      const key = definition.keyOf(params)
      return answer(reply, await ownOf(kind, key), async () => {
        const title = await auditTitle(kind, db, key)
        await repository.deleteArticle(key, {
          baseVersion: query.baseVersion,
          actor: staff.id,
          record: recorder(kind, context, title),
        })
        kind.routes.site?.changed()
        return {
          deleted: key,
          contentVersion: await repository.contentVersion(),
        } satisfies DeletedAnswer
      })
    },
  })
}
