import { describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { pagePaths, resourcePaths } from '#app/page-paths.ts'
import {
  SITEMAP_URLS,
  sitemapDocument,
  sitemapEntries,
  sitemapPart,
  sitemapPartPaths,
  urlset,
} from './sitemap.server.ts'

const sample = readContentDir('content')
const at = new Date('2026-11-27T12:00:00Z')
const SITE = 'https://example.org'

describe('the sitemap', () => {
  it('dates each article, episode and letter by its publication, and no other page', () => {
    const entries = sitemapEntries(pagePaths(sample, at), sample)
    const article = sample.articles[0]!
    const episode = sample.podcast.episodes[0]!
    expect(entries).toContainEqual({
      path: `/articles/${article.slug}`,
      lastmod: article.frontmatter.date,
    })
    expect(entries).toContainEqual({
      path: `/listen/${episode.slug}`,
      lastmod: episode.data.publishedAt.slice(0, 10),
    })
    expect(entries.find((entry) => entry.path === '/about')).toEqual({ path: '/about' })
    expect(urlset(entries, SITE)).toContain(
      `<url><loc>${SITE}/articles/${article.slug}</loc><lastmod>${article.frontmatter.date}</lastmod></url>`,
    )
  })

  it('stays one file, with no part files, while it holds every page of the sample', () => {
    const entries = sitemapEntries(pagePaths(sample, at), sample)
    expect(sitemapDocument(entries, SITE)).toContain('<urlset ')
    expect(sitemapPartPaths(entries.length)).toEqual([])
    expect(resourcePaths(sample, at).filter((path) => path.startsWith('/sitemap/'))).toEqual([])
  })

  it('becomes an index of part files, each dated by its newest page, past its limit', () => {
    const entries = Array.from({ length: 7 }, (_, i) => ({
      path: `/listen/e-${i}`,
      lastmod: `2026-01-0${i + 1}`,
    }))
    const index = sitemapDocument(entries, SITE, 3)
    expect(index).toMatch(/^<\?xml [^>]+>\n<sitemapindex xmlns="[^"]+">\n/)
    const files = [
      ...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/sitemap>/g),
    ]
    expect(files.map(([, loc, lastmod]) => ({ loc, lastmod }))).toEqual([
      { loc: `${SITE}/sitemap/1.xml`, lastmod: '2026-01-03' },
      { loc: `${SITE}/sitemap/2.xml`, lastmod: '2026-01-06' },
      { loc: `${SITE}/sitemap/3.xml`, lastmod: '2026-01-07' },
    ])
    expect(sitemapPartPaths(7, 3)).toEqual(['/sitemap/1.xml', '/sitemap/2.xml', '/sitemap/3.xml'])
    // Every page is in exactly one part.
    const parts = [1, 2, 3].flatMap((part) => sitemapPart(entries, part, 3))
    expect(parts).toEqual(entries)
    expect(sitemapDocument(entries.slice(0, 3), SITE, 3)).toContain('<urlset ')
  })

  it('keeps each file under the protocol’s 50,000 URLs and 50 MB', () => {
    expect(SITEMAP_URLS).toBeLessThan(50_000)
    const entries = Array.from({ length: SITEMAP_URLS }, (_, i) => ({
      path: `/listen/a-long-episode-slug-of-the-daily-commons-${i}`,
      lastmod: '2036-11-27',
    }))
    expect(Buffer.byteLength(urlset(entries, SITE))).toBeLessThan(50 * 1024 * 1024)
  })
})
