/**
 * The table test of the back office's authorisation: every route and page of the one route table
 * (server/back-office/table.ts, as server/app.ts fills it with every feature's routes) is called
 * with each role and with no session, and must answer exactly as its roles say: 401 without a
 * session, 403 for a role it does not list, and neither for one it does. Adding a route or a page
 * adds it here by itself.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLES, type Role } from '#common/back-office.ts'
import { createTestDatabase, type TestDatabase } from '#server/test/databases.ts'
import {
  ADMIN_ORIGIN,
  backOfficeApp,
  call,
  sessionCookie,
  signIn,
  signUp,
  type StaffClient,
} from '#server/test/staff.ts'
import {
  ALL_METHODS,
  concretePath,
  CROSS_SITE,
  isNoRoute,
  pathVariants,
  SOME_ID,
} from '#server/test/path-variants.ts'
import { allows, type Access } from './roles.ts'

/** Everyone who may call the back office: each role, and nobody (no session). */
const who = [...ROLES, undefined] as const

/**
 * The back office on a test database, with one staff member of each role, and a fresh session
 * cookie for a role.
 */
function backOfficeSetup() {
  let testDb: TestDatabase
  let app: FastifyInstance
  let adminDir: string
  const staff: Partial<Record<Role, StaffClient>> = {}
  /** A session of its own for each call: some routes (sign out, …) end the session they run in. */
  const freshCookie = async (role: Role | undefined) =>
    role ? sessionCookie(await signIn(app, staff[role]!.authenticator)) : undefined

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    adminDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-admin-'))
    fs.writeFileSync(path.join(adminDir, 'index.html'), '<!doctype html><title>Back office</title>')
    app = await backOfficeApp(testDb.database, {
      adminDir,
      env: { TRUST_PROXY: '1', STAFF_SIGN_IN_RATE_LIMIT_MAX: '100000' },
      media: true,
    })
    for (const role of ROLES)
      staff[role] = await signUp(app, testDb.database, `${role}@example.org`, role)
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
    fs.rmSync(adminDir, { recursive: true, force: true })
  })

  return {
    get app() {
      return app
    },
    freshCookie,
  }
}
type BackOfficeSetup = ReturnType<typeof backOfficeSetup>

describe('every back-office route and page answers each role exactly as the route table says', () => {
  const setup = backOfficeSetup()
  routeTableChecks(setup)
  apiRouteChecks(setup)
  mountAndViewChecks(setup)
  pageChecks(setup)
})

/** What the route table holds: the areas, who may use content, the rate limits. */
function routeTableChecks(setup: BackOfficeSetup) {
  it('has the routes of staff, the inbox, the subscribers and erasure in its table', () => {
    const urls = setup.app.backOffice.routes.map((route) => `${route.method} ${route.url}`)
    for (const expected of [
      'POST /sign-in',
      'GET /staff',
      'GET /audit',
      'GET /messages',
      'GET /messages/export.csv',
      'POST /messages/:id/handled',
      'GET /subscribers/export.csv',
      'POST /erasure',
      'GET /content',
      'POST /articles',
      'POST /articles/:id/publish',
      'DELETE /articles/:id',
      'POST /pages/:name/draft',
      'POST /pages/:name/revisions/:revision/restore',
    ])
      expect(urls).toContain(expected)
    expect(setup.app.backOffice.apiRoutes().map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /media', 'DELETE /media/:id', 'POST /podcast/uploads/audio']),
    )
    expect(setup.app.backOffice.views.map((view) => view.url)).toContain('/preview/articles/:id')
  })

  it('content, media and podcast routes let editors and administrators in; deleting a document is for administrators', () => {
    const content = setup.app.backOffice
      .apiRoutes()
      .filter((route) => /^\/(content|articles|pages|media|podcast)\b/.test(route.url))
    expect(content.length).toBeGreaterThan(30)
    const roles = (access: Access) => (access === 'anyone' ? access : [...access].sort().join(', '))
    const wrong = content
      .map((route) => {
        const documentDelete = route.method === 'DELETE' && !route.url.startsWith('/media')
        const expected = documentDelete ? 'admin' : 'admin, editor'
        return roles(route.access) === expected
          ? undefined
          : `${route.method} ${route.url}: ${roles(route.access)}, expected ${expected}`
      })
      .filter(Boolean)
    expect(wrong).toEqual([])
  })

  it('every route anyone may post to (signing in, invitations) is rate-limited per address', () => {
    const unlimited = setup.app.backOffice.routes
      .filter((route) => route.access === 'anyone' && route.method !== 'GET' && !route.limiter)
      .map((route) => `${route.method} ${route.url}`)
    expect(setup.app.backOffice.routes.some((route) => route.access === 'anyone')).toBe(true)
    expect(unlimited).toEqual([])
  })
}

