/**
 * The catalogue API in-process (app.inject) on every database engine, reading from a stub
 * Shopify store on 127.0.0.1.
 */
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { courseListAnswerSchema, courseRefreshAnswerSchema } from '#common/course-schemas.ts'
import { buildApp } from '#server/app.ts'
import type { Dialect } from '#server/db/index.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'
import {
  sendJson,
  shopifyCatalogue,
  shopifyProduct,
  startStubStore,
  type StubHandler,
  type StubStore,
} from '#server/test/stub-store.ts'

const LIST = '/api/core/shopify/courses/'
const JSON_HEADERS = { 'content-type': 'application/json' }
const catalogue = (ids: number[]) => shopifyCatalogue(ids.map((id) => shopifyProduct({ id })))

/** Each way the store can fail: what it does, the status the refresh gets, the message. */
type StoreFailure = [string, StubHandler, number, RegExp]
const failures: StoreFailure[] = [
  ['HTTP 500', (_q, r) => void r.writeHead(500).end(), 502, /answered HTTP 500/],
  [
    'a redirect',
    (_q, r) => void r.writeHead(302, { location: 'https://elsewhere.example.com/' }).end(),
    502,
    /redirect .* not followed/,
  ],
  [
    'malformed JSON',
    (_q, r) => void r.writeHead(200, { 'content-type': 'application/json' }).end('{"products": ['),
    502,
    /not valid JSON/,
  ],
  [
    'the wrong shape',
    (_q, r) => sendJson(r, { items: [] }),
    502,
    /does not look like a Shopify product list/,
  ],
  [
    'a body over 5 MB',
    (_q, r) => {
      r.writeHead(200, { 'content-type': 'application/json' })
      r.on('error', () => {})
      r.end(`{"products":[],"padding":"${'x'.repeat(5 * 1024 * 1024)}"}`)
    },
    502,
    /larger than 5 MB/,
  ],
]

/**
 * A store that never answers, met by an API that gives up after 2 s (a small answer from the stub
 * takes milliseconds). The API that checks the other failures waits 10 s, which its 5 MB answer
 * needs on a slow machine; waiting that out kept a worker idle for 20 s of the run.
 */
const noAnswer: StoreFailure = [
  'no answer within the timeout',
  () => {},
  504,
  /did not answer within 2 seconds\./,
]

/**
 * The API on one database with a stub Shopify store, and the requests the checks share (one
 * refresher per database, so each refresh keeps its own address across the groups).
 */
