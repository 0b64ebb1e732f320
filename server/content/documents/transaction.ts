/**
 * How every content write runs: in one transaction, one writer at a time across processes, with
 * its change recorded in the same transaction; and the rows it starts from.
 */
import type { DocumentKind } from '#common/content/snapshot.ts'
import { CONTENT_VERSION_CHANNEL, raiseContentVersion } from '#server/db/content-version.ts'
import { serialisedWrite } from '#server/db/serialised-write.ts'
import { ContentConflictError, ContentNotFoundError } from '../errors.ts'
import type {
  ContentAction,
  ContentChange,
  ContentStore,
  Db,
  DocumentRow,
  RecordChange,
} from './types.ts'

/** pg_advisory_xact_lock(key1, key2): "LLL" (the site) and 400 (content writes). */
const LOCK_KEYS = [0x4c4c4c, 400] as const

export { CONTENT_VERSION_CHANNEL }

/** One transaction, and one content writer at a time across every process (server/db). */
export function write<T>(store: ContentStore, fn: (trx: Db) => Promise<T>): Promise<T> {
  return serialisedWrite(store.database, LOCK_KEYS, fn)
}

/**
 * A write to one document the editor opened at `baseVersion`: refused with who changed it and
 * when if it has changed since.
 */
export function writeDocument<T extends { change: ContentChange }>(
  store: ContentStore,
  key: string,
  input: { baseVersion: number; record?: RecordChange | undefined },
  fn: (trx: Db, row: DocumentRow) => Promise<T>,
): Promise<T> {
  return write(store, async (trx) => {
    const row = await findRow(trx, key)
    assertVersion(row, input.baseVersion)
    return recorded(trx, input.record, await fn(trx, row))
  })
}

/** Raises the content version, which every publish does; other processes watch it. */
export function bumpContentVersion(_store: ContentStore, trx: Db, at: string): Promise<number> {
  return raiseContentVersion(trx, at)
}

/** Runs a mutation and records its change in the same transaction. */
export async function recorded<T extends { change: ContentChange }>(
  trx: Db,
  record: RecordChange | undefined,
  result: T,
): Promise<T> {
  if (record) await record(result.change, trx)
  return result
}

export async function findRow(trx: Db, key: string): Promise<DocumentRow> {
  const row = await trx
    .selectFrom('content_document')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst()
  if (!row) throw new ContentNotFoundError(`There is no content document "${key}".`)
  return row
}

export function assertVersion(row: DocumentRow, baseVersion: number) {
  if (Number(row.version) !== baseVersion)
    throw new ContentConflictError({
      key: row.key,
      version: Number(row.version),
      updatedBy: row.updated_by,
      updatedAt: row.updated_at,
    })
}

export function changeOf(
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