/** The API routes: each role and nobody, and every spelling of every path. */
function apiRouteChecks(setup: BackOfficeSetup) {
  const { freshCookie } = setup
  it('API routes: 401 without a session, 403 for a role not listed, neither for a listed one', async () => {
    const wrong: string[] = []
    for (const route of setup.app.backOffice.routes) {
      for (const role of who) {
        const url = route.url.replace(/:\w+/g, SOME_ID)
        const answer = await call(setup.app, route.method, url, {
          cookie: await freshCookie(role),
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        })
        const expected =
          route.access === 'anyone' || allows(route.access, role) ? 'allowed' : role ? 403 : 401
        const ok =
          expected === 'allowed'
            ? answer.statusCode !== 401 && answer.statusCode !== 403
            : answer.statusCode === expected
        if (!ok)
          wrong.push(
            `${route.method} ${route.url} as ${role ?? 'nobody'}: ${answer.statusCode}, expected ${expected}`,
          )
      }
    }
    expect(wrong).toEqual([])
  }, 300_000)

  /** Every API route of the table and of the mounts (uploads), with who may call it. */
  const apiRoutes = () =>
    setup.app.backOffice.apiRoutes().map((route) => ({ ...route, path: `/admin/api${route.url}` }))

  /**
   * Issue 25: every spelling of every route's path that a router or proxy may read as that path
   * (`//`, `%2F`, `%61`, `/./`, `/../`, a trailing slash, upper case), with every method: from
   * another site, with an administrator's cookie, the answer is the cross-site refusal (403) or
   * "no such route", never the route's; without a session, 401 or "no such route".
   */
  it("API routes: every spelling of every path, with every method, cross-site and anonymous, meets the route's checks", async () => {
    const admin = (await freshCookie('admin'))!
    const patterns = [...new Set(apiRoutes().map((route) => route.path))]
    const wrong: string[] = []
    let sent = 0
    const checks = [
      { who: 'cross-site', headers: { ...CROSS_SITE, cookie: admin }, refusal: 403 },
      {
        who: 'anonymous',
        headers: { origin: ADMIN_ORIGIN, 'sec-fetch-site': 'same-origin' },
        refusal: 401,
      },
    ]
    /** Every method for one spelling, as one caller: a HEAD answer is read by its GET's body. */
    const sendAll = async (pattern: string, variant: { name: string; path: string }) => {
      const open = apiRoutes().filter((r) => r.path === pattern && r.access === 'anyone')
      for (const check of checks) {
        let getWasNoRoute = false
        for (const method of ALL_METHODS) {
          const isOpen = open.some(
            (r) => r.method === method || (method === 'HEAD' && r.method === 'GET'),
          )
          if (check.who === 'anonymous' && isOpen) continue
          const answer = await setup.app.inject({
            method,
            url: variant.path,
            headers: {
              host: new URL(ADMIN_ORIGIN).host,
              'x-forwarded-proto': 'https',
              ...check.headers,
              'content-type': 'application/json',
            },
            ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
          })
          sent++
          const noRoute: boolean =
            method === 'HEAD'
              ? answer.statusCode === 404 && getWasNoRoute
              : isNoRoute({
                  status: answer.statusCode,
                  contentType: answer.headers['content-type'] as string | undefined,
                  body: answer.body,
                })
          if (method === 'GET') getWasNoRoute = noRoute
          if (answer.statusCode !== check.refusal && !noRoute)
            wrong.push(
              `${check.who} ${method} ${variant.path} (${variant.name}): ${answer.statusCode}`,
            )
        }
      }
    }
    const jobs = patterns.flatMap((pattern) =>
      pathVariants(concretePath(pattern)).map((variant) => () => sendAll(pattern, variant)),
    )
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let job = jobs.shift(); job; job = jobs.shift()) await job()
      }),
    )
    expect(sent).toBeGreaterThan(patterns.length * ALL_METHODS.length * 10)
    expect(wrong).toEqual([])
  }, 300_000)
}

