import { describe, expect, it } from 'vitest'
import { CONTACT_LIMITS, contactFields } from '#common/contact.ts'
import { ContactSubmission, NewsletterSignup } from '#common/contact-schemas.ts'
import { RESERVED_SLUGS, slugProblem } from '#common/content/slug.ts'
import { RESERVED_LETTER_SLUGS } from '#common/newsletter-archive.ts'
import { contentSnapshot } from '#app/lib/content.server.ts'
import { consentPage } from '#app/lib/page-views.server.ts'
import {
  articleSlugs,
  NOINDEX_PAGES,
  PAGE_ROUTES,
  pagePaths,
  renderPaths,
  resourcePaths,
} from './page-paths.ts'
import routes from './routes.ts'

const snapshot = contentSnapshot()

describe('the page list', () => {
  it('is where the routes come from: one route per entry, with the same module', () => {
    const made = routes.map((route) => ({ path: route.path ?? '', file: route.file }))
    expect(made).toEqual(
      PAGE_ROUTES.map((page) => ({ path: page.pattern.slice(1), file: page.file })),
    )
    // The form pages share one module: each needs an id of its own.
    const ids = routes.map((route) => route.id ?? route.file)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('renders every path once, each a page, a form page or a resource; articles by slug', () => {
    const paths = renderPaths()
    expect(new Set(paths).size).toBe(paths.length)
    const kinds = [pagePaths(), NOINDEX_PAGES, resourcePaths()]
    for (const path of paths)
      expect(
        kinds.filter((list) => list.includes(path)),
        path,
      ).toHaveLength(1)
    expect(kinds.flat()).toHaveLength(paths.length)
    for (const slug of articleSlugs()) expect(pagePaths()).toContain(`/articles/${slug}`)
    expect(paths.filter((path) => path.includes(':'))).toEqual([])
  })

  it('takes the articles from the snapshot it is given', () => {
    const one = { ...snapshot, articles: snapshot.articles.slice(0, 1) }
    const profiles = (paths: string[]) =>
      paths.filter((path) => path.startsWith('/articles/') && !path.startsWith('/articles/series/'))
    expect(profiles(renderPaths(one))).toEqual([`/articles/${snapshot.articles[0]!.slug}`])
    // Each series keeps its own list, even with no profile in it.
    expect(renderPaths(one).filter((path) => path.startsWith('/articles/series/'))).toHaveLength(
      snapshot.pages.articles.series.length,
    )
  })

  it('keeps the form pages out of the sitemap list, unlike /privacy', () => {
    for (const path of NOINDEX_PAGES) {
      expect(renderPaths()).toContain(path)
      expect(pagePaths()).not.toContain(path)
    }
    expect(pagePaths()).toContain('/privacy')
  })
})

describe('the newsletter’s archive', () => {
  it('reserves the name of every page under /newsletter/, so no letter takes it', () => {
    const names = PAGE_ROUTES.map((route) => /^\/newsletter\/([^/:]+)/.exec(route.pattern)?.[1])
    const pages = names.filter((name): name is string => name !== undefined)
    expect(pages).toContain('archive')
    expect(pages).toContain('confirmed')
    for (const name of pages) expect(RESERVED_LETTER_SLUGS, name).toContain(name)
  })

  it('lists a letter that went out, with the archive, and pages the archive by tens', () => {
    const letters = Array.from({ length: 23 }, (_, i) => ({
      slug: `letter-${23 - i}`,
      subject: `Letter ${23 - i}`,
      preheader: '',
      body: 'Hello.\n',
      sentAt: new Date(Date.UTC(2026, 0, 23 - i)).toISOString(),
    }))
    const paths = pagePaths({ ...snapshot, letters })
    expect(paths).toContain('/newsletter/letter-23')
    expect(paths).toContain('/newsletter/archive')
    expect(paths.filter((path) => path.startsWith('/newsletter/archive/page/'))).toEqual([
      '/newsletter/archive/page/1',
      '/newsletter/archive/page/2',
    ])
    expect(pagePaths(snapshot)).not.toContain('/newsletter/archive/page/1')
  })
})

describe('the pages around the forms', () => {
  it('each have valid copy, and no copy is left without a page', () => {
    for (const path of NOINDEX_PAGES) expect(consentPage(snapshot, path).title).not.toBe('')
    expect(Object.keys(snapshot.pages.consent).sort()).toEqual([...NOINDEX_PAGES].sort())
    expect(() => consentPage(snapshot, '/newsletter/nowhere')).toThrow(
      /no page for "\/newsletter\/nowhere"/,
    )
  })

  // The server names refused fields by their JSON names (?fields=name,email); a rule under any
  // other name could never be flagged.
  it('not-sent pages list exactly the fields of their form, by their JSON names', () => {
    const names = (path: string) => {
      const page = consentPage(snapshot, path)
      return page.kind === 'not-sent' ? page.fields.map((field) => field.name) : []
    }
    expect(names('/contact/not-sent')).toEqual([...contactFields])
    expect(names('/contact/not-sent').every((n) => n in ContactSubmission.shape)).toBe(true)
    expect(names('/newsletter/not-sent')).toEqual(['email'])
    expect('email' in NewsletterSignup.shape).toBe(true)
  })

  it('state each field’s length limit as the form keeps it, never a number typed in the copy', () => {
    const page = consentPage(snapshot, '/contact/not-sent')
    if (page.kind !== 'not-sent') throw new Error('/contact/not-sent is not a not-sent page')
    for (const field of page.fields)
      expect(field.rule).toContain(
        String(CONTACT_LIMITS[field.name as keyof typeof CONTACT_LIMITS]),
      )
    const template = snapshot.pages.consent['/contact/not-sent']
    expect(
      template?.kind === 'not-sent' && template.fields.every((f) => f.rule.includes('{max}')),
    ).toBe(true)
  })
})

describe('article slugs', () => {
  it('can never take the first segment of one of the site’s own pages', () => {
    const segments = PAGE_ROUTES.filter((route) => route.kind !== 'resource')
      .map((route) => route.pattern)
      .filter((path) => !path.includes(':'))
      .map((path) => path.split('/')[1]!)
      .filter(Boolean)
    for (const segment of segments) {
      expect(RESERVED_SLUGS.has(segment), segment).toBe(true)
      expect(slugProblem(segment)).toMatch(/reserved/)
    }
  })
})
