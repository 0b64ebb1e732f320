import { describe, expect, it } from 'vitest'
import { CONTACT_LIMITS, contactFields } from '#common/contact-constants.ts'
import { ContactSubmission, NewsletterSignup } from '#common/contact.ts'
import { RESERVED_SLUGS, slugProblem } from '#common/content/slug.ts'
import { contentSnapshot } from '#app/lib/content.server.ts'
import { consentPage } from '#app/lib/page-views.server.ts'
import { NOINDEX_PAGES, STATIC_PAGES, pagePaths, prerenderPaths } from './page-paths.ts'

const snapshot = contentSnapshot()

describe('the pages around the forms', () => {
  it('are prerendered but not in the sitemap, unlike /privacy', () => {
    for (const path of NOINDEX_PAGES) {
      expect(prerenderPaths()).toContain(path)
      expect(pagePaths()).not.toContain(path)
    }
    expect(pagePaths()).toContain('/privacy')
  })

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
    const segments = [...STATIC_PAGES, ...NOINDEX_PAGES]
      .map((path) => path.split('/')[1]!)
      .filter(Boolean)
    for (const segment of segments) {
      expect(RESERVED_SLUGS.has(segment), segment).toBe(true)
      expect(slugProblem(segment)).toMatch(/reserved/)
    }
  })
})
