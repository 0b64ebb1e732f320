/**
 * The articles' series (content/pages/articles.yaml): the cards /articles shows of each, and
 * each series' own paged list, /articles/series/<id> and /articles/series/<id>/page/<n>. The
 * page of all articles stays the same size however many profiles are published: each series
 * shows its first SERIES_PREVIEW cards there and links its own list for the rest (issue 29).
 */
import type { ArticleCardView } from '#app/components/sections/article-cards.tsx'
import type { Series, SeriesId } from '#common/content/pages.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { listArticles } from './articles.server.ts'
import { numberedPagerLinks } from './pager.ts'
import { ogImage } from './content.server.ts'
import { breadcrumbs, seo } from './seo.server.ts'
import {
  ARTICLES_PATH,
  SERIES_PAGE_SIZE,
  SERIES_PREVIEW,
  seriesPageCount,
  seriesPath,
} from './series-paths.server.ts'

/**
 * The articles as /articles lists them: those the page's `order` names first, in that order (a
 * former slug counts for the article it redirects to; a slug no published article has is passed
 * over), then the others, newest first.
 */
export function orderedArticles(snapshot: ContentSnapshot) {
  const articles = listArticles(snapshot)
  const order = snapshot.pages.articles.order
  if (!order?.length) return articles
  const current = (slug: string) => snapshot.redirects.find((r) => r.from === slug)?.to ?? slug
  const position = new Map<string, number>()
  order.forEach((slug, i) => {
    const resolved = current(slug)
    if (!position.has(resolved)) position.set(resolved, i)
  })
  const rank = (slug: string) => position.get(slug) ?? order.length
  // Array.prototype.sort is stable: the unordered keep their newest-first order.
  return [...articles].sort((a, b) => rank(a.slug) - rank(b.slug))
}

/** The series' name as one line: "Returning & Redemption". */
export const seriesName = (series: Series) => `${series.title1} ${series.title2}`

/**
 * The cards of a series, in the order /articles lists them. Art & Advocacy's cards link without
 * a trailing slash, the others with one: both forms are served (docs/requirements.md#pages).
 */
export function seriesCards(
  snapshot: ContentSnapshot,
  id: SeriesId,
  ordered = orderedArticles(snapshot),
): ArticleCardView[] {
  return ordered
    .filter((article) => article.series === id)
    .map((article) => ({
      slug: article.slug,
      name: article.name,
      cardTitle: article.cardTitle,
      summary: article.summary,
      location: article.location,
      color: article.color,
      portrait: article.portrait,
      link: `${ARTICLES_PATH}/${article.slug}${id === 'art-advocacy' ? '' : '/'}`,
    }))
}

/**
 * What /articles shows of a series: its first cards, and its own list when there are more.
 * `ordered`: orderedArticles(snapshot), made once for the page's three series.
 */
export function seriesPreview(
  snapshot: ContentSnapshot,
  id: SeriesId,
  ordered = orderedArticles(snapshot),
) {
  const cards = seriesCards(snapshot, id, ordered)
  return {
    cards: cards.slice(0, SERIES_PREVIEW),
    total: cards.length,
    more: cards.length > SERIES_PREVIEW ? seriesPath(id) : undefined,
  }
}

/** A series' list page; undefined for a series or page that does not exist (a 404). */
export function seriesView(snapshot: ContentSnapshot, id: string, page = 1) {
  const series = snapshot.pages.articles.series.find((s) => s.id === id)
  if (!series) return undefined
  const cards = seriesCards(snapshot, series.id)
  const pages = seriesPageCount(cards.length)
  if (!Number.isInteger(page) || page < 1 || page > pages) return undefined
  const path = seriesPath(series.id, page)
  const name = seriesName(series)
  const title = page === 1 ? `${name}: articles` : `${name}: articles, page ${page}`
  return {
    series: { ...series, name },
    cards: cards.slice((page - 1) * SERIES_PAGE_SIZE, page * SERIES_PAGE_SIZE),
    total: cards.length,
    page,
    pages,
    pager: pages > 1 ? numberedPagerLinks(page, pages, (n) => seriesPath(series.id, n)) : [],
    previousHref: page > 1 ? seriesPath(series.id, page - 1) : undefined,
    nextHref: page < pages ? seriesPath(series.id, page + 1) : undefined,
    meta: seo(snapshot, {
      title,
      description: `${name}: ${series.subtitle}`,
      path,
      image: ogImage(snapshot.media, 'articles'),
      jsonLd: [
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: 'Articles', path: ARTICLES_PATH },
          { name, path: seriesPath(series.id) },
          ...(page > 1 ? [{ name: `Page ${page}`, path }] : []),
        ]),
      ],
    }),
  }
}
