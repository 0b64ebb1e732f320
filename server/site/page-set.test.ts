/**
 * The page set: what a request finds before, during and after a change at run time; pages
 * rendered on demand, once per version, within a bound, never older than a page already served.
 */
import { describe, expect, it } from 'vitest'
import { finishedPage } from '#server/test/site-build.ts'
import { createPageSet, pageBytes, type Generation } from './page-set.ts'

const html = (title: string) => `<!doctype html><title>${title}</title>`
const notFound = finishedPage('/__not-found', html('Not found'), { status: 404 })

describe('the page set', () => {
  it('finds a page with and without a trailing slash, and nothing else', () => {
    const pages = createPageSet(
      [finishedPage('/', html('Home')), finishedPage('/articles/jo', html('Jo'))],
      notFound,
    )
    expect(pages.get('/')?.body.toString()).toContain('Home')
    expect(pages.get('/articles/jo')?.body.toString()).toContain('Jo')
    expect(pages.get('/articles/jo/')).toBe(pages.get('/articles/jo'))
    expect(pages.get('/articles/jo//')).toBe(pages.get('/articles/jo'))
    expect(pages.get('/articles')).toBeUndefined()
    expect(pages.get('/articles/jo/index.html')).toBeUndefined()
    expect(pages.notFound!.status).toBe(404)
    expect(pages.notFound!.cacheControl).toBe('no-store')
  })

  it('gives a page its CSP from its script hashes, and a resource none', () => {
    const pages = createPageSet(
      [
        finishedPage('/', html('Home'), { scriptHashes: ["'sha256-abc'"] }),
        finishedPage('/robots.txt', 'User-agent: *', { contentType: 'text/plain' }),
      ],
      notFound,
    )
    expect(pages.get('/')!.csp).toContain("script-src 'self' 'sha256-abc'")
    expect(pages.get('/robots.txt')!.csp).toBeUndefined()
  })

  it('changes some pages at once: a page held before the change keeps its bytes', () => {
    const pages = createPageSet(
      [finishedPage('/', html('Home')), finishedPage('/about', html('About'))],
      notFound,
    )
    const held = pages.get('/about')!
    pages.update({
      put: [finishedPage('/about', html('About, new')), finishedPage('/privacy', html('Privacy'))],
      remove: ['/'],
    })
    expect(held.body.toString()).toContain('About</title>')
    expect(pages.get('/about')!.body.toString()).toContain('About, new')
    expect(pages.get('/about')!.etag).not.toBe(held.etag)
    expect(pages.get('/privacy')).toBeDefined()
    expect(pages.get('/')).toBeUndefined()
    expect(pages.paths().sort()).toEqual(['/about', '/privacy'])
  })

  it('refuses a change with a bad page as a whole: nothing of it is applied', () => {
    const pages = createPageSet([finishedPage('/', html('Home'))], notFound)
    expect(() =>
      pages.update({
        put: [
          finishedPage('/about', html('About')),
          finishedPage('/broken', html('Error'), { status: 500 }),
        ],
        remove: ['/'],
      }),
    ).toThrow(/\/broken has status 500/)
    expect(() => pages.update({ put: [finishedPage('/about/', html('About'))] })).toThrow(
      /end without one/,
    )
    expect(pages.paths()).toEqual(['/'])
  })

  it('replaces every page and the not-found page at once', () => {
    const pages = createPageSet([finishedPage('/', html('Home'))], notFound)
    pages.replaceAll(
      [finishedPage('/', html('Home, new'))],
      finishedPage('/__not-found', html('Gone'), { status: 404 }),
    )
    expect(pages.get('/')!.body.toString()).toContain('Home, new')
    expect(pages.notFound!.body.toString()).toContain('Gone')
    expect(() => pages.replaceAll([], finishedPage('/__not-found', html('Gone')))).toThrow(
      /status 200, not 404/,
    )
    expect(() =>
      createPageSet([finishedPage('/', html('A')), finishedPage('/', html('B'))], notFound),
    ).toThrow(/Two pages for \//)
  })
})

/** A generation whose renders wait until the test lets them finish. */
function generation(
  version: number,
  paths: string[],
  options: { invalidate?: 'all' | string[]; renders?: string[] } = {},
): Generation & { finish(): void } {
  const gates: (() => void)[] = []
  let open = false
  return {
    version,
    paths: new Set(paths),
    redirects: new Map(),
    invalidate: options.invalidate ?? 'all',
    notFoundChanged: true,
    renderer: {
      async render(path) {
        options.renders?.push(path)
        if (!open) await new Promise<void>((resolve) => gates.push(resolve))
        return finishedPage(path, html(`${path} at version ${version}`))
      },
      renderNotFound: () =>
        Promise.resolve(
          finishedPage('/__not-found', html(`Not found ${version}`), { status: 404 }),
        ),
    },
    finish() {
      open = true
      for (const gate of gates.splice(0)) gate()
    },
  }
}

describe('pages rendered on demand', () => {
  it('renders a page once per version however many requests wait for it', async () => {
    const pages = createPageSet([], notFound)
    const renders: string[] = []
    const first = generation(1, ['/', '/about'], { renders })
    pages.advance(first)
    const waiting = Array.from({ length: 50 }, () => pages.load('/about'))
    first.finish()
    const answers = await Promise.all(waiting)
    expect(renders).toEqual(['/about'])
    expect(new Set(answers).size).toBe(1)
    expect(answers[0]!.body.toString()).toContain('/about at version 1')
    // From memory afterwards; a new version renders it once more.
    expect(pages.get('/about')).toBe(answers[0])
    const second = generation(2, ['/', '/about'], { renders })
    second.finish()
    pages.advance(second)
    await Promise.all(Array.from({ length: 50 }, () => pages.load('/about/')))
    expect(renders).toEqual(['/about', '/about'])
  })

  it('never serves a page of an older version once a newer one has been served', async () => {
    const pages = createPageSet([], notFound)
    const first = generation(1, ['/', '/about'])
    pages.advance(first)
    // A request for /about waits for its render at version 1 ...
    const slow = pages.load('/about')
    // ... while version 2 comes and another request is answered from it.
    const second = generation(2, ['/', '/about'])
    second.finish()
    pages.advance(second)
    expect((await pages.load('/'))!.body.toString()).toContain('version 2')
    first.finish()
    expect((await slow)!.body.toString()).toContain('/about at version 2')
    expect(pages.get('/about')!.body.toString()).toContain('version 2')
  })

  it('drops only what a change invalidates, and pages that no longer exist', async () => {
    const pages = createPageSet([], notFound)
    const first = generation(1, ['/', '/about', '/gone'])
    first.finish()
    pages.advance(first)
    const about = (await pages.load('/about'))!
    await pages.load('/')
    await pages.load('/gone')
    const second = generation(2, ['/', '/about'], { invalidate: ['/'] })
    second.finish()
    pages.advance(second)
    expect(pages.get('/about')).toBe(about)
    expect(pages.get('/')).toBeUndefined()
    expect(await pages.load('/gone')).toBeUndefined()
    expect(pages.has('/gone')).toBe(false)
    expect((await pages.load('/'))!.body.toString()).toContain('version 2')
  })

  it('never holds more than its bound, the least recently used page out first', async () => {
    const paths = Array.from({ length: 200 }, (_, i) => `/listen/episode-${i}`)
    const sample = pageBytes(createPageSet([finishedPage('/x', html('x'))], notFound).get('/x')!)
    const maxBytes = sample * 20
    const pages = createPageSet([], notFound, { maxBytes })
    const renders: string[] = []
    const only = generation(1, paths, { renders })
    only.finish()
    pages.advance(only)
    for (const path of paths) {
      await pages.load(path)
      expect(pages.stats().bytes).toBeLessThanOrEqual(maxBytes)
      // The first page is kept in use: it is never the least recently used.
      pages.get(paths[0]!)
    }
    expect(pages.stats().pages).toBeGreaterThan(5)
    expect(pages.get(paths[0]!)).toBeDefined()
    expect(pages.get(paths[1]!)).toBeUndefined()
    await pages.load(paths[1]!)
    expect(renders.filter((path) => path === paths[1])).toHaveLength(2)
  })

  it('answers an unknown path without rendering anything but the not-found page', async () => {
    const pages = createPageSet([], notFound)
    const renders: string[] = []
    const only = generation(1, ['/'], { renders })
    only.finish()
    pages.advance(only)
    expect(await pages.load('/no/such/page')).toBeUndefined()
    expect((await pages.loadNotFound()).body.toString()).toContain('Not found 1')
    expect(renders).toEqual([])
  })
})
