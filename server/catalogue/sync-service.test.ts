import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CourseInput, StoreProviderName } from '#common/course-schemas.ts'
import { openDatabase, type Database, type Dialect } from '#server/db/index.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import type { SkippedProduct, StoreProvider } from '#server/catalogue/providers/index.ts'
import { createCatalogueService, type CatalogueService } from './sync-service.ts'
import { UpstreamError } from './upstream.ts'

const course = (id: string, extra: Partial<CourseInput> = {}): CourseInput => ({
  id,
  title: `Course ${id}`,
  description: `About ${id}`,
  price: 29,
  url: `https://shop.example.com/products/${id}`,
  image_url: `https://cdn.example.com/${id}.jpg`,
  ...extra,
})

const silent = { info() {}, warn() {}, error() {} }

/**
 * A provider whose answer each test sets (its courses, and the products it skipped); counts its
 * calls.
 */
function fakeProvider(name: StoreProviderName = 'shopify', skipped: SkippedProduct[] = []) {
  let answer: (signal?: AbortSignal) => Promise<CourseInput[]> = async () => [
    course('a'),
    course('b'),
  ]
  const fetchCourses = vi.fn(async (signal?: AbortSignal) => ({
    courses: await answer(signal),
    skipped,
    skippedCount: skipped.length,
  }))
  return {
    provider: { name, fetchCourses } satisfies StoreProvider,
    fetchCourses,
    answer(next: (signal?: AbortSignal) => Promise<CourseInput[]>) {
      answer = next
    },
  }
}

/**
 * A test database for one describe block, the clock every service reads (a test moves it), the
 * services made (closed at the end) and the saved course ids in their order.
 */
function syncFixture(dialect: Dialect) {
  let testDb: TestDatabase
  let clock = 0
  const services: CatalogueService[] = []

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
  })
  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()))
    await testDb.drop()
  })
  beforeEach(async () => {
    clock = Date.parse('2026-03-02T10:00:00.000Z')
    const { db } = testDb.database
    await db.deleteFrom('catalogue_course').execute()
    await db
      .updateTable('catalogue_sync')
      .set({
        provider: null,
        version: 0,
        last_attempt_at: null,
        last_finished_at: null,
        last_success_at: null,
        last_error_status: null,
        last_error_message: null,
      })
      .execute()
  })

  function service(
    provider: StoreProvider,
    cooldownSeconds = 60,
    revalidateMs = 5000,
    lockWaitMs = 5000,
  ) {
    const created = createCatalogueService({
      database: testDb.database,
      provider,
      cooldownSeconds,
      log: silent,
      now: () => clock,
      revalidateMs,
      lockWaitMs,
    })
    services.push(created)
    return created
  }

  const savedIds = async () =>
    (
      await testDb.database.db
        .selectFrom('catalogue_course')
        .select('id')
        .orderBy('position')
        .execute()
    ).map((row) => row.id)

  return {
    get testDb() {
      return testDb
    },
    get clock() {
      return clock
    },
    set clock(to: number) {
      clock = to
    },
    services,
    service,
    savedIds,
  }
}
type SyncFixture = ReturnType<typeof syncFixture>

describeOnDatabases('catalogue sync service', (dialect) => {
  const sync = syncFixture(dialect)
  startAndCooldownChecks(sync)
  storeAnswerChecks(sync)
  otherProcessChecks(sync)
  // PostgreSQL only: SQLite has one process per file and no advisory locks.
  if (dialect === 'postgres')
    describe('with another process holding the sync lock', () => lockChecks(sync))
})

