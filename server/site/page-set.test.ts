/**
 * The in-memory page set: what a request finds before, during and after a change at run time.
 */
import { describe, expect, it } from 'vitest'
import { finishedPage } from '#server/test/site-build.ts'
import { createPageSet } from './page-set.ts'

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
    expect(pages.notFound.status).toBe(404)
    expect(pages.notFound.cacheControl).toBe('no-store')
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
    expect(pages.notFound.body.toString()).toContain('Gone')
    expect(() => pages.replaceAll([], finishedPage('/__not-found', html('Gone')))).toThrow(
      /status 200, not 404/,
    )
    expect(() =>
      createPageSet([finishedPage('/', html('A')), finishedPage('/', html('B'))], notFound),
    ).toThrow(/Two pages for \//)
  })
})
