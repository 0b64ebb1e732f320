/**
 * The database goes away: a throwaway PostgreSQL server is stopped under a running app and
 * started again. Meanwhile health answers 503 within 2 s, the forms answer 503 (never a false
 * 201), the catalogue is served from memory; afterwards everything works without a restart.
 */
import net from 'node:net'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import {
  buildApp,
  DATABASE_UNAVAILABLE_MESSAGE as NOTHING_SAVED,
  DATABASE_UNCONFIRMED_MESSAGE as CANNOT_CONFIRM,
} from '#server/app.ts'
import { isDatabaseUnavailable, openDatabase, type Database } from '#server/db/index.ts'
import { jsonPoster } from '#server/test/post-json.ts'
import { tenTimesFast } from '#server/test/time-bounds.ts'
import { FORM_DATABASE_BUDGET_MS } from '#server/http/form-route.ts'
import { HEALTH_TIMEOUT_MS } from '#server/health/routes.ts'
import { testEnv } from '#server/test/databases.ts'
import { findPostgresBin, startPostgres, type RunningPostgres } from '#scripts/postgres.ts'
import { freePort } from '#scripts/free-port.ts'

const started = () => Date.now() - 10_000
/**
 * What an answer may take beyond the deadline that produces it (a form's database budget,
 * health's ping timeout): ten times the few hundred ms a fast machine adds. Still far below the
 * 10 s statement timeout that answers without the deadline (22 s when both queries wait).
 */
const BEYOND_DEADLINE_MS = tenTimesFast(400)
const contact = { name: 'Evelyn Harper', email: 'evelyn@example.org' }
/** A stored contact message's columns, but its id and time. */
const contactRow = {
  submission_id: null,
  name: 'Evelyn Harper',
  email: 'evelyn@example.org',
  website: null,
  message: null,
  spam_reason: null,
  check_reason: null,
  delivery_status: 'none',
  next_attempt_at: null,
  last_error: null,
  delivered_at: null,
  handled_at: null,
  handled_by: null,
} as const

describe.skipIf(!findPostgresBin())('when PostgreSQL stops and comes back', () => {
  let postgres: RunningPostgres
  let database: Database
  let app: FastifyInstance
  const postContact = jsonPoster(() => app, '/api/contact/', 61)
  const postSignup = jsonPoster(() => app, '/api/newsletter/subscribe/', 62)
  const health = async () => {
    const begun = performance.now()
    const response = await app.inject('/api/health')
    return { status: response.statusCode, ms: performance.now() - begun }
  }

  beforeAll(async () => {
    postgres = startPostgres(await freePort())
    database = await openDatabase({
      dataDir: '/nonexistent',
      databaseUrl: postgres.url,
      connectTimeoutMs: 1000,
      statementTimeoutMs: 2000,
    })
    app = await buildApp({ env: testEnv(), database })
    await app.ready()
    expect((await app.inject('/api/core/sample/courses/')).statusCode).toBe(200)
  }, 180_000)

  afterAll(async () => {
    await app?.close()
    await database?.close()
    postgres?.stop()
  }, 90_000)

  it('answers 503 quickly while it is down and recovers without a restart', async () => {
    expect((await health()).status).toBe(200)
    postgres.halt()

    const down = await health()
    expect(down.status).toBe(503)
    expect(down.ms - HEALTH_TIMEOUT_MS).toBeLessThan(BEYOND_DEADLINE_MS)

    const message = await postContact({ ...contact, startedAt: started() })
    expect(message.statusCode).toBe(503)
    expect(message.headers['retry-after']).toBeDefined()
    expect(message.json()).toMatchObject({ error: 'Service Unavailable' })
    const signup = await postSignup({ email: 'rosa@example.org', startedAt: started() })
    expect(signup.statusCode).toBe(503)

    const courses = await app.inject('/api/core/sample/courses/')
    expect(courses.statusCode).toBe(200)
    expect(courses.json()).toMatchObject({ count: 12 })

    // pg_ctl returns once the server accepts connections; the pool dropped the dead ones when
    // they closed and opens new ones by itself: health says so at once.
    postgres.resume()
    expect((await health()).status).toBe(200)
    const after = await postContact({ ...contact, startedAt: started() })
    expect(after.statusCode).toBe(201)
    const stored = await database.db.selectFrom('contact_message').select('name').execute()
    expect(stored).toEqual([{ name: 'Evelyn Harper' }])
  }, 180_000)
})