function catalogueApi(dialect: Dialect, storeTimeoutMs = 10_000) {
  let store: StubStore
  let testDb: TestDatabase
  let app: FastifyInstance
  let address = 0

  /** Each refresh from its own address, so only the tests about it meet the rate limit. */
  const refresh = (headers: Record<string, string> = JSON_HEADERS, payload?: string) =>
    app.inject({
      method: 'POST',
      url: LIST,
      headers,
      remoteAddress: `10.0.${Math.floor(++address / 250)}.${address % 250}`,
      ...(payload !== undefined && { payload }),
    })
  const list = async () =>
    courseListAnswerSchema.parse((await app.inject({ method: 'GET', url: LIST })).json())
  const ids = async () => {
    return (await list()).data.map((course) => course.id)
  }
  /** Lets the next refresh go to the store: the cooldown runs from the last attempt. */
  const expireCooldown = () =>
    testDb.database.db
      .updateTable('catalogue_sync')
      .set({ last_attempt_at: '2000-01-01T00:00:00.000Z' })
      .execute()

  beforeAll(async () => {
    store = await startStubStore(catalogue([1, 2, 3]))
    testDb = await createTestDatabase(dialect)
    app = await buildApp({
      env: testEnv({
        STORE_PROVIDER: 'shopify',
        STORE_URL: store.url,
        // 10 s by default: long enough for the stub's 5 MB answer on a machine held to 0.7 CPU
        // beside other work (2 s was not, once: a 504 where a 502 was due).
        STORE_TIMEOUT_MS: String(storeTimeoutMs),
        REFRESH_RATE_LIMIT_MAX: '3',
        REFRESH_RATE_LIMIT_WINDOW_SECONDS: '60',
      }),
      database: testDb.database,
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
    await store.close()
  })
  beforeEach(() => {
    store.setHandler(catalogue([1, 2, 3]))
  })

  return {
    get store() {
      return store
    },
    get testDb() {
      return testDb
    },
    get app() {
      return app
    },
    refresh,
    list,
    ids,
    expireCooldown,
  }
}
type CatalogueApi = ReturnType<typeof catalogueApi>

describeOnDatabases('catalogue API', (dialect) => {
  const api = catalogueApi(dialect)
  readChecks(api)
  refreshChecks(api)
  storeFailureChecks(api)
})

describeOnDatabases('catalogue API with a store that never answers', (dialect) => {
  lastGoodCatalogueChecks(catalogueApi(dialect, 2_000), [noAnswer])
})

/** Reading the catalogue: the list, a course, ETags and compression. */
function readChecks(api: CatalogueApi) {
  it('syncs the empty catalogue at start-up and answers GET with {data, count}', async () => {
    const response = await api.app.inject({ method: 'GET', url: LIST })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = response.json()
    expect(body.count).toBe(3)
    expect(body.data[0]).toEqual({
      id: '1',
      title: 'Course 1',
      description: 'Three credit hours on topic 1.',
      price: 29,
      url: `${api.store.url}/products/course-1`,
      image_url: 'https://cdn.example.com/course-1.jpg',
    })
    expect(api.store.hitsOf('/products.json')).toBe(1)
  })

  it('answers with and without the trailing slash, and 404 JSON for another store', async () => {
    for (const url of [
      '/api/core/shopify/courses',
      '/api/core/shopify/courses/',
      '/api/core/shopify/courses/2',
      '/api/core/shopify/courses/2/',
    ]) {
      expect((await api.app.inject({ method: 'GET', url })).statusCode, url).toBe(200)
    }
    for (const [method, url] of [
      ['GET', '/api/core/sample/courses/'],
      ['GET', '/api/core/woocommerce/courses/2/'],
      ['POST', '/api/core/sample/courses/'],
    ] as const) {
      const response = await api.app.inject({ method, url, headers: JSON_HEADERS })
      expect(response.statusCode, url).toBe(404)
      expect(response.json()).toMatchObject({
        error: 'Not Found',
        message: expect.stringContaining('"shopify"'),
      })
    }
  })

  it('answers a course by id as {data}, and 404 JSON for an unknown id', async () => {
    const found = await api.app.inject({ method: 'GET', url: '/api/core/shopify/courses/2/' })
    expect(found.json()).toEqual({ data: expect.objectContaining({ id: '2', title: 'Course 2' }) })
    const missing = await api.app.inject({ method: 'GET', url: '/api/core/shopify/courses/nope/' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({
      error: 'Not Found',
      message: 'There is no course with the id "nope".',
    })
  })

  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await api.app.inject({ method: 'GET', url: LIST })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    expect(first.headers['cache-control']).toBe('no-cache')
    const again = await api.app.inject({
      method: 'GET',
      url: LIST,
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const other = await api.app.inject({
      method: 'GET',
      url: LIST,
      headers: { 'if-none-match': '"something-else"' },
    })
    expect(other.statusCode).toBe(200)
    const detail = await api.app.inject({ method: 'GET', url: '/api/core/shopify/courses/1' })
    expect(detail.headers.etag).not.toBe(etag)
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: '/api/core/shopify/courses/1',
          headers: { 'if-none-match': detail.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304)
  })

  it('sends the list and a course compressed as the client accepts, the same JSON each way', async () => {
    for (const url of [LIST, '/api/core/shopify/courses/2']) {
      const plain = await api.app.inject({ method: 'GET', url })
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.headers.vary).toBe('Accept-Encoding')
      const json = plain.json()
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
        ['gzip', 'gzip', zlib.gunzipSync],
      ] as const) {
        const response = await api.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': accept },
        })
        expect(response.headers['content-encoding'], accept).toBe(encoding)
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
        expect(response.headers.etag).toBe(plain.headers.etag)
        expect(response.headers.vary).toBe('Accept-Encoding')
        expect(response.headers['content-length']).toBe(String(response.rawPayload.length))
        expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(json)
      }
    }
  })
}

