import { describe, expect, it } from 'vitest'
import type { ArticleSource } from '#common/content/articles.ts'
import { readContentDir } from '#common/content/content-dir.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { affectedPaths, pagePaths } from '#app/page-paths.ts'
import { articlesView } from './page-views.server.ts'
import { seriesView } from './article-series.server.ts'
import { numberedPagerLinks } from './pager.ts'

const sample = readContentDir('content')

/** The sample with `count` more profiles in Returning & Redemption, a day apart. */
function withProfiles(count: number): ContentSnapshot {
  const base = sample.articles.find((a) => a.frontmatter.series === 'returning-redemption')!
  const more: ArticleSource[] = Array.from({ length: count }, (_, i) => ({
    slug: `profile-${i + 1}`,
    body: base.body,
    frontmatter: {
      ...base.frontmatter,
      name: `Person ${i + 1}`,
      date: new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10),
    },
  }))
  return { ...sample, articles: [...sample.articles, ...more] }
}

const SERIES = '/articles/series/returning-redemption'

describe('the articles’ series (issue 29: what lists everything stays paged)', () => {
  it('the sample: /articles shows every card, and each series has one page of its own', () => {
    const view = articlesView(sample)
    for (const group of Object.values(view.groups)) {
      expect(group.more).toBeUndefined()
      expect(group.cards).toHaveLength(group.total)
    }
    const series = pagePaths(sample).filter((path) => path.startsWith('/articles/series/'))
    expect(series.sort()).toEqual([
      '/articles/series/art-advocacy',
      '/articles/series/bails-bonds',
      '/articles/series/returning-redemption',
    ])
  })

  it('/articles keeps its size at any count: six cards, and a link to the series’ own list', () => {
    const many = withProfiles(40)
    const group = articlesView(many).groups['returning-redemption']
    expect(group.cards).toHaveLength(6)
    expect(group.total).toBe(42)
    expect(group.more).toBe(SERIES)
    // The other series are as they were.
    expect(articlesView(many).groups['bails-bonds'].more).toBeUndefined()
  })

  it('the series lists every article once, twelve a page, in the order /articles gives them', () => {
    const many = withProfiles(40)
    const paths = pagePaths(many).filter((path) => path.startsWith(SERIES))
    expect(paths).toEqual([SERIES, `${SERIES}/page/2`, `${SERIES}/page/3`, `${SERIES}/page/4`])
    const pages = [1, 2, 3, 4].map((page) => seriesView(many, 'returning-redemption', page)!)
    const slugs = pages.flatMap((page) => page.cards.map((card) => card.slug))
    expect(pages.map((page) => page.cards.length)).toEqual([12, 12, 12, 6])
    expect(new Set(slugs).size).toBe(42)
    expect(slugs.slice(0, 6)).toEqual(
      articlesView(many).groups['returning-redemption'].cards.map((card) => card.slug),
    )
    expect(pages[1]!.previousHref).toBe(SERIES)
    expect(pages[1]!.nextHref).toBe(`${SERIES}/page/3`)
    expect(pages[3]!.nextHref).toBeUndefined()
  })

  it('answers nothing for a page or a series that does not exist', () => {
    const many = withProfiles(40)
    for (const page of [0, 5, 1.5, Number.NaN])
      expect(seriesView(many, 'returning-redemption', page)).toBeUndefined()
    expect(seriesView(many, 'poetry')).toBeUndefined()
    expect(seriesView(sample, 'bails-bonds')!.cards).toHaveLength(2)
  })

  it('the pager shows a window of page numbers, never every page', () => {
    const labels = (page: number, pages: number) =>
      numberedPagerLinks(page, pages, (n) => `/p/${n}`).map((link) =>
        link.current ? `[${link.label}]` : link.label,
      )
    expect(labels(1, 1)).toEqual(['[1]'])
    expect(labels(1, 30)).toEqual(['[1]', '2', '3', '30'])
    expect(labels(15, 30)).toEqual(['1', '13', '14', '[15]', '16', '17', '30'])
    expect(labels(30, 30)).toEqual(['1', '28', '29', '[30]'])
  })

  it('a changed profile renders again /articles and its series’ pages', () => {
    const before = withProfiles(40)
    const after: ContentSnapshot = {
      ...before,
      articles: before.articles.map((a) =>
        a.slug === 'profile-3' ? { ...a, frontmatter: { ...a.frontmatter, name: 'Renamed' } } : a,
      ),
    }
    const { render } = affectedPaths(before, after)
    expect(render).toEqual(
      expect.arrayContaining(['/articles', '/articles/profile-3', SERIES, `${SERIES}/page/4`]),
    )
    expect(render).not.toContain('/about')
  })
})
