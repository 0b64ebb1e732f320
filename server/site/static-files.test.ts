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
import { inlineScriptHashes } from '#server/http/security-headers.ts'

let dir: string
let files: Map<string, StaticFile>

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'))
  const write = (p: string, body = 'x') => {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true })
    fs.writeFileSync(path.join(dir, p), body)
  }
  write('index.html')
  write('index.html.br')
  write('index.html.gz')
  write('about/index.html')
  write('about.data')
  write('articles/jo-doe/index.html')
  write('articles/jo-doe.data')
  write('assets/entry-abc123.js')
  write('assets/entry-abc123.js.gz')
  write('media/video/hero.mp4')
  write('__spa-fallback.html')
  write('rss.xml')
  write('sitemap.xml')
  files = indexBuild(dir)
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const resolved = (p: string) => {
  const r = resolvePath(files, p)
  return r.kind === 'file' ? path.relative(dir, r.file.absolutePath) : r.kind
}

describe('resolvePath', () => {
  it('maps page URLs with and without a trailing slash to the prerendered HTML', () => {
    expect(resolved('/')).toBe('index.html')
    expect(resolved('/about')).toBe('about/index.html')
    expect(resolved('/about/')).toBe('about/index.html')
    expect(resolved('/articles/jo-doe/')).toBe('articles/jo-doe/index.html')
  })

  it('maps the data request of a trailing-slash URL to the file the build wrote', () => {
    expect(resolved('/articles/jo-doe.data')).toBe('articles/jo-doe.data')
    expect(resolved('/articles/jo-doe/_.data')).toBe('articles/jo-doe.data')
  })

  it('does not serve compressed siblings, index files or the fallback by their own names', () => {
    expect(resolved('/index.html.br')).toBe('not-found')
    expect(resolved('/about/index.html')).toBe('not-found')
    expect(resolved('/__spa-fallback.html')).toBe('not-found')
  })

  it('refuses traversal and malformed escapes', () => {
    expect(resolved('/../etc/passwd')).toBe('not-found')
    expect(resolved('/%2e%2e/secret')).toBe('not-found')
    expect(resolved('/%E0%A4%A')).toBe('not-found')
    expect(resolved('/nothing-here')).toBe('not-found')
  })

  it('answers as resolvePath when remembered, asked twice, and keeps no more than its bound', () => {
    const resolve = createResolver(files, 3)
    const paths = [
      '/',
      '/about',
      '/about/',
      '/articles/jo-doe/_.data',
      '/about/index.html',
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
    for (const p of ['/', '/about', '/about/', '/articles/jo-doe/', '/articles/jo-doe.data']) {
      many(p)
      sizes = Math.max(sizes, many.size())
    }
    expect(sizes).toBeLessThanOrEqual(3)
  })

  it('caches hashed assets for a year and revalidates pages', () => {
    expect(files.get('/assets/entry-abc123.js')!.cacheControl).toBe(
      'public, max-age=31536000, immutable',
    )
    expect(files.get('/index.html')!.cacheControl).toBe('public, max-age=0, must-revalidate')
    expect(files.get('/about.data')!.cacheControl).toBe('public, max-age=0, must-revalidate')
    expect(files.get('/media/video/hero.mp4')!.cacheControl).toBe(CACHE.media)
  })

  it('serves the RSS feed as application/rss+xml, the sitemap as application/xml', () => {
    expect(files.get('/rss.xml')!.contentType).toBe('application/rss+xml; charset=utf-8')
    expect(files.get('/sitemap.xml')!.contentType).toBe('application/xml; charset=utf-8')
  })
})

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    const page = files.get('/index.html')!
    expect(negotiateEncoding(page, 'gzip, deflate, br')).toBe('br')
    expect(negotiateEncoding(page, 'gzip')).toBe('gzip')
    expect(negotiateEncoding(page, 'br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding(page, '*')).toBe('br')
    expect(negotiateEncoding(page, 'identity')).toBeUndefined()
    expect(negotiateEncoding(page, undefined)).toBeUndefined()
    expect(negotiateEncoding(files.get('/assets/entry-abc123.js')!, 'br, gzip')).toBe('gzip')
  })
})

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only', () => {
    const hashes = inlineScriptHashes(
      '<script>a()</script><script src="/x.js"></script><script type="module">b()</script><script></script>',
    )
    expect(hashes).toHaveLength(2)
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/)
  })
})
