/**
 * GET /search's answer (server/search/routes.ts): made for one request, so compressed for it,
 * with the encoding the browser asked for, and sent as it is to one that asked for none.
 */
import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchAnswer } from '#common/search.ts'
import { createRateLimiter, memoryCounter } from '#server/http/rate-limit.ts'
import type { FinishedPage } from '#server/render/renderer.ts'
import { searchPageRoutes } from './routes.ts'
import type { SiteSearch } from './site-search.ts'

/** A results page as large as a real one (about 90 KB), of text that compresses as HTML does. */
const html = Buffer.from(
  `<!doctype html><html lang="en"><body>${Array.from(
    { length: 900 },
    (_, i) => `<li><a href="/listen/day-${i}#t=${i * 7}">Day ${i}: a tenant union meets</a></li>`,
  ).join('')}</body></html>`,
)

describe('GET /search', () => {
  let app: FastifyInstance
  const quiet = { warn() {} }
  beforeAll(async () => {
    const answer: SearchAnswer = {
      query: 'union',
      kind: null,
      page: 1,
      total: 0,
      pages: 0,
      hits: [],
      correctedTo: null,
    }
    const search = { search: async () => answer } as unknown as SiteSearch
    const page: FinishedPage = {
      path: '/search',
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: html,
      br: undefined,
      gzip: undefined,
      etag: '"x"',
      scriptHashes: [],
    }
    app = Fastify()
    await app.register(searchPageRoutes, {
      search,
      limiter: createRateLimiter({
        name: 'search',
        counter: memoryCounter(),
        log: quiet,
        max: 1000,
        windowMs: 60_000,
      }),
      renderPage: async () => page,
    })
    await app.ready()
  })
  afterAll(() => app?.close())

  const get = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/search?q=union',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    })

  it('sends brotli to a browser that takes it, a fraction of the page', async () => {
    const response = await get('gzip, deflate, br, zstd')
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(response.rawPayload.length).toBeLessThan(html.length / 5)
    expect(zlib.brotliDecompressSync(response.rawPayload).equals(html)).toBe(true)
  })

  it('sends gzip to one that takes only gzip', async () => {
    const response = await get('gzip')
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(response.rawPayload).equals(html)).toBe(true)
  })

  it('sends the page as it is to one that asks for no encoding, never stored', async () => {
    const response = await get()
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.rawPayload.equals(html)).toBe(true)
  })
})
