import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CACHE,
  createResolver,
  indexBuild,
  negotiateEncoding,
  resolvePath,
  type StaticFile,
} from './static-files.ts'
import { pageOfDataRequest } from './routes.ts'

let dir: string
let files: Map<string, StaticFile>

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'))
  const write = (p: string, body = 'x') => {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true })
    fs.writeFileSync(path.join(dir, p), body)
  }
  write('favicon.ico')
  write('manifest.webmanifest')
  write('manifest.webmanifest.br')
  write('manifest.webmanifest.gz')
  write('assets/entry-abc123.js')
  write('assets/entry-abc123.js.gz')
  write('media/video/hero.mp4')
  write('media/people/jo doe.avif')
  files = indexBuild(dir)
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const resolved = (p: string) => {
  const r = resolvePath(files, p)
  return r.kind === 'file' ? path.relative(dir, r.file.absolutePath) : r.kind
}

describe('resolvePath', () => {
  it('maps a path to the file of the same name, escapes decoded', () => {
    expect(resolved('/assets/entry-abc123.js')).toBe('assets/entry-abc123.js')
    expect(resolved('/media/people/jo%20doe.avif')).toBe('media/people/jo doe.avif')
    expect(resolved('/favicon.ico')).toBe('favicon.ico')
  })

  it('does not serve compressed siblings by their own names, nor folders', () => {
    expect(resolved('/manifest.webmanifest.br')).toBe('not-found')
    expect(resolved('/assets/entry-abc123.js.gz')).toBe('not-found')
    expect(resolved('/assets')).toBe('not-found')
    expect(resolved('/')).toBe('not-found')
  })

  it('refuses traversal and malformed escapes', () => {
    expect(resolved('/../etc/passwd')).toBe('not-found')
    expect(resolved('/%2e%2e/secret')).toBe('not-found')
    expect(resolved('/media/%2e%2e/%2e%2e/etc/passwd')).toBe('not-found')
    expect(resolved('/%E0%A4%A')).toBe('not-found')
    expect(resolved('/favicon.ico%00')).toBe('not-found')
    expect(resolved('/nothing-here')).toBe('not-found')
  })

  it('answers as resolvePath when remembered, asked twice, and keeps no more than its bound', () => {
    const resolve = createResolver(files, 3)
    const paths = [
      '/favicon.ico',
      '/manifest.webmanifest',
      '/media/people/jo%20doe.avif',
      '/%2e%2e/secret',
      '/assets/entry-abc123.js',
    ]
    for (const round of [1, 2]) {
      for (const p of paths) {
        const remembered = resolve(p)
        const fresh = resolvePath(files, p)
        expect(remembered, `${p}, round ${round}`).toEqual(fresh)
      }
    }
    // Bounded: once 3 are kept the memory starts afresh, and every answer stays right.
    const many = createResolver(files, 3)
    let sizes = 0
    for (const p of paths) {
      many(p)
      sizes = Math.max(sizes, many.size())
    }
    expect(sizes).toBeLessThanOrEqual(3)
  })

  it('caches hashed assets for a year, media for a day, other files for an hour', () => {
    expect(files.get('/assets/entry-abc123.js')!.cacheControl).toBe(CACHE.immutable)
    expect(files.get('/media/video/hero.mp4')!.cacheControl).toBe(CACHE.media)
    expect(files.get('/favicon.ico')!.cacheControl).toBe(CACHE.other)
    expect(files.get('/manifest.webmanifest')!.cacheControl).toBe(CACHE.page)
  })
})

describe('pageOfDataRequest', () => {
  it("names the page of React Router's data requests, with and without a trailing slash", () => {
    expect(pageOfDataRequest('/about.data')).toBe('/about')
    expect(pageOfDataRequest('/articles/jo-doe/_.data')).toBe('/articles/jo-doe/')
    expect(pageOfDataRequest('/_.data')).toBe('/')
    expect(pageOfDataRequest('/about')).toBeUndefined()
  })
})

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    const page = files.get('/manifest.webmanifest')!
    expect(negotiateEncoding(page, 'gzip, deflate, br')).toBe('br')
    expect(negotiateEncoding(page, 'gzip')).toBe('gzip')
    expect(negotiateEncoding(page, 'br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding(page, '*')).toBe('br')
    expect(negotiateEncoding(page, 'identity')).toBeUndefined()
    expect(negotiateEncoding(page, undefined)).toBeUndefined()
    expect(negotiateEncoding(files.get('/assets/entry-abc123.js')!, 'br, gzip')).toBe('gzip')
  })
})
