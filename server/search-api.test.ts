/**
 * GET /api/search (server/search/routes.ts) in-process: an answer for any query, a 400 that names
 * a bad field, a rate limit per address, and no query in the log.
 */
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import type { SearchAnswer } from '#common/search.ts'
import { buildApp, loggerOptions } from '#server/app.ts'
import { createContentRepository } from '#server/content/repository.ts'
import { createTestDatabase, testEnv, type TestDatabase } from '#server/test/databases.ts'

const LIMIT = 12

describe('GET /api/search', () => {
  let testDb: TestDatabase
  let app: FastifyInstance
  const logged: string[] = []

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    await createContentRepository(testDb.database).importSnapshot(readContentDir('content'))
    const env = testEnv({
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
      SEARCH_RATE_LIMIT_MAX: String(LIMIT),
    })
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk))
        done()
      },
    })
    app = await buildApp({
      env,
      database: testDb.database,
      logger: { ...(loggerOptions(env) as object), stream },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.drop()
  })

  const get = (query: string, from = '192.0.2.1') =>
    app.inject({ method: 'GET', url: `/api/search?${query}`, headers: { 'x-forwarded-for': from } })

  it('answers the results as JSON, never stored by a cache', async () => {
    const response = await get('q=Abernathy&kind=article', '192.0.2.10')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const answer = response.json<SearchAnswer>()
    expect(answer.hits[0]).toMatchObject({ kind: 'article', url: '/articles/keisha-abernathy' })
    expect(answer.hits.every((hit) => hit.kind === 'article')).toBe(true)
  })

  it('takes any text as a query, and names a bad kind or page', async () => {
    const hostile = encodeURIComponent('"a* OR NEAR(b) :c ((\u0000'.repeat(400))
    const long = await get(`q=${hostile}&q=second`, '192.0.2.11')
    expect(long.statusCode).toBe(200)
    expect(long.json<SearchAnswer>().query.length).toBeLessThanOrEqual(200)
    const kind = await get('q=a&kind=everything', '192.0.2.11')
    expect(kind.statusCode).toBe(400)
    expect(kind.json<{ fields: object }>().fields).toHaveProperty('kind')
    const page = await get('q=a&page=-1', '192.0.2.11')
    expect(page.statusCode).toBe(400)
    expect(page.json<{ fields: object }>().fields).toHaveProperty('page')
  })

  it('limits searches per address, with Retry-After', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LIMIT + 1; i++)
      statuses.push((await get('q=porch', '192.0.2.20')).statusCode)
    expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true)
    const refused = await get('q=porch', '192.0.2.20')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is not affected.
    expect((await get('q=porch', '192.0.2.21')).statusCode).toBe(200)
  })

  it('never logs what was searched', async () => {
    await get('q=confidentialneedle', '192.0.2.30')
    await new Promise((resolve) => setTimeout(resolve, 400))
    const log = logged.join('')
    expect(log).toContain('/api/search')
    expect(log).not.toContain('confidentialneedle')
  })
})