/** Refreshing: replacing the catalogue, the cooldown, the body, the rate limit. */
function refreshChecks(api: CatalogueApi) {
  const { refresh, ids, expireCooldown } = api
  it('refreshes: new, changed and removed courses replace the old ones, and the ETag changes', async () => {
    const before = (await api.app.inject({ method: 'GET', url: LIST })).headers.etag
    await expireCooldown()
    api.store.setHandler(
      shopifyCatalogue([
        shopifyProduct({ id: 4 }),
        shopifyProduct({ id: 2, title: 'Renamed', variants: [{ price: '19.99' }] }),
      ]),
    )
    const response = await refresh()
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = courseRefreshAnswerSchema.parse(response.json())
    expect(body.message).toBe('Courses refreshed successfully')
    expect(body.count).toBe(2)
    expect(body.data.map((course) => [course.id, course.title, course.price])).toEqual([
      ['4', 'Course 4', 29],
      ['2', 'Renamed', 19.99],
    ])
    expect(await ids()).toEqual(['4', '2'])
    const after = await api.app.inject({ method: 'GET', url: LIST })
    expect(after.headers.etag).not.toBe(before)
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/core/shopify/courses/1/' })).statusCode,
    ).toBe(404)
  })

  it('answers a refresh inside the cooldown from the catalogue, without going to the store', async () => {
    await expireCooldown()
    expect((await refresh()).statusCode).toBe(200)
    const hits = api.store.hitsOf('/products.json')
    const response = await refresh()
    expect(response.statusCode).toBe(200)
    expect(response.json().message).toMatch(
      /^Courses are up to date: they were checked with the store \d+ seconds? ago\.$/,
    )
    expect(response.json().count).toBe(3)
    expect(api.store.hitsOf('/products.json')).toBe(hits)
  })

  it('accepts an empty JSON object as the refresh body, and refuses any other body', async () => {
    expect((await refresh(JSON_HEADERS, '{}')).statusCode).toBe(200)
    const withBody = await refresh(JSON_HEADERS, '{"store":"x"}')
    expect(withBody.statusCode).toBe(400)
    expect(withBody.json().message).toMatch(/^body: /)
    expect((await refresh(JSON_HEADERS, '{not json')).statusCode).toBe(400)
  })

  it.each([
    ['no content type', {}],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['plain text', { 'content-type': 'text/plain' }],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }],
  ])('refuses a refresh with %s: 415, and no sync', async (_name, headers) => {
    await expireCooldown()
    const hits = api.store.hitsOf('/products.json')
    const response = await refresh(headers, '')
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({
      error: 'Unsupported Media Type',
      message: 'Send the refresh with the header Content-Type: application/json.',
    })
    expect(api.store.hitsOf('/products.json')).toBe(hits)
  })

  it('limits refreshes per address: 429 with Retry-After', async () => {
    const from = (remoteAddress: string) =>
      api.app.inject({ method: 'POST', url: LIST, headers: JSON_HEADERS, remoteAddress })
    // The clock stands still, so the window's end is exactly 60 s away, however slow the run.
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => void vi.useRealTimers())
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await from('192.0.2.7')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await from('192.0.2.7')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBe('60')
    expect(limited.json()).toMatchObject({ error: 'Too Many Requests' })
    // GET is not limited, and other addresses are not affected.
    expect(
      (await api.app.inject({ method: 'GET', url: LIST, remoteAddress: '192.0.2.7' })).statusCode,
    ).toBe(200)
    expect((await from('192.0.2.8')).statusCode).toBe(200)
  })
}

