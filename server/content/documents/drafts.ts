/** Commands on a document's draft: create it, save it, discard it, delete the document. */
import { normaliseBody } from '#common/content/articles.ts'
import { ContentError, type ContentProblem } from '#common/content/problems.ts'
import { byKey, SLUGGED_KINDS, type DocumentKind } from '#common/content/snapshot.ts'
import { newRowId } from '#server/db/ids.ts'
import { ContentActionError } from '../errors.ts'
import { slugProblems } from './address.ts'
import { assertArticle, checkCandidate, checkDraft, withoutDocument } from './candidate.ts'
import { documentState } from './queries.ts'
import {
  assertVersion,
  bumpContentVersion,
  changeOf,
  findRow,
  recorded,
  write,
  writeDocument,
} from './transaction.ts'
import {
  nowIso,
  type ContentChange,
  type ContentStore,
  type DocumentChanged,
  type DocumentWrite,
  type RecordChange,
} from './types.ts'

/** A draft saved, with what keeps it from being published. */
export interface DraftSaved extends DocumentChanged {
  problems: ContentProblem[]
}

/** A new article or episode, as a draft, keyed by a new id ("episode/<id>"). */
export function createDocument(
  store: ContentStore,
  input: {
    kind: 'article' | 'episode'
    slug: string
    data: unknown
    body: string
    actor: string | null
    record?: RecordChange
  },
): Promise<DraftSaved> {
  const { kind } = input
  return write(store, async (trx) => {
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
    const at = nowIso(store)
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
      document: await documentState(trx, key),
      change: changeOf({ key, kind, slug: input.slug }, 'created', {
        actor: input.actor,
        at,
        version: 1,
      }),
      problems,
    })
  })
}

/**
 * Saves unpublished changes. `baseVersion` is the version the editor started from: if the
 * document changed since, nothing is saved and a ContentConflictError says who changed it
 * and when. The draft is checked like a publish would be.
 */
export function saveDraft(
  store: ContentStore,
  key: string,
  input: DocumentWrite & { data: unknown; body?: string | null },
): Promise<DraftSaved> {
  return writeDocument(store, key, input, async (trx, row) => {
    const { document: draft, problems } = await checkDraft(trx, {
      key,
      kind: row.kind as DocumentKind,
      slug: row.slug,
      data: input.data,
      body: SLUGGED_KINDS.has(row.kind as DocumentKind) ? normaliseBody(input.body ?? '') : null,
    })
    const at = nowIso(store)
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
      document: await documentState(trx, key),
      change: changeOf(row, 'draft-saved', { actor: input.actor, at, version }),
      problems,
    }
  })
}

/**
 * Throws away the unpublished changes: the document is again what visitors see (an article
 * never published keeps its draft: there is nothing to go back to).
 */
export function discardDraft(
  store: ContentStore,
  key: string,
  input: DocumentWrite,
): Promise<DocumentChanged> {
  return writeDocument(store, key, input, async (trx, row) => {
    if (row.draft_data === null)
      throw new ContentActionError(`${key} has no unpublished changes to discard.`)
    if (row.published_revision_id === null)
      throw new ContentActionError(
        `${key} has never been published: its draft is all there is. Delete the article instead.`,
      )
    const at = nowIso(store)
    const version = Number(row.version) + 1
    await trx
      .updateTable('content_document')
      .set({ draft_data: null, draft_body: null, version, updated_at: at, updated_by: input.actor })
      .where('id', '=', row.id)
      .execute()
    return {
      document: await documentState(trx, key),
      change: changeOf(row, 'draft-discarded', { actor: input.actor, at, version }),
    }
  })
}

/** Deletes an article or episode with its revisions and former slugs. */
export function deleteDocument(
  store: ContentStore,
  key: string,
  input: DocumentWrite,
): Promise<{ change: ContentChange }> {
  return writeDocument(store, key, input, async (trx, row) => {
    assertArticle(row, 'deleted')
    await checkCandidate(trx, (candidate) => withoutDocument(candidate, row))
    await trx.deleteFrom('content_document').where('id', '=', row.id).execute()
    const at = nowIso(store)
    const contentVersion =
      row.status !== 'draft' ? await bumpContentVersion(store, trx, at) : undefined
    return {
      change: {
        ...changeOf(row, 'deleted', { actor: input.actor, at, version: 0 }),
        ...(contentVersion !== undefined && { contentVersion }),
      },
    }
  })
}
