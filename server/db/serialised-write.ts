/**
 * One transaction, and one writer of a kind at a time across every process: on PostgreSQL an
 * advisory lock on `lockKeys` taken inside the transaction; on SQLite the write lock taken at
 * BEGIN IMMEDIATE (a plain BEGIN would read first and fail with "database is locked" when another
 * process writes at the same moment, instead of waiting its turn). Content writes and the search
 * index use it, each with its own keys.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from './index.ts'
import type { DatabaseSchema } from './schema.ts'

export function serialisedWrite<T>(
  database: Database,
  lockKeys: readonly [number, number],
  fn: (trx: Kysely<DatabaseSchema>) => Promise<T>,
): Promise<T> {
  if (database.dialect === 'sqlite')
    return database.db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection)
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
