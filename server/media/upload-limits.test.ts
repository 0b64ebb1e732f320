/**
 * The upload limit over a real connection: a 200 MB upload is refused with 413 once 20 MB have
 * arrived (not after 200 MB), and a Content-Length over the limit before any of the body is
 * sent; the connection is closed so the client stops sending.
 */
import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { createTestDatabase, testEnv, type TestDatabase } from '#server/test/databases.ts'
import { staffHeaders, streamUpload, testMediaAccess } from '#server/test/media.ts'

const MB = 1024 * 1024
const BOUNDARY = '----media-limit-test'

describe('the upload limit, over a real connection', () => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let port: number
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    app = await buildApp({
      env: testEnv({ DATA_DIR: testDb.env.DATA_DIR }),
      database: testDb.database,
      media: { library: testMediaAccess().options },
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as net.AddressInfo).port
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  const stored = async () =>
    (await testDb.database.db.selectFrom('media_asset').select('id').execute()).length

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const socket = net.connect(port, '127.0.0.1')
    const headers = {
      host: `127.0.0.1:${port}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(200 * MB),
      ...staffHeaders(),
      origin: `http://127.0.0.1:${port}`,
    }
    socket.write(
      `POST /api/media HTTP/1.1\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`,
    )
    // Not one byte of the body is sent: the answer comes anyway, and the server hangs up.
    const answer = await new Promise<string>((resolve, reject) => {
      let text = ''
      socket.on('data', (chunk) => (text += chunk.toString('latin1')))
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer).toMatch(/\r\nconnection: close\r\n/i)
    expect(answer).toContain('"message":"The picture is larger than 20 MB, the most accepted."')
    expect(await stored()).toBe(0)
  })

  const streamHugeUpload = (headers: Record<string, string>) =>
    streamUpload({ port, path: '/api/media', headers, megabytes: 200 })

  it('refuses a 200 MB upload without a Content-Length once 20 MB have arrived', async () => {
    const answer = await streamHugeUpload({ ...staffHeaders(), origin: `http://127.0.0.1:${port}` })
    expect([answer.status, answer.connection]).toEqual([413, 'close'])
    expect(JSON.parse(answer.body)).toMatchObject({
      error: 'Payload Too Large',
      message: 'The picture is larger than 20 MB, the most accepted.',
      fields: { file: 'The picture is larger than 20 MB, the most accepted.' },
    })
    // 20 MB read, plus what the sockets' buffers held when the answer came.
    expect(answer.sent).toBeGreaterThan(20 * MB)
    expect(answer.sent).toBeLessThan(40 * MB)
    expect(await stored()).toBe(0)
  })

  it('stops reading a 200 MB upload that the guard or the same-site check refuses', async () => {
    const anonymous = await streamHugeUpload({ origin: `http://127.0.0.1:${port}` })
    expect(anonymous.status).toBe(401)
    const crossSite = await streamHugeUpload({
      ...staffHeaders(),
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
    })
    expect(crossSite.status).toBe(403)
    // Answered at once; the connection closed instead of reading the rest to keep it alive.
    for (const answer of [anonymous, crossSite]) {
      expect(answer.connection).toBe('close')
      expect(answer.sent).toBeLessThan(20 * MB)
    }
    expect(await stored()).toBe(0)
  })
})
