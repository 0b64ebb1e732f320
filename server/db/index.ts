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
import { adaptNodeSqlite, SQLITE_BUSY_TIMEOUT_MS } from './sqlite-adapter.ts'
import { poolOfKnownConnections } from './pg-pool.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface Database {
  readonly db: Kysely<DatabaseSchema>
  readonly dialect: Dialect
  /** Where the data lives, without credentials: a file path or host/database. */
  readonly location: string
  /** Round-trips a trivial query; throws when the database cannot answer within timeoutMs. */
  ping(timeoutMs?: number): Promise<void>
  /**
   * PostgreSQL: LISTEN on a channel, on a connection of its own that comes back by itself after
   * it is lost; `onNotify` gets each NOTIFY's payload, and `undefined` after a reconnection (a
   * notification may have been missed meanwhile). SQLite: nothing to listen to (one process
   * writes; the caller polls).
   */
  listen(channel: string, onNotify: (payload: string | undefined) => void): Listener
  close(): Promise<void>
}

export interface Listener {
  close(): Promise<void>
}

export interface OpenOptions {
  /** Folder of the SQLite file; created when missing. Ignored when databaseUrl is set. */
  dataDir: string
  databaseUrl?: string | undefined
  /** SQLite file name inside dataDir. */
  fileName?: string
  migrations?: Record<string, Migration>
  /** PostgreSQL: how long opening a connection may take before the query fails. */
  connectTimeoutMs?: number
  /** PostgreSQL: how long one statement may run (enforced by the server and by the client). */
  statementTimeoutMs?: number
  /** Where pool errors go; the server passes its logger. */
  log?: { warn(object: object, message: string): void }
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 3000
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000

// PostgreSQL error classes that mean "the database is not there right now", not "the query is
// wrong": connection exceptions (08), operator intervention (57: shutdown, cannot connect now,
// statement timeout) and too many connections.
const UNAVAILABLE_SQLSTATE = /^(08|57|53300)/
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
])
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|database did not answer within|Client has encountered a connection error/i

/**
 * True when an error says the database cannot be reached or did not answer in time: the API
 * answers 503 (try again later), not 500 (our bug).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_CODES.has(code) ||
        (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.test(code)))
    )
      return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * Waits for work on the database at most `ms` milliseconds, then rejects with an error that
 * isDatabaseUnavailable recognises (the request answers 503). A database that stopped answering
 * (a frozen server, a network that drops packets) enforces no timeout of its own, and the
 * client's own gives up only after a statement's full time; a request waits this long at most.
 * The work itself is not cancelled: it finishes or fails in the background, so a write's caller
 * says `unconfirmed` (the visitor is then not told that nothing was saved).
 */
export async function answerWithin<T>(
  work: Promise<T>,
  ms: number,
  { unconfirmed = false }: { unconfirmed?: boolean } = {},
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    // setTimeout fires at once past 2^31 - 1 ms; no wait that long is meant.
    timer = setTimeout(
      () => reject(databaseSilent(ms, { unconfirmed })),
      Math.min(Math.max(0, ms), 2 ** 31 - 1),
    )
  })
  work.catch(() => {})
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The error of a database that did not answer in time (isDatabaseUnavailable: true).
 * `unconfirmed`: the work was sent and may still complete after the answer (a write may land),
 * so the visitor must not be told that nothing was saved.
 */
export function databaseSilent(ms: number, { unconfirmed = false } = {}): Error {
  return Object.assign(new Error(`The database did not answer within ${Math.round(ms)} ms.`), {
    unconfirmed,
  })
}

/** Whether an error says that work was sent to the database and its outcome is unknown. */
export function isUnconfirmed(error: unknown): boolean {
  return (error as { unconfirmed?: unknown } | null)?.unconfirmed === true
}

