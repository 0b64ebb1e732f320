/**
 * Each back-office route is defined once (table.ts): its method, path, schemas, roles and
 * what it answers. These tests hold the framework to that: a route without a response schema is
 * refused, a route a plugin serves that no definition names stops the server, a definition no
 * route serves too, and outside production every answer is read against its definition.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createHousekeeping } from '#server/db/housekeeping.ts'
import { createMailOutbox } from '#server/mail/outbox.ts'
import { createTestDatabase, testEnv, type TestDatabase } from '#server/test/databases.ts'
import { backOfficeApp, call, ADMIN_ORIGIN } from '#server/test/staff.ts'
import { contract } from '#common/api-contract.ts'
import {
  createBackOffice,
  NO_CONTENT,
  type Answer,
  type Method,
  type MountedRoutes,
} from './table.ts'
import { ADMIN_ONLY } from './roles.ts'
import { createStaff } from '#server/staff/setup.ts'

const Thing = z.strictObject({ name: z.string() })

describe('a back-office route is defined with what it answers', () => {
  it('refuses a route, public or not, or a mounted route without a response schema', () => {
    const backOffice = createBackOffice()
    const handler = async () => ({ name: 'x' })
    expect(() =>
      backOffice.route(ADMIN_ONLY, contract('GET', '/thing'), { handler } as never),
    ).toThrow('Back-office route GET /thing has no response schema')
    expect(() => backOffice.publicRoute(contract('POST', '/open'), { handler } as never)).toThrow(
      'Back-office route POST /open has no response schema',
    )
    expect(() =>
      backOffice.mount(ADMIN_ONLY, {
        prefix: '/files',
        routes: [{ method: 'GET', url: '/:id', contract: contract('GET', '/files/:id') }],
        register: async () => {},
      } as never),
    ).toThrow('Back-office route GET /files/:id has no response schema')
  })

  it('takes schemas of exactly its contract’s types, or does not compile', () => {
    const Other = z.strictObject({ title: z.string() })
    const route = contract<{ body: typeof Thing; response: typeof Thing }>('POST', '/thing')
    const handler = async () => ({ name: 'x' })
    const defined = (define: (backOffice: ReturnType<typeof createBackOffice>) => void) => {
      const backOffice = createBackOffice()
      define(backOffice)
      return backOffice.routes.map((r) => `${r.method} ${r.url}`)
    }
    expect(
      defined((b) => b.route(ADMIN_ONLY, route, { body: Thing, response: Thing, handler })),
    ).toEqual(['POST /thing'])
    // @ts-expect-error the contract's body is a Thing, not an Other
    defined((b) => b.route(ADMIN_ONLY, route, { body: Other, response: Thing, handler }))
    // @ts-expect-error the contract names a body, so the definition must give its schema
    defined((b) => b.route(ADMIN_ONLY, route, { response: Thing, handler }))
    defined((b) =>
      // @ts-expect-error the contract reads no query
      b.route(ADMIN_ONLY, route, { body: Thing, query: Thing, response: Thing, handler }),
    )
  })

  describe('in the app', () => {
    let testDb: TestDatabase
    let app: FastifyInstance
    beforeAll(async () => {
      testDb = await createTestDatabase('sqlite')
      app = await backOfficeApp(testDb.database, { media: true })
    })
    afterAll(async () => {
      await app.close()
      await testDb.drop()
    })

    it('every API route of every feature has a response: a zod schema, or a body of another kind', () => {
      const routes = app.backOffice.apiRoutes()
      expect(routes.length).toBeGreaterThan(70)
      const without = routes.filter(
        (route) => !(route.response instanceof z.ZodType) && !('contentType' in route.response),
      )
      expect(without).toEqual([])
    })

    it('every definition is served by Fastify at its method and path under /admin/api', () => {
      const unserved = app.backOffice
        .apiRoutes()
        .filter((route) => !app.hasRoute({ method: route.method, url: `/admin/api${route.url}` }))
      expect(unserved).toEqual([])
    })
  })
})

describe('the back office served', () => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
  })
  afterAll(async () => {
    await testDb.drop()
  })

  /** The back office alone, with `add` putting routes of a test into its table. */
  async function serve(add: (staff: ReturnType<typeof createStaff>) => void) {
    const app = Fastify()
    const env = testEnv({ ADMIN_ORIGIN })
    const staff = createStaff({
      env,
      database: testDb.database,
      outbox: createMailOutbox({ env, log: app.log }),
      housekeeping: createHousekeeping({ log: app.log }),
      log: app.log,
    })
    add(staff)
    app.decorate('backOffice', staff.backOffice)
    await app.register(staff.plugin, { prefix: '/admin' })
    await app.ready()
    return app
  }

  const fileRoute = (method: Method, url: string, response: Answer) => ({
    method,
    url,
    response,
    contract: contract(method, `/files${url === '/' ? '' : url}`),
  })
  const mount = (routes: MountedRoutes['routes'], urls: string[]): MountedRoutes => ({
    prefix: '/files',
    routes,
    async register(scope) {
      for (const url of urls) scope.get(url, async () => ({ name: url }))
    },
  })

  it('stops at start when a mounted plugin serves a route its mount does not define', async () => {
    await expect(
      serve((staff) =>
        staff.backOffice.mount(ADMIN_ONLY, mount([fileRoute('GET', '/', Thing)], ['/', '/:id'])),
      ),
    ).rejects.toThrow('GET /admin/api/files/:id is not a back-office route definition')
  })

  it('stops at start when a mount defines a route its plugin does not serve', async () => {
    await expect(
      serve((staff) =>
        staff.backOffice.mount(
          ADMIN_ONLY,
          mount([fileRoute('GET', '/', Thing), fileRoute('DELETE', '/:id', NO_CONTENT)], ['/']),
        ),
      ),
    ).rejects.toThrow('Back-office routes defined but not served: DELETE /admin/api/files/:id')
  })

  it('answers 500 naming the field when an answer does not match its schema (outside production)', async () => {
    const app = await serve((staff) => {
      staff.backOffice.publicRoute(contract('GET', '/right'), {
        response: Thing,
        handler: async () => ({ name: 'Ada' }),
      })
      staff.backOffice.publicRoute(contract('GET', '/wrong'), {
        response: Thing,
        // A wrong answer the compiler would refuse, as a handler's bug at run time looks.
        handler: async () => ({ name: 7 }) as never,
      })
      staff.backOffice.publicRoute(contract('GET', '/empty'), {
        response: NO_CONTENT,
        handler: async ({ reply }) => reply.code(200).send({ name: 'a body' }),
      })
    })
    try {
      expect((await call(app, 'GET', '/right')).json()).toEqual({ name: 'Ada' })
      const wrong = await call(app, 'GET', '/wrong')
      expect(wrong.statusCode).toBe(500)
      expect(wrong.json().message).toMatch(/^GET \/wrong answer does not match its schema: .*name/s)
      const empty = await call(app, 'GET', '/empty')
      expect(empty.statusCode).toBe(500)
      expect(empty.json().message).toBe('GET /empty answered a body where none is defined')
    } finally {
      await app.close()
    }
  })
})