/** A store that fails or sends markup, and many refreshes at once. */
function storeFailureChecks(api: CatalogueApi) {
  const { refresh, list, expireCooldown } = api
  lastGoodCatalogueChecks(api, failures)

  it('sends store text as plain text, never markup', async () => {
    await expireCooldown()
    api.store.setHandler(
      shopifyCatalogue([
        shopifyProduct({
          id: 9,
          title: '<img src=x onerror=alert(1)>',
          body_html: '<script>alert(1)</script><p onclick="x()">Ethics &amp; flood</p>',
        }),
      ]),
    )
    expect((await refresh()).statusCode).toBe(200)
    const [course] = ((await list()) as { data: { title: string; description: string }[] }).data
    // The title is kept as the store wrote it: it is text, and the site renders it as text.
    expect(course).toMatchObject({
      title: '<img src=x onerror=alert(1)>',
      description: 'Ethics & flood',
    })
  })

  it('shares one upstream sync among 300 concurrent refreshes, with no server error', async () => {
    await expireCooldown()
    // A store that takes 100 ms, so the refreshes pile up while the sync runs.
    const handler = catalogue([1, 2, 3, 4, 5])
    api.store.setHandler(
      (request, response, url) => void setTimeout(() => handler(request, response, url), 100),
    )
    const before = api.store.hitsOf('/products.json')
    const responses = await Promise.all(Array.from({ length: 300 }, () => refresh()))
    expect(api.store.hitsOf('/products.json') - before).toBe(1)
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    expect(new Set(statuses)).toEqual(new Set([200]))
    expect(new Set(responses.map((response) => response.json().count))).toEqual(new Set([5]))
  })
}

describe('catalogue API before any successful sync', () => {
  it('answers GET with 503 and Retry-After while the store has never been read', async () => {
    const store = await startStubStore((_q, r) => void r.writeHead(500).end())
    const testDb = await createTestDatabase('sqlite')
    const app = await buildApp({
      env: testEnv({ STORE_PROVIDER: 'shopify', STORE_URL: store.url }),
      database: testDb.database,
    })
    try {
      await app.ready()
      const response = await app.inject({ method: 'GET', url: LIST })
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('30')
      expect(response.json()).toEqual({
        error: 'Service Unavailable',
        message:
          'The course catalogue has not been loaded from the store yet. Please try again in a minute.',
      })
      const refresh = await app.inject({ method: 'POST', url: LIST, headers: JSON_HEADERS })
      expect(refresh.statusCode).toBe(502)
      expect(refresh.json().message).toMatch(
        /^Could not load the courses from the store: The store \(http:\/\/127\.0\.0\.1:\d+\/products\.json\) answered HTTP 500/,
      )
    } finally {
      await app.close()
      await testDb.drop()
      await store.close()
    }
  })

  it('serves the sample catalogue by default, under /core/sample/', async () => {
    const testDb = await createTestDatabase('sqlite')
    const app = await buildApp({ env: testEnv(), database: testDb.database })
    try {
      const response = await app.inject({ method: 'GET', url: '/api/core/sample/courses/' })
      expect(response.statusCode).toBe(200)
      expect(response.json().count).toBeGreaterThanOrEqual(12)
      expect(response.json().data.map((course: { title: string }) => course.title)).toContain(
        '3 Course Bundle',
      )
    } finally {
      await app.close()
      await testDb.drop()
    }
  })
})

/** Each way the store fails: the refresh says why, and the last good catalogue stays. */
function lastGoodCatalogueChecks(api: CatalogueApi, cases: StoreFailure[]) {
  const { refresh, expireCooldown } = api
  it.each(cases)(
    'keeps serving the last good catalogue when the store gives %s',
    async (_name, handler, status, message) => {
      await expireCooldown()
      api.store.setHandler(catalogue([7, 8]))
      expect((await refresh()).statusCode).toBe(200)
      const good = await api.app.inject({ method: 'GET', url: LIST })

      await expireCooldown()
      api.store.setHandler(handler)
      const response = await refresh()
      expect(response.statusCode).toBe(status)
      expect(response.headers['content-type']).toMatch(/application\/json/)
      expect(response.json().message).toMatch(message)
      expect(response.json().message).toMatch(/The last saved catalogue is still shown\.$/)
      expect(Number(response.headers['retry-after'])).toBe(60)

      const after = await api.app.inject({ method: 'GET', url: LIST })
      expect(after.body).toBe(good.body)
      expect(after.headers.etag).toBe(good.headers.etag)
      const rows = await api.testDb.database.db
        .selectFrom('catalogue_course')
        .select('id')
        .orderBy('position')
        .execute()
      expect(rows.map((row) => row.id)).toEqual(['7', '8'])

      // Inside the cooldown the failure is repeated, not retried.
      const hits = api.store.requests.length
      expect((await refresh()).statusCode).toBe(status)
      expect(api.store.requests.length).toBe(hits)
    },
  )
}
