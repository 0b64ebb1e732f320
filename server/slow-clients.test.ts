/**
 * Slow clients cannot hold sockets: a request whose headers or body trickle in is cut off after
 * HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS, an idle keep-alive connection is closed after
 * KEEP_ALIVE_TIMEOUT_MS, and normal requests keep their latency meanwhile. Short settings here;
 * the defaults (10 s, 30 s, 65 s) are the same code.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '#server/app.ts'
import { createTestDatabase, testEnv, type TestDatabase } from '#server/test/databases.ts'
import { tenTimesFast } from '#server/test/time-bounds.ts'

const HEADERS_MS = 2000
const REQUEST_MS = 2000
const KEEP_ALIVE_MS = 500
/**
 * How late after its timeout the server may close a socket: ten times the few hundred ms of a
 * fast machine (Node checks the timeouts on an interval). Without the timeouts a trickler holds
 * on for the whole 10 s of its drips, and an idle connection for the default 65 s.
 */
const LATE_MS = tenTimesFast(500)

/** Resolves with the milliseconds until the server closed the socket. */
function closedAfter(socket: net.Socket): Promise<number> {
  const begun = performance.now()
  return new Promise((resolve) => {
    socket.on('error', () => {})
    socket.on('close', () => resolve(performance.now() - begun))
  })
}

describe('slow clients', () => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let port: number
  const timers: NodeJS.Timeout[] = []

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    app = await buildApp({
      env: testEnv({
        HEADERS_TIMEOUT_MS: String(HEADERS_MS),
        REQUEST_TIMEOUT_MS: String(REQUEST_MS),
        KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
      }),
      database: testDb.database,
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as net.AddressInfo).port
  })
  afterAll(async () => {
    for (const timer of timers) clearInterval(timer)
    await app.close()
    await testDb.drop()
  })

  /** Sends `first`, then `drip` every 200 ms, for at most 10 s. */
  function trickle(first: string, drip: string) {
    const socket = net.connect(port, '127.0.0.1')
    socket.write(first)
    let drips = 0
    const timer = setInterval(() => {
      if (socket.destroyed || ++drips > 50) return clearInterval(timer)
      socket.write(drip)
    }, 200)
    timers.push(timer)
    return socket
  }

  it('drops a client that trickles header lines, while others are answered at once', async () => {
    const sockets = Array.from({ length: 20 }, (_, i) =>
      trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\n', `X-Drip-${i}: 1\r\n`),
    )
    const closed = Promise.all(sockets.map(closedAfter))
    const droppedWhenAnswered: number[] = []
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`)
      expect(response.status).toBe(200)
      droppedWhenAnswered.push(sockets.filter((socket) => socket.destroyed).length)
    }
    const after = await closed
    expect(Math.max(...after) - HEADERS_MS).toBeLessThan(LATE_MS)
    expect(Math.min(...after)).toBeGreaterThanOrEqual(HEADERS_MS - 100)
    // Answered while the tricklers still hang on, not after they were dropped.
    expect(droppedWhenAnswered).toEqual([0, 0, 0, 0, 0])
  })

  it('drops a client that trickles its body', async () => {
    const body = JSON.stringify({ email: 'slow@example.org' })
    const socket = trickle(
      `POST /api/newsletter/subscribe/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 60}\r\n\r\n{`,
      ' ',
    )
    const after = await closedAfter(socket)
    expect(after - REQUEST_MS).toBeLessThan(LATE_MS)
    expect(after).toBeGreaterThanOrEqual(REQUEST_MS - 100)
  })

  it('closes an idle keep-alive connection', async () => {
    const socket = net.connect(port, '127.0.0.1')
    const closed = closedAfter(socket)
    const answered = new Promise((resolve) => socket.once('data', resolve))
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await answered
    const idle = await closed
    expect(idle - KEEP_ALIVE_MS).toBeLessThan(LATE_MS)
  })
})
