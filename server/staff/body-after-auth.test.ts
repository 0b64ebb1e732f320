/**
 * Issue 25, point 5: nobody unauthenticated makes the server read a body. Over a real socket, an
 * anonymous request to every back-office route that takes a body sends its headers with a huge
 * Content-Length and never a byte of the body: the answer is 401 all the same (the role check
 * runs when the headers have come, before any body is parsed), and the connection closes.
 */
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#server/test/databases.ts'
import { concretePath } from '#server/test/path-variants.ts'
import { ADMIN_ORIGIN, backOfficeApp } from '#server/test/staff.ts'

/** Longer than any upload the back office accepts (an episode's audio, 200 MB). */
const HUGE = 2 * 1024 * 1024 * 1024

/** Sends only the headers of a request and resolves with the answer's head, once it has come. */
function headersOnly(
  port: number,
  request: { method: string; path: string; headers: Record<string, string> },
): Promise<{ status: number; head: string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    let received = ''
    const deadline = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer to ${request.method} ${request.path} within 60 s`))
    }, 60_000)
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      received += chunk
      const end = received.indexOf('\r\n\r\n')
      if (end === -1) return
      clearTimeout(deadline)
      const head = received.slice(0, end)
      resolve({ status: Number(head.split(' ', 2)[1]), head, closed })
    })
    socket.once('error', reject)
    const lines = [
      `${request.method} ${request.path} HTTP/1.1`,
      ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    ]
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
  })
}

describe('an anonymous request with a body to any back-office route', () => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let port: number
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    app = await backOfficeApp(testDb.database, { media: true })
    await app.listen({ host: '127.0.0.1', port: 0 })
    port = (app.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  it('is answered 401 before its body is read, and its connection closed', async () => {
    const routes = app.backOffice
      .apiRoutes()
      .filter((route) => route.access !== 'anyone' && route.method !== 'GET')
    expect(routes.length).toBeGreaterThan(20)
    const answers: string[] = []
    for (const route of routes) {
      for (const type of ['application/json', 'multipart/form-data; boundary=x']) {
        const answer = await headersOnly(port, {
          method: route.method,
          path: `/admin/api${concretePath(route.url)}`,
          headers: {
            host: new URL(ADMIN_ORIGIN).host,
            origin: ADMIN_ORIGIN,
            'sec-fetch-site': 'same-origin',
            'content-type': type,
            'content-length': String(HUGE),
          },
        })
        answers.push(`${route.method} ${route.url} (${type.split(';')[0]}): ${answer.status}`)
        expect(answer.head.toLowerCase()).toContain('connection: close')
        await answer.closed
      }
    }
    expect(answers).toEqual(answers.map((line) => line.replace(/\d+$/, '401')))
  })
})
