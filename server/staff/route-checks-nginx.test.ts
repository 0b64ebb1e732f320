/**
 * Issue 25, point 1, through the reference topology's proxy (deploy/nginx/app.conf): nginx
 * merges slashes, decodes and resolves `.` and `..` to choose its location, then passes the
 * path on as the client wrote it. Whatever the spelling, every back-office API route still meets
 * its own checks: from another site (with an administrator's cookie) the cross-site refusal,
 * without a session 401, else no route at all.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNginx, type RunningNginx } from '#scripts/nginx.ts'
import { createTestDatabase, type TestDatabase } from '#server/test/databases.ts'
import {
  ALL_METHODS,
  concretePath,
  CROSS_SITE,
  isNoRoute,
  pathVariants,
} from '#server/test/path-variants.ts'
import { ADMIN_ORIGIN, backOfficeApp, signUp } from '#server/test/staff.ts'

interface Answer {
  status: number
  contentType: string | undefined
  location: string | undefined
  server: string | undefined
  body: string
}

/** One request through nginx, its path sent exactly as written (no URL parsing on our side). */
function send(
  agent: http.Agent,
  port: number,
  request: { method: string; path: string; headers: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : '{}'
    const outgoing = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers: {
          ...request.headers,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'],
            location: response.headers.location,
            server: String(response.headers.server ?? ''),
            body: text,
          }),
        )
      },
    )
    outgoing.setTimeout(60_000, () => outgoing.destroy(new Error('no answer within 60 s')))
    outgoing.on('error', (error: Error & { rawPacket?: Buffer }) => {
      const raw = error.rawPacket?.toString('latin1') ?? ''
      // nginx's own refusal of a request it could not read answers a HEAD with its HTML page
      // too, which Node's client refuses to read ("Data after Connection: close"): it is still
      // nginx's answer, and the request never reached a route.
      const refusal = /^HTTP\/1\.1 (400) [^\r]*\r\n(?:[^\r]*\r\n)*?Server: (nginx[^\r]*)\r\n/.exec(
        raw,
      )
      if (refusal)
        return resolve({
          status: Number(refusal[1]),
          contentType: undefined,
          location: undefined,
          server: refusal[2]!,
          body: '',
        })
      // What the proxy sent, when the client could not read it.
      const received = raw ? ` (received: ${JSON.stringify(raw)})` : ''
      reject(
        new Error(`${request.method} ${request.path}: ${error.message}${received}`, {
          cause: error,
        }),
      )
    })
    outgoing.end(body)
  })
}

describe('back-office route checks through nginx', () => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let nginx: RunningNginx
  let adminCookie: string
  // A connection per request: what is checked is each path's answer, not connection reuse (a
  // run under a 0.7 CPU quota once ended in the client's "Data after Connection: close" on a
  // reused socket, which no request of this test reproduces on its own).
  const agent = new http.Agent({ keepAlive: false, maxSockets: 8 })
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    app = await backOfficeApp(testDb.database, {
      media: true,
      env: { TRUST_PROXY: '1', STAFF_SIGN_IN_RATE_LIMIT_MAX: '100000' },
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    adminCookie = (await signUp(app, testDb.database, 'ada@example.org', 'admin')).cookie
    nginx = await startNginx({
      upstreams: [`127.0.0.1:${(app.server.address() as AddressInfo).port}`],
    })
  }, 60_000)
  afterAll(async () => {
    agent.destroy()
    await nginx?.stop()
    await app?.close()
    await testDb?.drop()
  })

  /**
   * Not the route's answer: nginx's own refusal of a path it cannot read, a redirect of the back
   * office's pages to its own origin, or "no such route".
   */
  const notReached = (answer: Answer, getAnswer: Answer | undefined) =>
    (answer.status === 400 && /^nginx/.test(answer.server ?? '')) ||
    (answer.status === 308 && (answer.location ?? '').startsWith(`${ADMIN_ORIGIN}/admin`)) ||
    isNoRoute(getAnswer && answer.body === '' ? { ...getAnswer, status: answer.status } : answer)

  it('every spelling of every API path, with every method, meets the route’s checks', async () => {
    const routes = app.backOffice
      .apiRoutes()
      .map((route) => ({ ...route, path: `/admin/api${route.url}` }))
    const patterns = [...new Set(routes.map((route) => route.path))]
    const wrong: string[] = []
    let sent = 0
    const host = new URL(ADMIN_ORIGIN).host
    const checks = [
      { who: 'cross-site', headers: { host, ...CROSS_SITE, cookie: adminCookie }, refusal: 403 },
      {
        who: 'anonymous',
        headers: { host, origin: ADMIN_ORIGIN, 'sec-fetch-site': 'same-origin' },
        refusal: 401,
      },
    ]
    const jobs: (() => Promise<void>)[] = []
    for (const pattern of patterns) {
      const open = routes.filter((r) => r.path === pattern && r.access === 'anyone')
      for (const variant of pathVariants(concretePath(pattern))) {
        for (const check of checks) {
          jobs.push(async () => {
            let getAnswer: Answer | undefined
            for (const method of ALL_METHODS) {
              const isOpen = open.some(
                (r) => r.method === method || (method === 'HEAD' && r.method === 'GET'),
              )
              if (check.who === 'anonymous' && isOpen) continue
              const answer = await send(agent, nginx.port, {
                method,
                path: variant.path,
                headers: check.headers,
              })
              sent++
              if (method === 'GET') getAnswer = answer
              const headAnswer = method === 'HEAD' ? getAnswer : undefined
              if (answer.status !== check.refusal && !notReached(answer, headAnswer))
                wrong.push(
                  `${check.who} ${method} ${variant.path} (${variant.name}): ${answer.status}`,
                )
            }
          })
        }
      }
    }
    // A few at a time, as browsers would.
    const running = Array.from({ length: 8 }, async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) await job()
    })
    await Promise.all(running)
    expect(sent).toBeGreaterThan(patterns.length * ALL_METHODS.length * 10)
    expect(wrong).toEqual([])
  }, 300_000)
})
