/** Commands that change what visitors see: publish (now or scheduled), unpublish. */
import { sql } from 'kysely'
import type { DocumentKind } from '#common/content/snapshot.ts'
import { newRowId } from '#server/db/ids.ts'
import { ContentActionError } from '../errors.ts'
import {
  assertArticle,
  checkCandidate,
  parsed,
  withDocument,
  withoutDocument,
} from './candidate.ts'
import { documentState } from './queries.ts'
import { bumpContentVersion, changeOf, writeDocument } from './transaction.ts'
import {
  nowIso,
  type ContentStore,
  type Db,
  type DocumentChanged,
  type DocumentRow,
  type DocumentWrite,
} from './types.ts'

/** Writes a new revision of a document, makes it the published one, clears the draft. */
export async function publishRevision(
  store: ContentStore,
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
  const contentVersion = await bumpContentVersion(store, trx, details.at)
  return { revisionId, number, contentVersion, version: Number(row.version) + 1 }
}

/** The draft, or without one the published content: what a publish puts out. */
async function contentToPublish(trx: Db, row: DocumentRow) {
  if (row.draft_data !== null)
    return { data: JSON.parse(row.draft_data) as unknown, body: row.draft_body }
  const current = (await documentState(trx, row.key)).published
  if (!current)
    throw new ContentActionError(`${row.key} has nothing to publish: save a draft first.`)
  return { data: current.data, body: current.body }
}

/**
 * Publishes the draft (or, without one, the last published content again) as a new
 * revision, in one transaction that raises the content version. With `at` in the future an
 * article not yet live is scheduled instead: visitors see it from that time.
 */
export function publish(
  store: ContentStore,
  key: string,
  input: DocumentWrite & { note?: string; at?: Date },
): Promise<DocumentChanged> {
  return writeDocument(store, key, input, async (trx, row) => {
    const at = nowIso(store)
    const publishAt = input.at ? input.at.toISOString() : at
    const scheduled = publishAt > at
    if (scheduled) {
      assertArticle(row, 'scheduled')
      if (row.status === 'published')
        throw new ContentActionError(
          `${row.key} is live: publish the change now, or unpublish it before scheduling it.`,
        )
    }
    const content = await contentToPublish(trx, row)
    const document = parsed({ key, kind: row.kind as DocumentKind, slug: row.slug, ...content })
    await checkCandidate(trx, (candidate) => withDocument(candidate, document))
    const result = await publishRevision(
      store,
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
      document: await documentState(trx, key),
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
}

/** Takes an article off the site (it keeps its revisions and can be published again). */
export function unpublish(
  store: ContentStore,
  key: string,
  input: DocumentWrite,
): Promise<DocumentChanged> {
  return writeDocument(store, key, input, async (trx, row) => {
    assertArticle(row, 'unpublished')
    if (row.status === 'draft') throw new ContentActionError(`${key} is not published.`)
    // Its former slugs go with it (they redirect again once it is published again).
    await checkCandidate(trx, (candidate) => withoutDocument(candidate, row))
    const at = nowIso(store)
    const version = Number(row.version) + 1
    await trx
      .updateTable('content_document')
      .set({ status: 'draft', publish_at: null, version, updated_at: at, updated_by: input.actor })
      .where('id', '=', row.id)
      .execute()
    const contentVersion = await bumpContentVersion(store, trx, at)
    return {
      document: await documentState(trx, key),
      change: changeOf(row, 'unpublished', { actor: input.actor, at, version, contentVersion }),
    }
  })
}
