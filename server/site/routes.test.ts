/**
 * The site as the server answers it: pages from the page set and files from the client folder,
 * with their headers, encodings, validators and ranges, whether a file comes from the in-memory
 * cache or is streamed from disk; a page set changed at run time is what the next request gets.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { keptCompressed } from '#server/render/renderer.ts'
import { sha256Source } from '#server/render/verify-page.ts'
import { createTestDatabase, testEnv, type TestDatabase } from '#server/test/databases.ts'
import { finishedPage, writeSiteBuild } from '#server/test/site-build.ts'
import { openSiteBuild, type SiteBuild } from './site-build.ts'
import { CACHE } from './static-files.ts'

const PAGE = '<!doctype html><title>Home</title><script>window.hello = 1</script><p>Welcome</p>'
const FEED = '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel></channel></rss>'
const SITEMAP = '<?xml version="1.0" encoding="UTF-8"?><urlset></urlset>'
// Over the cache's per-file limit, so it is streamed.
const VIDEO = Buffer.alloc(600 * 1024, 7)

/** What the checks share: one app on a written build, its page set changed by the last check. */
interface SiteTest {
  dir: string
  testDb: TestDatabase
  app: FastifyInstance
  build: SiteBuild
}

describe('site plugin', () => {
  const t = useSite()
  pageChecks(t)
  fileAndPathChecks(t)
})

/** The app on SQLite serving a build of two pages, a feed, a sitemap, a script and a video. */
function useSite() {
  const t = {} as SiteTest
  beforeAll(async () => {
    t.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'))
    writeSiteBuild(t.dir, {
      pages: { '/': PAGE, '/about': '<!doctype html><title>About</title>' },
      files: { 'assets/entry-abc.js': 'export const x = 1\n', 'media/video/hero.mp4': VIDEO },
    })
    t.build = openSiteBuild(path.join(t.dir, 'client'))
    // The home page's one inline script is declared, as the render pipeline declares its own.
    t.build.pages.update({
      put: [
        finishedPage('/', PAGE, { scriptHashes: [sha256Source('window.hello = 1')] }),
        // Resources as the render pipeline types them (server/render/render-build.test.ts).
        finishedPage('/rss.xml', FEED, { contentType: 'application/rss+xml; charset=utf-8' }),
        finishedPage('/sitemap.xml', SITEMAP, { contentType: 'application/xml; charset=utf-8' }),
      ],
    })
    t.testDb = await createTestDatabase('sqlite')
    t.app = await buildApp({ env: testEnv(), database: t.testDb.database, build: t.build })
    await t.app.ready()
  })
  afterAll(async () => {
    await t.app.close()
    await t.testDb.drop()
    fs.rmSync(t.dir, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })
  return Object.assign(t, { get })
}
type Site = ReturnType<typeof useSite>

/** A page: its encodings, headers, validators, and the type it was rendered with. */
function pageChecks(t: Site) {
  const { get } = t
  it('sends a page precompressed, with every header, the same on every request', async () => {
    for (const round of [1, 2]) {
      const response = await get('/', { 'accept-encoding': 'gzip, deflate, br' })
      expect(response.statusCode, `round ${round}`).toBe(200)
      expect(response.headers['content-encoding']).toBe('br')
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE)
      expect(response.headers['content-length']).toBe(String(response.rawPayload.length))
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe(CACHE.page)
      expect(response.headers.vary).toBe('Accept-Encoding')
      expect(response.headers.etag).toMatch(/^"[\w-]{20,}"$/)
      expect(response.headers['content-security-policy']).toContain(
        `script-src 'self' ${sha256Source('window.hello = 1')}`,
      )
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(response.headers['strict-transport-security']).toContain('max-age=')
      expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/)
    }
    const gzip = await get('/', { 'accept-encoding': 'gzip' })
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(PAGE)
    const plain = await get('/')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(PAGE)
  })

  it('answers a page kept only in its compressed forms with the same bytes, whole or in ranges', async () => {
    const text = `<!doctype html><title>Kept</title>${'<p>A paragraph of the page.</p>'.repeat(50)}`
    const { body: _body, ...forms } = finishedPage('/kept', text)
    t.build.pages.update({ put: [keptCompressed({ ...forms, gzip: forms.gzip! })] })
    const whole = await get('/kept')
    expect(whole.headers['content-encoding']).toBeUndefined()
    expect(whole.body).toBe(text)
    expect(whole.headers['content-length']).toBe(String(Buffer.byteLength(text)))
    const part = await get('/kept', { range: 'bytes=15-31' })
    expect(part.statusCode).toBe(206)
    expect(part.body).toBe('<title>Kept</title>'.slice(0, 17))
    const br = await get('/kept', { 'accept-encoding': 'br' })
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(text)
    expect(br.headers.etag).toBe(whole.headers.etag)
  })

  it('answers a page with and without its trailing slash, and HEAD without a body', async () => {
    const about = await get('/about')
    expect(about.statusCode).toBe(200)
    expect((await get('/about/')).body).toBe(about.body)
    const head = await t.app.inject({ method: 'HEAD', url: '/about/' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers['content-length']).toBe(String(about.rawPayload.length))
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await get('/')).headers.etag as string
    const again = await get('/', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const other = await get('/', { 'if-none-match': '"another"' })
    expect(other.statusCode).toBe(200)
  })

  it('sends each resource with the type it was rendered with: the feed as RSS, the sitemap as XML', async () => {
    const feed = await get('/rss.xml')
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8')
    expect(feed.body).toBe(FEED)
    expect((await get('/sitemap.xml')).headers['content-type']).toBe(
      'application/xml; charset=utf-8',
    )
  })
}

