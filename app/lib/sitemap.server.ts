/**
 * sitemap.xml (sitemaps.org 0.9). A file may list 50,000 URLs and 50 MB; a daily show passes the
 * first in about 130 years, but the site does not wait for it: from SITEMAP_URLS pages on,
 * /sitemap.xml is a sitemap index of parts (/sitemap/1.xml, /sitemap/2.xml, …), each with its
 * `lastmod`. Every URL carries the date its page's document was published, where it has one
 * (an article's date, an episode's publication, a letter's sending).
 */
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { letterPath } from '#common/newsletter-archive.ts'
import { episodePath } from './podcast-paths.server.ts'

/** URLs in one sitemap file: under the protocol's 50,000, and far under its 50 MB (~100 bytes each). */
export const SITEMAP_URLS = 40_000

export interface SitemapEntry {
  path: string
  /** YYYY-MM-DD, when the page's document has a date. */
  lastmod?: string
}

export const sitemapPartPath = (part: number) => `/sitemap/${part}.xml`

/** How many part files a sitemap of `urls` pages has: none while one file holds them all. */
export const sitemapPartCount = (urls: number, limit = SITEMAP_URLS) =>
  urls > limit ? Math.ceil(urls / limit) : 0

/** The paths of the part files (none while /sitemap.xml lists every page itself). */
export const sitemapPartPaths = (urls: number, limit = SITEMAP_URLS) =>
  Array.from({ length: sitemapPartCount(urls, limit) }, (_, i) => sitemapPartPath(i + 1))

/** The date each dated page was published, by path. */
export function publicationDates(snapshot: ContentSnapshot): Map<string, string> {
  const dates = new Map<string, string>()
  for (const article of snapshot.articles)
    dates.set(`/articles/${article.slug}`, article.frontmatter.date)
  for (const episode of snapshot.podcast.episodes)
    dates.set(episodePath(episode.slug), episode.data.publishedAt.slice(0, 10))
  for (const letter of snapshot.letters ?? [])
    dates.set(letterPath(letter.slug), letter.sentAt.slice(0, 10))
  return dates
}

/** The pages with their dates, in the order given. */
export function sitemapEntries(paths: readonly string[], snapshot: ContentSnapshot) {
  const dates = publicationDates(snapshot)
  return paths.map((path): SitemapEntry => {
    const lastmod = dates.get(path)
    return lastmod ? { path, lastmod } : { path }
  })
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'

const loc = (siteUrl: string, path: string) => escape(`${siteUrl}${path}`)

/** A <urlset> of pages. */
export function urlset(entries: readonly SitemapEntry[], siteUrl: string): string {
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${loc(siteUrl, entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
  )
  return `${HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`
}

/** The newest date among some entries. */
const newest = (entries: readonly SitemapEntry[]) =>
  entries.reduce<string | undefined>(
    (last, entry) => (entry.lastmod && (!last || entry.lastmod > last) ? entry.lastmod : last),
    undefined,
  )

/** Part `part` (from 1) of a sitemap split into files of `limit` pages. */
export const sitemapPart = (entries: readonly SitemapEntry[], part: number, limit = SITEMAP_URLS) =>
  entries.slice((part - 1) * limit, part * limit)

/** /sitemap.xml: every page, or, from `limit` pages on, the index of the part files. */
export function sitemapDocument(
  entries: readonly SitemapEntry[],
  siteUrl: string,
  limit = SITEMAP_URLS,
): string {
  const parts = sitemapPartCount(entries.length, limit)
  if (parts === 0) return urlset(entries, siteUrl)
  const files = Array.from({ length: parts }, (_, i) => {
    const lastmod = newest(sitemapPart(entries, i + 1, limit))
    return `  <sitemap><loc>${loc(siteUrl, sitemapPartPath(i + 1))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`
  })
  return `${HEAD}<sitemapindex xmlns="${NS}">\n${files.join('\n')}\n</sitemapindex>\n`
}
