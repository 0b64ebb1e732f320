import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '#server/app.ts'
import { openDatabase, type Database } from '#server/db/index.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'
import { clientKey, createRateLimiter, memoryCounter, rateLimitCounterFor } from './rate-limit.ts'

describeOnDatabases('the rate limiter', (dialect) => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
  })
  afterAll(async () => {
    await testDb.drop()
  })

  it('allows max hits per window, then answers how long to wait', async () => {
    let now = 1_000_000
    const limiter = createRateLimiter({
      name: 'unit',
      max: 3,
      windowMs: 60_000,
      counter: rateLimitCounterFor(testDb.database),
      now: () => now,
    })
    const allowed = async () => (await limiter.hit('203.0.113.9')).allowed
    expect([await allowed(), await allowed(), await allowed()]).toEqual([true, true, true])
    now += 15_000
    expect(await limiter.hit('203.0.113.9')).toEqual({ allowed: false, retryAfterSeconds: 45 })
    // Another address has its own window, and so does another endpoint.
    expect((await limiter.hit('203.0.113.10')).allowed).toBe(true)
    const other = createRateLimiter({
      name: 'other',
      max: 1,
      windowMs: 60_000,
      counter: rateLimitCounterFor(testDb.database),
      now: () => now,
    })
    expect((await other.hit('203.0.113.9')).allowed).toBe(true)
    now += 45_000
    expect(await allowed()).toBe(true)
  })

  it('counts an IPv6 /64 as one client', async () => {
    const limiter = createRateLimiter({
      name: 'v6',
      max: 2,
      windowMs: 60_000,
      counter: rateLimitCounterFor(testDb.database),
    })
    expect((await limiter.hit('2001:db8:5:6::1')).allowed).toBe(true)
    expect((await limiter.hit('2001:db8:5:6:ffff:1:2:3')).allowed).toBe(true)
    expect((await limiter.hit('2001:db8:5:6::abcd')).allowed).toBe(false)
    expect((await limiter.hit('2001:db8:5:7::1')).allowed).toBe(true)
  })

  it('lets requests through when its counter fails', async () => {
    const warnings: object[] = []
    const limiter = createRateLimiter({
      name: 'broken',
      max: 1,
      windowMs: 60_000,
      counter: {
        hit: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
      },
      log: { warn: (object) => warnings.push(object) },
    })
    expect(await limiter.hit('203.0.113.9')).toEqual({ allowed: true, retryAfterSeconds: 0 })
    expect(await limiter.hit('203.0.113.9')).toEqual({ allowed: true, retryAfterSeconds: 0 })
    expect(warnings).toHaveLength(2)
  })
})

describeOnDatabases('two server instances on one database', (dialect) => {
  let testDb: TestDatabase
  let secondDatabase: Database
  const apps: FastifyInstance[] = []

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    // The second instance opens its own connection, as a second process would.
    secondDatabase = await openDatabase({
      dataDir: testDb.env.DATA_DIR,
      databaseUrl: testDb.env.DATABASE_URL,
    })
    const env = testEnv({ FORM_RATE_LIMIT_MAX: '4', FORM_MIN_FILL_MS: '0' })
    apps.push(await buildApp({ env, database: testDb.database }))
    apps.push(await buildApp({ env, database: secondDatabase }))
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await secondDatabase.close()
    await testDb.drop()
  })

  it(
    dialect === 'postgres'
      ? 'share one quota: 4 submissions across both, then 429 from either'
      : 'count per process on SQLite (one process is the SQLite deployment)',
    async () => {
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const response = await apps[i % 2]!.inject({
          method: 'POST',
          url: i % 3 === 0 ? '/api/newsletter/subscribe' : '/api/newsletter/subscribe/',
          remoteAddress: '198.51.100.77',
          payload: { email: `reader${i}@example.org` },
        })
        statuses.push(response.statusCode)
      }
      expect(statuses).toEqual(
        dialect === 'postgres' ? [201, 201, 201, 201, 429, 429] : [201, 201, 201, 201, 201, 201],
      )
    },
  )
})

describe('memoryCounter', () => {
  it('keeps at most maxKeys windows', async () => {
    const store = memoryCounter(100)
    for (let i = 0; i < 1000; i++) await store.hit(`198.51.100.${i % 250}-${i}`, 1000, 0)
    expect(store.size).toBeLessThanOrEqual(100)
    await store.hit('192.0.2.1', 1000, 2000)
    expect(store.size).toBe(1)
  })
})

describe('clientKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => expect(clientKey(address)).toBe(key))
})