/** Start-up, the cooldown and one shared sync. */
function startAndCooldownChecks(sync: SyncFixture) {
  const { service, savedIds } = sync
  it('syncs at start when the catalogue is empty, and a first read waits for it', async () => {
    const fake = fakeProvider()
    let release!: () => void
    fake.answer(
      () => new Promise((resolve) => (release = () => resolve([course('x'), course('y')]))),
    )
    const catalogue = service(fake.provider)
    await catalogue.start()
    await vi.waitFor(() => expect(fake.fetchCourses).toHaveBeenCalledTimes(1))
    // readNow (the GET's way without a promise) has nothing to give while the first sync runs.
    expect(catalogue.readNow()).toBeUndefined()
    const reading = catalogue.read()
    let answered = false
    void reading.then(() => (answered = true))
    // The database has answered another query since: a read that did not wait would have too.
    await sync.testDb.database.ping()
    await sync.testDb.database.ping()
    expect(answered).toBe(false)
    release()
    expect((await reading).courses.map((c) => c.id)).toEqual(['x', 'y'])
    expect(catalogue.readNow()?.courses.map((c) => c.id)).toEqual(['x', 'y'])
    expect(await savedIds()).toEqual(['x', 'y'])

    // A second process starting on the saved catalogue does not go to the store again.
    const again = fakeProvider()
    const second = service(again.provider)
    await second.start()
    expect(again.fetchCourses).not.toHaveBeenCalled()
    expect((await second.read()).courses.map((c) => c.id)).toEqual(['x', 'y'])
  })

  it('re-syncs at start when the saved catalogue came from another provider', async () => {
    await service(fakeProvider('sample').provider).start()
    await vi.waitFor(async () => expect(await savedIds()).toEqual(['a', 'b']))
    const shopify = fakeProvider('shopify')
    shopify.answer(async () => [course('s1')])
    const catalogue = service(shopify.provider)
    await catalogue.start()
    expect((await catalogue.refresh()).kind).toBe('synced')
    expect(shopify.fetchCourses).toHaveBeenCalledTimes(1)
    expect(await savedIds()).toEqual(['s1'])
  })

  it('goes to the store at most once per cooldown, counted from the start of the last sync', async () => {
    const fake = fakeProvider()
    const catalogue = service(fake.provider, 60)
    expect((await catalogue.refresh()).kind).toBe('synced')

    sync.clock += 59_000
    const fresh = await catalogue.refresh()
    expect(fresh).toMatchObject({
      kind: 'fresh',
      retryAfterSeconds: 1,
      message: 'Courses are up to date: they were checked with the store 59 seconds ago.',
    })
    expect(fake.fetchCourses).toHaveBeenCalledTimes(1)

    sync.clock += 1000
    expect((await catalogue.refresh()).kind).toBe('synced')
    expect(fake.fetchCourses).toHaveBeenCalledTimes(2)
  })

  it('shares one sync between concurrent refreshes', async () => {
    const fake = fakeProvider()
    let answer!: () => void
    fake.answer(() => new Promise((resolve) => (answer = () => resolve([course('a')]))))
    const catalogue = service(fake.provider, 0)
    const refreshing = Promise.all(Array.from({ length: 50 }, () => catalogue.refresh()))
    // The store is asked while all fifty wait.
    await vi.waitFor(() => expect(fake.fetchCourses).toHaveBeenCalledTimes(1))
    answer()
    const outcomes = await refreshing
    expect(fake.fetchCourses).toHaveBeenCalledTimes(1)
    expect(new Set(outcomes).size).toBe(1)
    expect(outcomes[0]?.kind).toBe('synced')
    // With no cooldown, the next refresh after the shared one goes to the store again.
    fake.answer(async () => [course('a')])
    await catalogue.refresh()
    expect(fake.fetchCourses).toHaveBeenCalledTimes(2)
  })
}

