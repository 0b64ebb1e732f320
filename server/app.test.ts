import { describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { apiOnDatabase } from '#server/test/api.ts'
import { createTestDatabase, describeOnDatabases, testEnv } from '#server/test/databases.ts'

describeOnDatabases('API basics', (dialect) => {
  const api = apiOnDatabase(dialect)

  it('GET /api/health answers ok after asking the database', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('answers unknown API paths with 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await api.app.inject({ method, url: '/api/nope/nothing' })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/application\/json/)
      expect(response.json()).toMatchObject({ error: 'Not Found' })
    }
  })

  it('sends security headers and a request id', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['content-security-policy']).toContain("default-src 'none'")
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/)
  })
})

describe('health when the database is gone', () => {
  it('answers 503 with a JSON message', async () => {
    const testDb = await createTestDatabase('sqlite')
    const app = await buildApp({ env: testEnv(), database: testDb.database })
    await app.ready()
    await testDb.database.close()
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'error', message: 'Database unavailable' })
    await app.close()
    await testDb.drop()
  })
})

describe('behind one proxy (TRUST_PROXY=1)', () => {
  it('counts the address the proxy saw, whatever the client writes into X-Forwarded-For', async () => {
    const testDb = await createTestDatabase('sqlite')
    const app = await buildApp({
      env: testEnv({ TRUST_PROXY: '1', FORM_RATE_LIMIT_MAX: '2', FORM_MIN_FILL_MS: '0' }),
      database: testDb.database,
    })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe/',
        remoteAddress: '127.0.0.1',
        // The client forges a new left-most entry each time; the proxy appends what it saw.
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.8` },
        payload: { email: `forger${i}@example.org` },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([201, 201, 429, 429])
    await app.close()
    await testDb.drop()
  })
})

describe('Strict-Transport-Security', () => {
  it.each([
    [{}, 'max-age=63072000; includeSubDomains'],
    [{ HSTS_INCLUDE_SUBDOMAINS: 'false' }, 'max-age=63072000'],
  ])('with %o is %s, next to a Permissions-Policy without interest-cohort', async (env, hsts) => {
    const testDb = await createTestDatabase('sqlite')
    const app = await buildApp({ env: testEnv(env), database: testDb.database })
    const response = await app.inject('/api/health')
    expect(response.headers['strict-transport-security']).toBe(hsts)
    expect(response.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    )
    await app.close()
    await testDb.drop()
  })
})

describe('the CSP of an error answer', () => {
  it('is the no-script one again when a handler had set a page CSP before failing', async () => {
    const testDb = await createTestDatabase('sqlite')
    const app = await buildApp({ env: testEnv(), database: testDb.database })
    app.get('/api/test-fails-after-csp', async (_request, reply) => {
      reply.header('content-security-policy', "script-src 'self' 'sha256-abc'")
      throw new Error('failed after the CSP was set')
    })
    await app.ready()
    const response = await app.inject({ method: 'GET', url: '/api/test-fails-after-csp' })
    expect(response.statusCode).toBe(500)
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    )
    await app.close()
    await testDb.drop()
  })
})
