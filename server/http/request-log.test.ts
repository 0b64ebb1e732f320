import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp, loggerOptions } from '#server/app.ts'
import { milliseconds } from './request-log.ts'
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
    app.get('/api/test-logs', async (request) => {
      request.log.info({ step: 1 }, 'a line of its own')
      return { ok: true }
    })
    app.get('/api/test-quiet', async () => ({ ok: true }))
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

  it('writes the same line whether or not the request logged through its own logger', async () => {
    const completed = async (url: string) => {
      lines.length = 0
      const response = await app.inject({ method: 'GET', url })
      const line = await vi.waitFor(() => {
        const found = lines.find((l) => l.msg === 'request completed')
        if (!found) throw new Error(`no completed line yet for ${url}`)
        return found
      })
      return { line, id: response.headers['x-request-id'], all: [...lines] }
    }
    const logged = await completed('/api/test-logs')
    const quiet = await completed('/api/test-quiet')
    expect(logged.all.find((l) => l.msg === 'a line of its own')).toMatchObject({
      reqId: logged.id,
      step: 1,
    })
    expect(quiet.line.reqId).toBe(quiet.id)
    expect(logged.line.reqId).toBe(logged.id)
    expect(Object.keys(quiet.line)).toEqual(Object.keys(logged.line))
    for (const key of ['level', 'pid', 'hostname', 'msg'])
      expect(quiet.line[key], key).toEqual(logged.line[key])
  })

  it('writes the time taken in milliseconds to the microsecond, as a JSON number', () => {
    expect(milliseconds(0.04231600000053004)).toBe('0.042')
    expect(milliseconds(0.0005)).toBe('0.001')
    expect(milliseconds(12.5)).toBe('12.500')
    expect(milliseconds(1234.0076)).toBe('1234.008')
    expect(milliseconds(0)).toBe('0.000')
    for (const ms of [0.0001, 0.0999, 3.14159, 999.9999, 60_000.25])
      expect(JSON.parse(milliseconds(ms))).toBeCloseTo(ms, 3)
  })
})
