/**
 * The site as the server answers it: headers, encodings, validators and ranges, whether a file
 * comes from the in-memory cache or is streamed from disk.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { createTestDatabase, testEnv, type TestDatabase } from '#server/test/databases.ts'
import { openSiteBuild } from './site-build.ts'
import { CACHE } from './static-files.ts'

const PAGE = '<!doctype html><title>Home</title><script>window.hello = 1</script><p>Welcome</p>'
// Over the cache's per-file limit, so it is streamed.
const VIDEO = Buffer.alloc(600 * 1024, 7)

describe('site plugin', () => {
  let dir: string
  let testDb: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'))
    const write = (name: string, body: string | Buffer) => {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
      fs.writeFileSync(path.join(dir, name), body)
    }
    write('index.html', PAGE)
    write('index.html.br', zlib.brotliCompressSync(PAGE))
    write('index.html.gz', zlib.gzipSync(PAGE))
    write('__spa-fallback.html', '<!doctype html><title>Not found</title>')
    write('assets/entry-abc.js', 'export const x = 1\n')
    write('media/video/hero.mp4', VIDEO)
    testDb = await createTestDatabase('sqlite')
    app = await buildApp({ env: testEnv(), database: testDb.database, build: openSiteBuild(dir) })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers })

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
      expect(response.headers.etag).toMatch(/^W\/"/)
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)
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

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await get('/')).headers.etag as string
    const again = await get('/', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('gives files that are not pages the no-script CSP', async () => {
    const script = await get('/assets/entry-abc.js')
    expect(script.body).toBe('export const x = 1\n')
    expect(script.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    )
    expect(script.headers['cache-control']).toContain('immutable')
  })

  it('serves byte ranges of cached and of streamed files', async () => {
    const small = await get('/assets/entry-abc.js', { range: 'bytes=7-11' })
    expect(small.statusCode).toBe(206)
    expect(small.body).toBe('const')
    expect(small.headers['content-range']).toBe('bytes 7-11/19')
    const video = await get('/media/video/hero.mp4', { range: 'bytes=-1000' })
    expect(video.statusCode).toBe(206)
    expect(video.rawPayload).toEqual(VIDEO.subarray(VIDEO.length - 1000))
    const whole = await get('/media/video/hero.mp4')
    expect(whole.rawPayload.equals(VIDEO)).toBe(true)
  })

  it('answers an unknown path with the not-found page and 404', async () => {
    const response = await get('/no/such/page')
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('Not found')
    expect(response.headers['cache-control']).toBe('no-store')
  })
})