/** Files that are not pages, ranges, unknown paths, data requests, and a changed page set. */
function fileAndPathChecks(t: Site) {
  const { get } = t
  it('gives files that are not pages the no-script CSP', async () => {
    const script = await get('/assets/entry-abc.js')
    expect(script.body).toBe('export const x = 1\n')
    expect(script.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    )
    expect(script.headers['cache-control']).toContain('immutable')
  })

  it('serves byte ranges of pages, of cached and of streamed files', async () => {
    const page = await get('/', { range: 'bytes=0-14' })
    expect(page.statusCode).toBe(206)
    expect(page.body).toBe('<!doctype html>')
    const small = await get('/assets/entry-abc.js', { range: 'bytes=7-11' })
    expect(small.statusCode).toBe(206)
    expect(small.body).toBe('const')
    expect(small.headers['content-range']).toBe('bytes 7-11/19')
    const video = await get('/media/video/hero.mp4', { range: 'bytes=-1000' })
    expect(video.statusCode).toBe(206)
    expect(video.rawPayload).toEqual(VIDEO.subarray(VIDEO.length - 1000))
    const whole = await get('/media/video/hero.mp4')
    expect(whole.rawPayload.equals(VIDEO)).toBe(true)
    const beyond = await get('/media/video/hero.mp4', { range: `bytes=${VIDEO.length}-` })
    expect(beyond.statusCode).toBe(416)
  })

  it('answers an unknown path with the not-found page and 404', async () => {
    for (const url of ['/no/such/page', '/index.html', '/assets/']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.body).toContain('Not found')
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers.etag).toBeUndefined()
    }
  })

  it("sends React Router's data requests for a page to the page itself, as a document", async () => {
    for (const [url, page] of [
      ['/about.data', '/about'],
      ['/about/_.data', '/about/'],
      ['/_.data', '/'],
    ]) {
      const response = await get(url!)
      expect(response.statusCode, url).toBe(204)
      expect(response.headers['x-remix-redirect']).toBe(page)
      expect(response.headers['x-remix-reload-document']).toBe('true')
    }
    // Only to a page of this site: never a path another origin could be read from.
    for (const url of ['/nowhere.data', '//evil.example/about.data', '/..%2Fabout.data']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['x-remix-redirect'], url).toBeUndefined()
    }
  })

  it('answers the changed page set from the next request on', async () => {
    const before = await get('/about')
    t.build.pages.update({
      put: [finishedPage('/privacy', '<!doctype html><title>Privacy</title>')],
      remove: ['/about/'],
    })
    expect((await get('/privacy')).body).toContain('Privacy')
    const gone = await get('/about', { 'if-none-match': before.headers.etag as string })
    expect(gone.statusCode).toBe(404)
    expect(gone.body).toContain('Not found')
  })
}
