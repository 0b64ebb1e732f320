/**
 * One transaction, and one writer of a kind at a time across every process: on PostgreSQL an
 * advisory lock on `lockKeys` taken inside the transaction; on SQLite the write lock taken at
 * BEGIN IMMEDIATE (a plain BEGIN would read first and fail with "database is locked" when another
 * process writes at the same moment, instead of waiting its turn). Content writes and the search
 * index use it, each with its own keys.
 *
 * SQLite waits for a lock another process holds in its busy handler, asleep on the thread that
 * asked: a server's event loop stood still for as long as another process wrote (66 ms of a
 * publish at 1,100 episodes, docs/benchmarks.md). Here the lock is asked for without that wait,
 * and asked again after a pause on a timer, for as long as the busy handler would have waited.
 */
import { setTimeout as pause } from 'node:timers/promises'
import { sql, type Kysely } from 'kysely'
import type { Database } from './index.ts'
import type { DatabaseSchema } from './schema.ts'
import { isSqliteBusy, SQLITE_BUSY_TIMEOUT_MS } from './sqlite-adapter.ts'

/** The longest pause between two tries for SQLite's write lock. */
const MAX_PAUSE_MS = 16

/** BEGIN IMMEDIATE on a connection of this process's own, waiting on timers while it is taken. */
async function beginImmediate(connection: Kysely<DatabaseSchema>) {
  const deadline = performance.now() + SQLITE_BUSY_TIMEOUT_MS
  await sql`pragma busy_timeout = 0`.execute(connection)
  try {
    for (let wait = 1; ; wait = Math.min(wait * 2, MAX_PAUSE_MS)) {
      try {
        await sql`begin immediate`.execute(connection)
        return
      } catch (error) {
        if (!isSqliteBusy(error) || performance.now() >= deadline) throw error
      }
      await pause(wait)
    }
  } finally {
    await sql`pragma busy_timeout = ${sql.lit(SQLITE_BUSY_TIMEOUT_MS)}`.execute(connection)
  }
}

export function serialisedWrite<T>(
  database: Database,
  lockKeys: readonly [number, number],
  fn: (trx: Kysely<DatabaseSchema>) => Promise<T>,
): Promise<T> {
  if (database.dialect === 'sqlite')
    return database.db.connection().execute(async (connection) => {
      await beginImmediate(connection)
      try {
        const result = await fn(connection)
        await sql`commit`.execute(connection)
        return result
      } catch (error) {
        await sql`rollback`.execute(connection)
        throw error
      }
    })
  return database.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(lockKeys[0])}, ${sql.lit(lockKeys[1])})`.execute(
      trx,
    )
    return fn(trx)
  })
}