function openSqlite(dataDir: string, fileName: string) {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, fileName)
  const database = new DatabaseSync(file, { timeout: SQLITE_BUSY_TIMEOUT_MS })
  // WAL lets readers work while a write commits; synchronous=FULL fsyncs the WAL on every
  // commit, so a write we acknowledged survives a crash or power loss.
  database.exec('PRAGMA journal_mode = WAL')
  database.exec('PRAGMA synchronous = FULL')
  database.exec('PRAGMA foreign_keys = ON')
  // What a delete or an update leaves behind (a sent mail's token, an erased person) is
  // overwritten with zeros, not left in the file's free space (docs/privacy.md).
  database.exec('PRAGMA secure_delete = ON')
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: adaptNodeSqlite(database) }),
  })
  return { db, location: file }
}

function openPostgres(databaseUrl: string, options: OpenOptions) {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // Without these a stopped or frozen database makes every query wait forever.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    // The server enforces statement_timeout; a frozen server enforces nothing, so the client
    // gives up a little later on its own.
    query_timeout: statementTimeoutMs + 1000,
    keepAlive: true,
  })
  // A connection can be closed by the server (restart, failover, admin command). pg reports that
  // as an 'error' event: on the pool for an idle connection, on the client for one that is checked
  // out between two queries. Unhandled, either would crash the process; handled, the pool drops
  // the connection and opens a new one when needed.
  const report = (error: Error) => {
    const message = 'PostgreSQL closed a connection; the pool opens a new one when needed'
    if (options.log) options.log.warn({ err: error }, message)
    else console.error(`${message}: ${error.message}`)
  }
  pool.on('error', report)
  pool.on('connect', (client) => client.on('error', report))
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: poolOfKnownConnections(pool) }),
  })
  const url = new URL(databaseUrl)
  return { db, location: `${url.hostname}:${url.port || 5432}${url.pathname}` }
}

/** How long to wait before connecting again after the listening connection was lost. */
const LISTEN_RETRY_MS = [500, 1000, 2000, 5000] as const

function listenPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string | undefined) => void,
  options: OpenOptions,
): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`)
  let client: pg.Client | undefined
  let closed = false
  let failures = 0
  let timer: NodeJS.Timeout | undefined
  const warn = (error: Error, message: string) =>
    options.log
      ? options.log.warn({ err: error }, message)
      : console.error(`${message}: ${error.message}`)

  const retry = () => {
    if (closed || timer) return
    const delay = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)]!
    failures++
    timer = setTimeout(() => {
      timer = undefined
      void connect(true)
    }, delay)
    timer.unref()
  }

  async function connect(again: boolean) {
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    const lost = (error?: Error) => {
      if (client !== next) return
      client = undefined
      if (error)
        warn(
          error,
          `the PostgreSQL connection listening on "${channel}" was lost; connecting again`,
        )
      next.end().catch(() => {})
      retry()
    }
    next.on('error', lost)
    next.on('end', () => lost())
    try {
      await next.connect()
      await next.query(`LISTEN ${channel}`)
    } catch (error) {
      next.end().catch(() => {})
      if (!closed) warn(error as Error, `could not LISTEN on "${channel}"; trying again`)
      retry()
      return
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    client = next
    failures = 0
    // What was notified while no connection listened is not delivered: look now.
    if (again) onNotify(undefined)
  }

  void connect(false)
  return {
    async close() {
      closed = true
      clearTimeout(timer)
      const current = client
      client = undefined
      await current?.end().catch(() => {})
    },
  }
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite'
  const { db, location } = options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openSqlite(options.dataDir, options.fileName ?? 'site.sqlite')

  const database: Database = {
    db,
    dialect,
    location,
    async ping(timeoutMs) {
      const query = sql`select 1`.execute(db)
      await (timeoutMs === undefined ? query : answerWithin(query, timeoutMs))
    },
    listen(channel, onNotify) {
      if (!options.databaseUrl) return { close: async () => {} }
      return listenPostgres(options.databaseUrl, channel, onNotify, options)
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
