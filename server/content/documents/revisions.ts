/** A document's history: its revisions, and publishing an earlier one again. */
import type { DocumentKind } from '#common/content/snapshot.ts'
import { ContentNotFoundError } from '../errors.ts'
import { checkCandidate, parsed, withDocument } from './candidate.ts'
import { publishRevision } from './publishing.ts'
import { documentState } from './queries.ts'
import { changeOf, findRow, writeDocument } from './transaction.ts'
import {
  nowIso,
  type ContentStore,
  type DocumentChanged,
  type DocumentWrite,
  type Revision,
  type RevisionSummary,
} from './types.ts'

/** Every revision of a document, newest first. */
export async function listRevisions({ db }: ContentStore, key: string): Promise<RevisionSummary[]> {
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
}

/** One revision with its content. */
export async function getRevision(
  { db }: ContentStore,
  key: string,
  revisionId: string,
): Promise<Revision> {
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
}

/**
 * Publishes an earlier revision's content again, as a new revision (history is never
 * rewritten). Discards the draft. Checked like any publish: a revision that refers to a
 * picture removed since is refused.
 */
export function restoreRevision(
  store: ContentStore,
  key: string,
  revisionId: string,
  input: DocumentWrite,
): Promise<DocumentChanged> {
  return writeDocument(store, key, input, async (trx, row) => {
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
    const at = nowIso(store)
    const note = `Restored revision ${revision.number}`
    const result = await publishRevision(
      store,
      trx,
      row,
      { data: document.data, body: document.body },
      { actor: input.actor, note, at, publishAt: at, status: 'published' },
    )
    return {
      document: await documentState(trx, key),
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
}
