/**
 * The one rate limiter of the API (contact and newsletter forms, the catalogue refresh): a fixed
 * window per endpoint and client. IPv4 counts per address, IPv6 per /64 (the block one household
 * or server usually gets, so rotating through its addresses does not multiply the quota).
 *
 * Where the counts live follows the database: with PostgreSQL (several server processes) in the
 * rate_limit_window table, so N processes allow the quota of one; with SQLite (one process) in
 * memory. When the counter cannot answer (the database is away) the request is let through: the
 * handler behind it then answers 503 on its own, and a limiter must not turn an outage into 429s.
 * Why not @fastify/rate-limit: docs/decisions/007-production.md.
 */
import { sql, type Kysely } from 'kysely'
import { answerWithin, type Database } from '#server/db/index.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'

export interface RateLimitDecision {
  allowed: boolean
  /** Whole seconds until the window ends (0 when allowed). */
  retryAfterSeconds: number
}

/** Counts one hit for the key in its current window and returns the window's count so far. */
export interface RateLimitCounter {
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>
}

export interface RateLimiter {
  /**
   * Counts one request from the address (refused requests count too). With `withinMs`, a
   * counter that has not answered by then counts as failed: the request is let through.
   */
  hit(address: string, withinMs?: number): Promise<RateLimitDecision>
}

interface Logger {
  warn(object: object, message: string): void
}

export function createRateLimiter(options: {
  /** The endpoint: each name has its own quota. */
  name: string
  max: number
  windowMs: number
  counter: RateLimitCounter
  log?: Logger
  now?: () => number
}): RateLimiter {
  // Read at each hit (a test's fake clock included).
  const now = options.now ?? (() => Date.now())
  return {
    async hit(address, withinMs) {
      const at = now()
      let window
      try {
        const counted = options.counter.hit(
          `${options.name}:${clientKey(address)}`,
          options.windowMs,
          at,
        )
        window = await (withinMs === undefined ? counted : answerWithin(counted, withinMs))
      } catch (error) {
        options.log?.warn(
          { err: error, limiter: options.name },
          'rate limit counter failed: request let through',
        )
        return { allowed: true, retryAfterSeconds: 0 }
      }
      if (window.count <= options.max) return { allowed: true, retryAfterSeconds: 0 }
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - at) / 1000)),
      }
    },
  }
}

/** The counter for a database: shared in PostgreSQL, per process with SQLite. */
export function rateLimitCounterFor(database: Database): RateLimitCounter {
  return database.dialect === 'postgres' ? databaseCounter(database.db) : memoryCounter()
}

/** Per process. Above maxKeys, expired windows are dropped first, then the oldest. */
export function memoryCounter(maxKeys = 10_000): RateLimitCounter & { readonly size: number } {
  const windows = new Map<string, { count: number; resetAt: number }>()
  function prune(at: number) {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key)
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break
      windows.delete(key)
    }
  }
  return {
    async hit(key, windowMs, at) {
      let window = windows.get(key)
      if (!window || window.resetAt <= at) {
        if (!window && windows.size >= maxKeys) prune(at)
        windows.delete(key)
        window = { count: 0, resetAt: at + windowMs }
        windows.set(key, window)
      }
      window.count++
      return { ...window }
    },
    get size() {
      return windows.size
    },
  }
}

const SWEEP_EVERY_MS = 60_000

/** In the rate_limit_window table: one atomic upsert per hit, expired rows swept now and then. */
export function databaseCounter(db: Kysely<DatabaseSchema>): RateLimitCounter {
  let lastSweep = 0
  return {
    async hit(key, windowMs, at) {
      const resetAt = at + windowMs
      const row = await db
        .insertInto('rate_limit_window')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql`case when rate_limit_window.reset_at <= ${at} then 1 else rate_limit_window.count + 1 end`,
            reset_at: sql`case when rate_limit_window.reset_at <= ${at} then ${resetAt} else rate_limit_window.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow()
      if (at - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = at
        await db.deleteFrom('rate_limit_window').where('reset_at', '<=', at).execute()
      }
      // PostgreSQL returns bigint columns as strings.
      return { count: Number(row.count), resetAt: Number(row.reset_at) }
    },
  }
}

/**
 * The key an address is counted under. IPv4 counts per address (also when written as an
 * IPv4-mapped IPv6 address); IPv6 counts per /64.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
