import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, loggerOptions } from '#server/app.ts'
import { createTestDatabase, testEnv, type TestDatabase } from '#server/test/databases.ts'

describe('request log', () => {
  let testDb: TestDatabase
  let app: FastifyInstance
  const lines: Record<string, unknown>[] = []
  let onLine = () => {}

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    const env = testEnv({ LOG_LEVEL: 'info' })
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        onLine()
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
    await app.close()
    await testDb.drop()
  })

  const nextLine = () => new Promise<void>((resolve) => (onLine = resolve))

  it('writes one line per request: id, method, path without the query, status and time', async () => {
    lines.length = 0
    const written = nextLine()
    const response = await app.inject({
      method: 'GET',
      url: '/api/health?email=someone@example.org',
      headers: { cookie: 'session=secret', authorization: 'Bearer secret' },
    })
    await written
    const requestLines = lines.filter((line) => line.req)
    expect(requestLines).toHaveLength(1)
    const [line] = requestLines
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: response.headers['x-request-id'], method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
    })
    expect(typeof line!.responseTime).toBe('number')
    expect(JSON.stringify(lines)).not.toMatch(/secret|someone@example/)
  })

  it('writes an unknown, escaped path with its 404 status', async () => {
    lines.length = 0
    const written = nextLine()
    await app.inject({ method: 'GET', url: '/api/"quoted"/\\/é' })
    await written
    expect(lines.filter((line) => line.req)).toMatchObject([
      {
        msg: 'request completed',
        req: { url: '/api/%22quoted%22///%C3%A9' },
        res: { statusCode: 404 },
      },
    ])
  })
})
