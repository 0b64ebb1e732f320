/**
 * The one place that opens a database. Embedded SQLite (Node's built-in node:sqlite) by default;
 * PostgreSQL when DATABASE_URL is set, so several server processes can share one database.
 * See docs/decisions/002-database.md.
 */
import fs from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import { Migrator, type Migration } from 'kysely/migration'
import pg from 'pg'
import type { DatabaseSchema } from './schema.ts'
import { migrations as defaultMigrations } from '#server/db/migrations/index.ts'
import { adaptNodeSqlite } from './sqlite-adapter.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface Database {
  readonly db: Kysely<DatabaseSchema>
  readonly dialect: Dialect
  /** Where the data lives, without credentials: a file path or host/database. */
  readonly location: string
  /** Round-trips a trivial query; throws when the database cannot answer. */
  ping(): Promise<void>
  close(): Promise<void>
}

export interface OpenOptions {
  /** Folder of the SQLite file; created when missing. Ignored when databaseUrl is set. */
  dataDir: string
  databaseUrl?: string | undefined
  /** SQLite file name inside dataDir. */
  fileName?: string
  migrations?: Record<string, Migration>
}

function openSqlite(dataDir: string, fileName: string) {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, fileName)
  const database = new DatabaseSync(file, { timeout: 5000 })
  // WAL lets readers work while a write commits; synchronous=FULL fsyncs the WAL on every
  // commit, so a write we acknowledged survives a crash or power loss.
  database.exec('PRAGMA journal_mode = WAL')
  database.exec('PRAGMA synchronous = FULL')
  database.exec('PRAGMA foreign_keys = ON')
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: adaptNodeSqlite(database) }),
  })
  return { db, location: file }
}

function openPostgres(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // An idle connection can be closed by the server (restart, failover, admin command). pg reports
  // that on the pool; unhandled, it would crash the process. The pool replaces the connection.
  pool.on('error', (error) => {
    console.error(`PostgreSQL closed an idle connection: ${error.message}`)
  })
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) })
  const url = new URL(databaseUrl)
  return { db, location: `${url.hostname}:${url.port || 5432}${url.pathname}` }
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite'
  const { db, location } = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(options.dataDir, options.fileName ?? 'site.sqlite')

  const database: Database = {
    db,
    dialect,
    location,
    async ping() {
      await sql`select 1`.execute(db)
    },
    async close() {
      await db.destroy()
    },
  }

  try {
    await migrate(database, options.migrations ?? defaultMigrations)
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}

async function migrate(database: Database, migrations: Record<string, Migration>) {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    const name = failed ? ` (migration ${failed.migrationName})` : ''
    throw new Error(
      `Database migration failed${name}: ${String((error as Error)?.message ?? error)}`,
      {
        cause: error,
      },
    )
  }
}
