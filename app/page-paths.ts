/**
 * The one list of page URLs: prerendering, sitemap.xml and the end-to-end tests all read it.
 * Runs in Node (build and tests), never in the browser.
 */
import fs from 'node:fs'
import path from 'node:path'

// Resolved from the project root (the build runs there; import.meta paths move when bundled).
const ARTICLES_DIR = path.resolve('content/articles')

export function articleSlugs(dir = ARTICLES_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.mdx'))
    .map((file) => file.slice(0, -'.mdx'.length))
    .sort()
}

export const STATIC_PAGES = [
  '/',
  '/about',
  '/articles',
  '/contact',
  '/courses',
  '/privacy',
] as const

/**
 * Pages a visitor reaches from a link in our mail or after posting a form without JavaScript
 * (the server answers with a 303 to one of them). Prerendered and marked noindex; not in the
 * sitemap. Their copy is content/consent-pages.ts, keyed by these paths.
 */
export const NOINDEX_PAGES = [
  '/newsletter/confirm',
  '/newsletter/confirmed',
  '/newsletter/already-confirmed',
  '/newsletter/expired',
  '/newsletter/invalid-link',
  '/newsletter/unsubscribe',
  '/newsletter/unsubscribed',
  '/newsletter/check-your-inbox',
  '/newsletter/subscribed',
  '/newsletter/not-sent',
  '/contact/sent',
  '/contact/not-sent',
] as const

/** Every indexable HTML page of the site (what sitemap.xml lists). */
export function pagePaths(): string[] {
  return [...STATIC_PAGES, ...articleSlugs().map((slug) => `/articles/${slug}`)]
}

/** Files generated from the same list and the articles. */
export const RESOURCE_PATHS = ['/sitemap.xml', '/robots.txt', '/rss.xml'] as const

/** What the build prerenders. */
export function prerenderPaths(): string[] {
  return [...pagePaths(), ...NOINDEX_PAGES, ...RESOURCE_PATHS]
}
