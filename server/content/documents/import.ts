/** The first import of a content snapshot (the content/ folder) into the database. */
import {
  snapshotDocuments,
  type ContentDocument,
  type ContentSnapshot,
} from '#common/content/snapshot.ts'
import { newRowId } from '#server/db/ids.ts'
import { snapshotOf } from './candidate.ts'
import { bumpContentVersion, write } from './transaction.ts'
import { nowIso, type ContentChange, type ContentStore, type Db } from './types.ts'

export type ImportResult =
  | { imported: true; documents: number; contentVersion: number; change: ContentChange }
  | { imported: false; existingDocuments: number }

interface ImportRow {
  document: ContentDocument
  id: string
  revisionId: string
}

/**
 * An imported document's row: published, or scheduled when it is an episode whose publication
 * time is still to come (the site lists it from that time, as one scheduled in the back office).
 */
function documentRow({ document, id, revisionId }: ImportRow, at: string, actor: string | null) {
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
}

/**
 * Rows per insert statement. SQLite takes at most 32,766 bound values in one statement and a
 * document row has 13: one statement for every document stopped a content of 3,650 episodes
 * ("too many SQL variables"). PostgreSQL's limit (65,535) is met later the same way.
 */
export const ROWS_PER_INSERT = 500

function inParts<T>(rows: readonly T[]): T[][] {
  const parts: T[][] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    parts.push(rows.slice(i, i + ROWS_PER_INSERT))
  return parts
}

async function insertSnapshot(
  trx: Db,
  snapshot: ContentSnapshot,
  details: { actor: string | null; note?: string | undefined; at: string },
): Promise<number> {
  const { actor, at } = details
  const ids = new Map<string, string>()
  const rows = snapshotDocuments(snapshot).map((document) => {
    const id = newRowId()
    if (document.slug) ids.set(document.slug, id)
    return { document, id, revisionId: newRowId() }
  })
  for (const part of inParts(rows))
    await trx
      .insertInto('content_document')
      .values(part.map((row) => documentRow(row, at, actor)))
      .execute()
  for (const part of inParts(rows))
    await trx
      .insertInto('content_revision')
      .values(
        part.map(({ document, id, revisionId }) => ({
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
  for (const part of inParts(snapshot.redirects))
    await trx
      .insertInto('content_redirect')
      .values(
        part.map((redirect) => ({
          from_slug: redirect.from,
          document_id: ids.get(redirect.to)!,
          created_at: at,
        })),
      )
      .execute()
  return rows.length
}

/**
 * Imports a snapshot as the first revision of every document, published. Into an empty
 * database only, unless `replace` (which deletes every document, revision and redirect
 * first). Safe when several processes start at once: one imports, the others find it done.
 */
export function importSnapshot(
  store: ContentStore,
  snapshot: ContentSnapshot,
  details: { actor?: string | null; replace?: boolean; note?: string } = {},
): Promise<ImportResult> {
  const actor = details.actor ?? null
  return write(store, async (trx) => {
    await snapshotOf(trx, { documents: snapshotDocuments(snapshot), redirects: snapshot.redirects })
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
    const at = nowIso(store)
    const documents = await insertSnapshot(trx, snapshot, { actor, note: details.note, at })
    const contentVersion = await bumpContentVersion(store, trx, at)
    return {
      imported: true as const,
      documents,
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
}
