/**
 * The windowed pager of the site's archives (/listen/page/N, /newsletter/archive/page/N): pages
 * counted from the oldest, so a page's items never move (ADR 021), and a pager that shows page 1,
 * the pages near the current one and "Latest", never every page.
 */

/** How many page numbers a pager shows on each side of the current one. */
export const PAGER_REACH = 2

export interface PageLink {
  /** What it says: a page number, or "Latest" for the archive's first page. */
  label: string
  href: string
  current: boolean
}

/** Page 1 and the pages within PAGER_REACH of `centre` (which may lie past the last page). */
function pageWindow(centre: number, pages: number): number[] {
  const from = Math.max(1, centre - PAGER_REACH)
  const to = Math.min(pages, centre + PAGER_REACH)
  const numbers = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)
  if (from > 1) numbers.unshift(1)
  return numbers
}

/**
 * The pager of page `page` (undefined: the latest items, the archive's own address) of `pages`
 * full pages. Never every page: at ten years of a daily show that would be 730 links on every
 * page, and every page would change whenever a page is added.
 */
export function pagerLinks(
  page: number | undefined,
  pages: number,
  paths: { page: (n: number) => string; latest: string },
): PageLink[] {
  const numbers = pageWindow(page ?? pages + 1, pages)
  return [
    ...numbers.map((n) => ({ label: String(n), href: paths.page(n), current: n === page })),
    { label: 'Latest', href: paths.latest, current: page === undefined },
  ]
}

/** Full pages of `perPage` items (the newest items, fewer than a page, are on the latest page). */
export const fullPages = (items: number, perPage: number) => Math.floor(items / perPage)

/** The page that holds the item at `newestFirstIndex` (0: the newest) of `total`. */
export const pageOfItem = (newestFirstIndex: number, total: number, perPage: number) =>
  Math.floor((total - 1 - newestFirstIndex) / perPage) + 1

/** The items of page `page`, newest first, from a list newest first. */
export function pageItems<T>(items: readonly T[], page: number, perPage: number): T[] {
  const end = items.length - (page - 1) * perPage
  return items.slice(Math.max(0, end - perPage), end)
}

/**
 * The pager of a list read from its start (a series of articles): page 1, the pages near this
 * one and the last page, never every page.
 */
export function numberedPagerLinks(
  page: number,
  pages: number,
  pathOf: (n: number) => string,
): PageLink[] {
  const numbers = pageWindow(page, pages)
  if (numbers.at(-1) !== pages) numbers.push(pages)
  return numbers.map((n) => ({ label: String(n), href: pathOf(n), current: n === page }))
}