describe.skipIf(!findPostgresBin())('when PostgreSQL freezes (SIGSTOP) and thaws', () => {
  let postgres: RunningPostgres
  let database: Database
  let app: FastifyInstance
  const postContact = jsonPoster(() => app, '/api/contact/', 63)
  const postSignup = jsonPoster(() => app, '/api/newsletter/subscribe/', 64)
  const timed = async <T>(work: () => Promise<T>) => {
    const begun = performance.now()
    const value = await work()
    return { value, ms: performance.now() - begun }
  }

  beforeAll(async () => {
    postgres = startPostgres(await freePort())
    // The default timeouts: a statement may run 10 s, and the client waits 11 s for one.
    database = await openDatabase({ dataDir: '/nonexistent', databaseUrl: postgres.url })
    app = await buildApp({ env: testEnv(), database })
    await app.ready()
  }, 180_000)

  afterAll(async () => {
    postgres?.thaw()
    await app?.close()
    await database?.close()
    postgres?.stop()
  }, 90_000)

  it('answers a form post 503 within 3 s of the database going silent, and recovers at once', async () => {
    // Open connections to a server that answers.
    expect((await postContact({ ...contact, startedAt: started() })).statusCode).toBe(201)
    expect((await app.inject('/api/health')).statusCode).toBe(200)

    postgres.freeze()
    // Messages whose insert had left for the database when the budget ran out: the answer
    // says it cannot confirm them, and they may land after the thaw.
    let unconfirmedMessages = 0
    try {
      // Whichever query meets the silence first, the shared rate limit's or the insert's. On
      // a quiet machine it is the rate limit's, and the answer says nothing was saved; on a
      // loaded one the insert may already have been sent, and only "cannot confirm" is honest.
      for (const [table, post] of [
        ['contact_message', () => postContact({ ...contact, startedAt: started() })],
        ['subscriber', () => postSignup({ email: 'rosa@example.org', startedAt: started() })],
        ['contact_message', () => postContact({ ...contact, startedAt: started() })],
      ] as const) {
        const { value: response, ms } = await timed(post)
        expect(response.statusCode).toBe(503)
        expect(response.headers['retry-after']).toBeDefined()
        expect(ms - FORM_DATABASE_BUDGET_MS).toBeLessThan(BEYOND_DEADLINE_MS)
        const { message } = response.json()
        expect([NOTHING_SAVED, CANNOT_CONFIRM]).toContain(message)
        if (message === CANNOT_CONFIRM && table === 'contact_message') unconfirmedMessages += 1
      }
      // The newsletter page's buttons are form posts too.
      const unsubscribe = await timed(() =>
        app.inject({
          method: 'POST',
          url: `/newsletter/unsubscribe?token=${'A'.repeat(43)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        }),
      )
      expect(unsubscribe.value.statusCode).toBe(503)
      expect(unsubscribe.ms - FORM_DATABASE_BUDGET_MS).toBeLessThan(BEYOND_DEADLINE_MS)
      const health = await timed(() => app.inject('/api/health'))
      expect(health.value.statusCode).toBe(503)
      expect(health.ms - HEALTH_TIMEOUT_MS).toBeLessThan(BEYOND_DEADLINE_MS)
    } finally {
      postgres.thaw()
    }

    // The same connections answer again: no reconnect to wait for.
    const after = await timed(() => postContact({ ...contact, startedAt: started() }))
    expect(after.value.statusCode).toBe(201)
    // No reconnect: well within a form's budget (a reconnect waits for the pool's timeouts).
    expect(after.ms).toBeLessThan(tenTimesFast(300))
    expect((await app.inject('/api/health')).statusCode).toBe(200)
    // Nothing answered "nothing was saved" was stored behind the visitor's back: the two
    // messages answered 201, and at most those answered "cannot confirm".
    const stored = await database.db.selectFrom('contact_message').select('name').execute()
    expect(stored.length).toBeGreaterThanOrEqual(2)
    expect(stored.length).toBeLessThanOrEqual(2 + unconfirmedMessages)
  }, 180_000)

  it('answers 503 within 3 s when storing, not the rate limit, is the first query to meet the silence', async () => {
    // Another session holds the messages' table: the rate limit's query answers at once, and
    // the insert then waits with nothing to end it before the 10 s statement timeout, as a
    // server frozen between the two queries would leave it.
    const stored = async () =>
      (await database.db.selectFrom('contact_message').select('id').execute()).length
    // The test before froze the database mid-insert: those inserts, thawed, may still hold the
    // table for a moment on a slow machine. The lock below needs it free.
    const heldByOthers = async () =>
      (
        await sql<{
          count: string
        }>`select count(*) from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'contact_message' and l.pid <> pg_backend_pid()`.execute(database.db)
      ).rows[0]!.count
    await vi.waitFor(async () => expect(await heldByOthers()).toBe('0'), {
      timeout: 60_000,
      interval: 100,
    })
    const before = await stored()
    const holder = await openDatabase({ dataDir: '/nonexistent', databaseUrl: postgres.url })
    try {
      const { value: response, ms } = await holder.db.transaction().execute(async (trx) => {
        await sql`lock table contact_message in access exclusive mode`.execute(trx)
        return timed(() => postContact({ ...contact, startedAt: started() }))
      })
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBeDefined()
      expect(ms - FORM_DATABASE_BUDGET_MS).toBeLessThan(BEYOND_DEADLINE_MS)
      // The insert was sent and is still waiting: the answer must not say nothing was saved.
      expect(response.json().message).toBe(CANNOT_CONFIRM)
    } finally {
      await holder.close()
    }
    // Once the table is free the waiting insert lands, as the answer warned it might.
    await vi.waitFor(async () => expect(await stored()).toBe(before + 1), {
      timeout: 60_000,
      interval: 100,
    })
  }, 90_000)

  it('closes a connection whose BEGIN timed out, so later writes are not held in its transaction', async () => {
    await writesAfterTimedOutBegin(postgres, database)
  }, 90_000)
})

describe('a database that accepts connections and never answers', () => {
  it('fails the connection after the connect timeout, as "unavailable"', async () => {
    const sockets: net.Socket[] = []
    const blackHole = net.createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve))
    const { port } = blackHole.address() as net.AddressInfo
    const begun = performance.now()
    const error = await openDatabase({
      dataDir: '/nonexistent',
      databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`,
      connectTimeoutMs: 500,
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    // The connect timeout (500 ms) ends it, not the 10 s default nor the black hole.
    expect(performance.now() - begun - 500).toBeLessThan(BEYOND_DEADLINE_MS)
    expect(isDatabaseUnavailable(error)).toBe(true)
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => blackHole.close(resolve))
  })
})

/**
 * A pool's client gives up on a BEGIN the frozen server runs later: the next write through the
 * same pool must still commit, visible to another session, and no session is left idle inside a
 * transaction.
 */
async function writesAfterTimedOutBegin(postgres: RunningPostgres, database: Database) {
  // A pool whose client gives up on a query after 1.2 s (statement timeout + 1 s).
  const quick = await openDatabase({
    dataDir: '/nonexistent',
    databaseUrl: postgres.url,
    statementTimeoutMs: 200,
  })
  try {
    postgres.freeze()
    try {
      // The BEGIN leaves and is not answered: the client gives up, the server runs it later.
      const begun = quick.db.transaction().execute(async () => 'never reached')
      await expect(begun).rejects.toThrow(/Query read timeout/)
    } finally {
      postgres.thaw()
    }
    // The next write through the same pool commits: other sessions see it.
    const id = `after-begin-${Date.now()}`
    await quick.db
      .insertInto('contact_message')
      .values({ ...contactRow, id, created_at: new Date().toISOString() })
      .execute()
    const seen = await database.db
      .selectFrom('contact_message')
      .select('id')
      .where('id', '=', id)
      .execute()
    expect(seen).toEqual([{ id }])
    // The closed connection's session ends once the thawed server reads the goodbye.
    const stuck = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where state like 'idle in transaction%'`.execute(database.db)
      ).rows
    await vi.waitFor(async () => expect(await stuck()).toEqual([]), {
      timeout: 60_000,
      interval: 100,
    })
  } finally {
    await quick.close()
  }
}
