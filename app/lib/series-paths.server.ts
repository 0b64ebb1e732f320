/**
 * The addresses of the articles' series lists (app/lib/article-series.server.ts):
 * /articles/series/<id> and /articles/series/<id>/page/<n>. Read by app/page-paths.ts, so
 * nothing here needs the site's configuration or the Markdown renderer.
 */
import type { SeriesId } from '#common/content/pages.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'

/** Cards of each series on /articles: two rows of the teaser grid, three of the people's. */
export const SERIES_PREVIEW = 6
/** Cards on each page of a series' own list. */
export const SERIES_PAGE_SIZE = 12
export const ARTICLES_PATH = '/articles'

/** A series' list: page 1 at /articles/series/<id>, the others at …/page/<n>. */
export const seriesPath = (id: SeriesId, page = 1) =>
  page > 1 ? `${ARTICLES_PATH}/series/${id}/page/${page}` : `${ARTICLES_PATH}/series/${id}`

/** How many pages a series of `cards` articles has (one, even without articles). */
export const seriesPageCount = (cards: number) => Math.max(1, Math.ceil(cards / SERIES_PAGE_SIZE))

/** The paths of every series' list: page 1 of each series, even one without articles yet. */
export function seriesFirstPagePaths(snapshot: ContentSnapshot): string[] {
  return snapshot.pages.articles.series.map((series) => seriesPath(series.id))
}

/** The paths of the later pages of every series' list (none until a series has 13 articles). */
export function seriesLaterPagePaths(snapshot: ContentSnapshot): string[] {
  return snapshot.pages.articles.series.flatMap((series) => {
    const count = snapshot.articles.filter((a) => a.frontmatter.series === series.id).length
    return Array.from({ length: seriesPageCount(count) - 1 }, (_, i) =>
      seriesPath(series.id, i + 2),
    )
  })
}