/** Mounted routes, views, and the administrators' areas as an editor sees them. */
function mountAndViewChecks(setup: BackOfficeSetup) {
  const { freshCookie } = setup
  it('mounted routes (the media library): 401 without a session, 403 for a role not listed', async () => {
    const wrong: string[] = []
    for (const route of setup.app.backOffice.apiRoutes().filter((r) => r.mounted)) {
      for (const role of who) {
        const answer = await call(setup.app, route.method, route.url.replace(/:\w+/g, SOME_ID), {
          cookie: await freshCookie(role),
        })
        const expected = allows(route.access, role) ? 'allowed' : role ? 403 : 401
        const ok =
          expected === 'allowed'
            ? answer.statusCode !== 401 && answer.statusCode !== 403
            : answer.statusCode === expected
        if (!ok)
          wrong.push(
            `${route.method} ${route.url} as ${role ?? 'nobody'}: ${answer.statusCode}, expected ${expected}`,
          )
      }
    }
    expect(wrong).toEqual([])
  })

  it('views (the preview): the staff app says 401 without a session, 403 for a role not listed', async () => {
    const wrong: string[] = []
    for (const view of setup.app.backOffice.views) {
      for (const role of who) {
        const answer = await setup.app.inject({
          method: 'GET',
          url: `/admin${view.url.replace(/:\w+/g, 'home')}`,
          headers: {
            host: 'staff.example.org',
            'x-forwarded-proto': 'https',
            ...(role ? { cookie: (await freshCookie(role))! } : {}),
          },
        })
        const expected = allows(view.access, role) ? 'allowed' : role ? 403 : 401
        const ok =
          expected === 'allowed'
            ? answer.statusCode !== 401 && answer.statusCode !== 403
            : answer.statusCode === expected
        if (!ok)
          wrong.push(
            `${view.url} as ${role ?? 'nobody'}: ${answer.statusCode}, expected ${expected}`,
          )
        expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow')
        expect(answer.headers['cache-control']).toBe('no-store')
      }
    }
    expect(wrong).toEqual([])
  })

  it("an editor is refused every administrator's page and API route with 403 (the administrators' areas named here, not read from the table)", async () => {
    // Issue 18: staff, messages, subscribers, erasure and the audit log are administrators' only.
    const adminArea = /^\/(staff|audit|messages|subscribers|erasure|forget)(\/|$)/
    const routes = setup.app.backOffice.routes.filter((route) => adminArea.test(route.url))
    const pages = setup.app.backOffice.pages.filter((page) => adminArea.test(page.path))
    expect(routes.length).toBeGreaterThanOrEqual(18)
    expect(pages.length).toBeGreaterThanOrEqual(5)
    const cookie = await freshCookie('editor')
    const answers: string[] = []
    for (const route of routes) {
      const answer = await call(setup.app, route.method, route.url.replace(/:\w+/g, SOME_ID), {
        cookie,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      })
      answers.push(`${route.method} ${route.url} ${answer.statusCode}`)
    }
    for (const page of pages) {
      const answer = await setup.app.inject({
        method: 'GET',
        url: `/admin${page.path}`,
        headers: { host: 'staff.example.org', 'x-forwarded-proto': 'https', cookie: cookie! },
      })
      answers.push(`page ${page.path} ${answer.statusCode}`)
    }
    expect(answers).toEqual([
      ...routes.map((route) => `${route.method} ${route.url} 403`),
      ...pages.map((page) => `page ${page.path} 403`),
    ])
  })
}

/** The staff app's pages: the CSP, and each role and nobody. */
function pageChecks(setup: BackOfficeSetup) {
  const { freshCookie } = setup
  it("has a strict CSP: the staff app's own files only on its pages, nothing that runs with the API's answers", async () => {
    const directives = (header: unknown) =>
      new Map(
        String(header)
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name, ...sources]) => [name!, sources.join(' ')]),
      )
    const page = await setup.app.inject({
      method: 'GET',
      url: '/admin/sign-in',
      headers: { host: 'staff.example.org', 'x-forwarded-proto': 'https' },
    })
    const policy = String(page.headers['content-security-policy'])
    expect(policy).not.toMatch(/unsafe-|\*|https?:/)
    expect(Object.fromEntries(directives(policy))).toMatchObject({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
      'require-trusted-types-for': "'script'",
    })
    // JSON answers, with a session and without one: no script, no framing, never stored or indexed.
    for (const answer of [
      await call(setup.app, 'GET', '/session', { cookie: await freshCookie('admin') }),
      await call(setup.app, 'GET', '/session'),
    ]) {
      expect(Object.fromEntries(directives(answer.headers['content-security-policy']))).toEqual({
        'default-src': "'none'",
        'frame-ancestors': "'none'",
      })
      expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow')
      expect(answer.headers['cache-control']).toBe('no-store')
    }
  })

  it('pages: 401 without a session, 403 for a role not listed, 200 for a listed one', async () => {
    const wrong: string[] = []
    for (const page of setup.app.backOffice.pages) {
      for (const role of who) {
        const answer = await setup.app.inject({
          method: 'GET',
          url: `/admin${page.path === '/' ? '' : page.path}`,
          headers: {
            host: 'staff.example.org',
            'x-forwarded-proto': 'https',
            ...(role ? { cookie: (await freshCookie(role))! } : {}),
          },
        })
        const expected =
          page.access === 'anyone' || allows(page.access, role) ? 200 : role ? 403 : 401
        if (answer.statusCode !== expected)
          wrong.push(
            `${page.path} as ${role ?? 'nobody'}: ${answer.statusCode}, expected ${expected}`,
          )
        expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow')
        expect(answer.headers['cache-control']).toBe('no-store')
        expect(answer.headers['content-security-policy']).toMatch(/script-src 'self';/)
      }
    }
    expect(wrong).toEqual([])
  })
}