/** What the store answers: a new catalogue, a failure, invalid products. */
function storeAnswerChecks(sync: SyncFixture) {
  const { service, savedIds } = sync
  it('replaces the catalogue as a whole: new, changed and removed courses, in the store order', async () => {
    const fake = fakeProvider()
    const catalogue = service(fake.provider, 0)
    fake.answer(async () => [course('a'), course('b'), course('c')])
    await catalogue.refresh()
    fake.answer(async () => [
      course('d'),
      course('b', { title: 'Renamed', price: 19.99 }),
      course('a'),
    ])
    const outcome = await catalogue.refresh()
    expect(outcome.kind).toBe('synced')
    expect(await savedIds()).toEqual(['d', 'b', 'a'])
    const read = await catalogue.read()
    expect(read.courses.map((c) => c.id)).toEqual(['d', 'b', 'a'])
    expect(read.courses[1]).toMatchObject({ title: 'Renamed', price: 19.99 })
    const row = await sync.testDb.database.db
      .selectFrom('catalogue_course')
      .selectAll()
      .where('id', '=', 'b')
      .executeTakeFirstOrThrow()
    expect(Number(row.price_cents)).toBe(1999)
  })

  it.each([
    [
      'a store failure',
      () =>
        Promise.reject(new UpstreamError('timeout', 'The store did not answer within 10 seconds.')),
      504,
      /did not answer/,
    ],
    [
      'only invalid courses',
      async () => [course('bad', { url: 'javascript:alert(1)' }), course('', { price: -1 })],
      502,
      /None of the store's 2 products is a valid course \(id bad: url must be an absolute http\(s\) URL\)/,
    ],
    ['an empty catalogue', async () => [], 502, /lists no products/],
    [
      'a programming error',
      () => Promise.reject(new TypeError('x is undefined')),
      502,
      /could not be read/,
    ],
  ])(
    'keeps the last good catalogue after %s, and repeats the failure inside the cooldown',
    async (_name, answer, status, message) => {
      const fake = fakeProvider()
      const catalogue = service(fake.provider, 60)
      await catalogue.refresh()
      const before = await catalogue.read()

      sync.clock += 61_000
      fake.answer(answer as () => Promise<CourseInput[]>)
      const failed = await catalogue.refresh()
      expect(failed).toMatchObject({ kind: 'failed', status, retryAfterSeconds: 60 })
      expect(failed.kind === 'failed' && failed.message).toMatch(message)
      expect(failed.kind === 'failed' && failed.message).toMatch(
        /The last saved catalogue is still shown/,
      )
      expect(await catalogue.read()).toBe(before)
      expect(await savedIds()).toEqual(['a', 'b'])

      sync.clock += 10_000
      const repeated = await catalogue.refresh()
      expect(repeated).toMatchObject({ kind: 'failed', status, retryAfterSeconds: 50 })
      expect(fake.fetchCourses).toHaveBeenCalledTimes(2)
    },
  )

  it('skips invalid products, counting them in the outcome and the log line', async () => {
    const warn = vi.fn()
    const fake = fakeProvider('shopify', [
      { id: '9', reason: 'variants.price is not a decimal amount' },
    ])
    fake.answer(async () => [
      course('ok'),
      course('bad', { price: -5 }),
      course('also-ok', { image_url: null }),
    ])
    const catalogue = createCatalogueService({
      database: sync.testDb.database,
      provider: fake.provider,
      cooldownSeconds: 0,
      log: { ...silent, warn },
      now: () => sync.clock,
    })
    sync.services.push(catalogue)
    const outcome = await catalogue.refresh()
    expect(outcome).toMatchObject({ kind: 'synced', skipped: 2 })
    expect(await savedIds()).toEqual(['ok', 'also-ok'])
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        courses: 2,
        skipped: 2,
        products: [
          { id: '9', reason: 'variants.price is not a decimal amount' },
          { id: 'bad', reason: expect.stringMatching(/^price /) },
        ],
      }),
      'catalogue synced; 2 invalid products skipped',
    )
  })
}

