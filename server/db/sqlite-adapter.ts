/**
 * Kysely's SqliteDialect expects the better-sqlite3 interface; Node 24 ships its own SQLite as
 * `node:sqlite` (no native addon to compile). This adapter bridges the two: whether a statement
 * returns rows is read from its column list, and booleans become 0/1, which SQLite stores anyway.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

/**
 * How long a statement waits for another connection's write lock before it fails with "database
 * is locked" (SQLite's busy timeout: a synchronous wait, on the thread that runs the statement).
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000

/** Whether node:sqlite failed because another connection holds the lock (SQLITE_BUSY). */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode
  return typeof code === 'number' && (code & 0xff) === 5
}

function toSqlite(values: ReadonlyArray<unknown>): SQLInputValue[] {
  return values.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0
    if (value instanceof Date) return value.toISOString()
    if (value === undefined) return null
    return value as SQLInputValue
  })
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean
  readonly #statement: StatementSync

  constructor(statement: StatementSync) {
    this.#statement = statement
    this.reader = statement.columns().length > 0
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...toSqlite(parameters))
  }

  run(parameters: ReadonlyArray<unknown>) {
    const { changes, lastInsertRowid } = this.#statement.run(...toSqlite(parameters))
    return { changes, lastInsertRowid }
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#statement.iterate(...toSqlite(parameters))
  }
}

export function adaptNodeSqlite(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql) => new NodeSqliteStatement(database.prepare(sql)),
  }
}
