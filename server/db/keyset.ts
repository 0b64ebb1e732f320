/**
 * Reading a table in pages without OFFSET: each page starts after the last row of the one before,
 * ordered by (created_at, id), oldest first (exports) or newest first (the back office's lists).
 * Row-value comparison works the same on SQLite and PostgreSQL and is an index range scan on an
 * index over (created_at, id), however deep the page.
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

/** The condition "comes before this row" in (created_at, id) order: the next page, newest first. */
export function beforeCursor(cursor: KeysetCursor): RawBuilder<boolean> {
  return sql<boolean>`(created_at, id) < (${cursor.created_at}, ${cursor.id})`
}

/** A cursor as an opaque URL-safe string, for an API's "next page" link. */
export function encodeCursor(row: KeysetCursor): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url')
}

/** The cursor of encodeCursor, or undefined for anything else. */
export function decodeCursor(value: string | undefined): KeysetCursor | undefined {
  if (!value) return undefined
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      parsed.every((part) => typeof part === 'string' && part.length <= 64)
    )
      return { created_at: parsed[0] as string, id: parsed[1] as string }
  } catch {
    // not a cursor
  }
  return undefined
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
