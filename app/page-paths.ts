/**
 * The one list of page URLs: prerendering, sitemap.xml and the end-to-end tests all read it.
 * Runs in Node (build and tests), never in the browser.
 */
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { contentSnapshot } from '#app/lib/content.server.ts'

/** The slug of every article, in order. */
export function articleSlugs(snapshot: ContentSnapshot = contentSnapshot()): string[] {
  return snapshot.articles.map((article) => article.slug)
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
 * sitemap. Their copy is content/consent-pages.yaml, keyed by these paths.
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
export function pagePaths(snapshot?: ContentSnapshot): string[] {
  return [...STATIC_PAGES, ...articleSlugs(snapshot).map((slug) => `/articles/${slug}`)]
}

/** Files generated from the same list and the articles. */
export const RESOURCE_PATHS = ['/sitemap.xml', '/robots.txt', '/rss.xml'] as const

/** What the build prerenders. */
export function prerenderPaths(snapshot?: ContentSnapshot): string[] {
  return [...pagePaths(snapshot), ...NOINDEX_PAGES, ...RESOURCE_PATHS]
}
