/**
 * Reading a whole table in pages, oldest first, without OFFSET: each page starts after the last
 * row of the one before, ordered by (created_at, id). Row-value comparison works the same on
 * SQLite and PostgreSQL.
 */
import { sql, type RawBuilder } from 'kysely'

export interface KeysetCursor {
  created_at: string
  id: string
}

/** The condition "comes after this row" in (created_at, id) order. */
export function afterCursor(cursor: KeysetCursor): RawBuilder<boolean> {
  return sql<boolean>`(created_at, id) > (${cursor.created_at}, ${cursor.id})`
}

/**
 * Yields every row of `fetchPage`, page by page, until a page comes back short. `fetchPage`
 * must order by created_at, then id, and apply `afterCursor(after)` when `after` is given.
 */
export async function* keysetPages<Row extends KeysetCursor>(
  fetchPage: (after: KeysetCursor | undefined, limit: number) => Promise<Row[]>,
  pageSize = 500,
): AsyncGenerator<Row> {
  let after: KeysetCursor | undefined
  for (;;) {
    const rows = await fetchPage(after, pageSize)
    yield* rows
    if (rows.length < pageSize) return
    after = rows.at(-1)!
  }
}