/** Another process of the same site: what it saved; closing. */
function otherProcessChecks(sync: SyncFixture) {
  const { service, savedIds } = sync
  it('picks up a catalogue another process saved', async () => {
    const first = fakeProvider()
    const a = service(first.provider, 0)
    await a.refresh()
    const b = service(fakeProvider().provider, 0, 0)
    await b.start()
    expect((await b.read()).courses).toHaveLength(2)

    first.answer(async () => [course('z')])
    await a.refresh()
    // The first read after the change still answers at once, from memory, and looks in the
    // background; a moment later the new catalogue is there.
    await b.read()
    await vi.waitFor(async () => expect((await b.read()).courses.map((c) => c.id)).toEqual(['z']))
  })

  it('answers a refresh in the cooldown with the catalogue another process just saved', async () => {
    const first = fakeProvider()
    const a = service(first.provider, 60)
    const b = service(fakeProvider().provider, 60, 60_000)
    await a.refresh()
    await b.start()
    first.answer(async () => [course('new')])
    sync.clock += 61_000
    await a.refresh()
    sync.clock += 1000
    const outcome = await b.refresh()
    expect(outcome.kind).toBe('fresh')
    expect(outcome.kind === 'fresh' && outcome.snapshot.courses.map((c) => c.id)).toEqual(['new'])
  })

  it('stops a running sync on close and leaves the catalogue as it was', async () => {
    const fake = fakeProvider()
    const catalogue = service(fake.provider, 0)
    await catalogue.refresh()
    fake.answer(
      (signal) =>
        new Promise((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new UpstreamError('aborted', 'stopped'))),
        ),
    )
    const running = catalogue.refresh()
    await vi.waitFor(() => expect(fake.fetchCourses).toHaveBeenCalledTimes(2))
    await catalogue.close()
    expect(await running).toMatchObject({ kind: 'failed', status: 503 })
    expect(await savedIds()).toEqual(['a', 'b'])
  })
}

/** PostgreSQL: another process holds the advisory lock. */
function lockChecks(sync: SyncFixture) {
  const { service } = sync
  let other: Database
  let release: () => void
  let holding: Promise<void>

  beforeAll(async () => {
    other = await openDatabase({
      dataDir: sync.testDb.env.DATA_DIR,
      databaseUrl: sync.testDb.env.DATABASE_URL,
    })
  })
  afterAll(async () => {
    await other.close()
  })
  beforeEach(async () => {
    // The other process: one connection holding the advisory lock until the test releases it.
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    holding = other.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(5000268, 1)`.execute(connection)
      locked()
      await held
      await sql`select pg_advisory_unlock(5000268, 1)`.execute(connection)
    })
    await isLocked
  })

  it('checks the cooldown again once it holds the lock, and answers what the other process saved', async () => {
    const fake = fakeProvider()
    const catalogue = service(fake.provider, 60)
    const refreshing = catalogue.refresh()
    // This process is trying the lock (pg_stat_activity shows each connection's last query).
    await vi.waitFor(async () => {
      const { rows } = await sql<{ tries: number }>`
        select count(*)::int as tries from pg_stat_activity
        where datname = current_database() and query like '%pg_try_advisory_lock%'`.execute(
        other.db,
      )
      expect(rows[0]?.tries).toBeGreaterThan(0)
    })
    // The other process syncs while this one waits at the lock.
    const at = new Date(sync.clock).toISOString()
    await other.db
      .insertInto('catalogue_course')
      .values({
        id: 'elsewhere',
        position: 0,
        title: 'Saved elsewhere',
        description: '',
        price_cents: 1500,
        url: 'https://shop.example.com/products/elsewhere',
        image_url: '',
        synced_at: at,
      })
      .execute()
    await other.db
      .updateTable('catalogue_sync')
      .set((eb) => ({
        provider: 'shopify',
        version: eb('version', '+', 1),
        last_attempt_at: at,
        last_finished_at: at,
        last_success_at: at,
      }))
      .execute()
    release()
    await holding
    const outcome = await refreshing
    expect(fake.fetchCourses).not.toHaveBeenCalled()
    expect(outcome.kind).toBe('fresh')
    expect(
      outcome.kind === 'fresh' && outcome.snapshot.courses.map((c) => [c.id, c.price]),
    ).toEqual([['elsewhere', 15]])
  })

  it('gives up with 503 when the other process holds the lock too long', async () => {
    const fake = fakeProvider()
    const catalogue = service(fake.provider, 60, 5000, 300)
    const outcome = await catalogue.refresh()
    release()
    await holding
    expect(outcome).toMatchObject({ kind: 'failed', status: 503, retryAfterSeconds: 5 })
    expect(fake.fetchCourses).not.toHaveBeenCalled()
  })
}
