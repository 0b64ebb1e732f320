import { describe, expect, it } from 'vitest'
import { contactFields } from '#common/contact-constants.ts'
import { ContactSubmission, NewsletterSignup } from '#common/contact.ts'
import { getConsentPage } from '#app/lib/content.server.ts'
import { consentPages } from '#content/consent-pages.ts'
import { NOINDEX_PAGES, pagePaths, prerenderPaths } from './page-paths.ts'

describe('the pages around the forms', () => {
  it('are prerendered but not in the sitemap, unlike /privacy', () => {
    for (const path of NOINDEX_PAGES) {
      expect(prerenderPaths()).toContain(path)
      expect(pagePaths()).not.toContain(path)
    }
    expect(pagePaths()).toContain('/privacy')
  })

  it('each have valid copy, and no copy is left without a page', () => {
    for (const path of NOINDEX_PAGES) expect(getConsentPage(path).title).not.toBe('')
    expect(Object.keys(consentPages).sort()).toEqual([...NOINDEX_PAGES].sort())
    expect(() => getConsentPage('/newsletter/nowhere')).toThrow(
      /no page for "\/newsletter\/nowhere"/,
    )
  })

  // The server names refused fields by their JSON names (?fields=name,email); a rule under any
  // other name could never be flagged.
  it('not-sent pages list exactly the fields of their form, by their JSON names', () => {
    const names = (path: string) => {
      const page = getConsentPage(path)
      return page.kind === 'not-sent' ? page.fields.map((field) => field.name) : []
    }
    expect(names('/contact/not-sent')).toEqual([...contactFields])
    expect(names('/contact/not-sent').every((n) => n in ContactSubmission.shape)).toBe(true)
    expect(names('/newsletter/not-sent')).toEqual(['email'])
    expect('email' in NewsletterSignup.shape).toBe(true)
  })
})
