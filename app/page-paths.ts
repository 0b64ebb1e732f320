/**
 * The one list of the site's pages. app/routes.ts makes the routes from it; the build renders
 * every path it gives (server/render/, through the server entry's `renderPaths`); sitemap.xml
 * lists the indexable pages; the form pages' copy (content/consent-pages.yaml) is keyed by the
 * form pages' paths. The build fails when a route renders no page, so a route cannot be left out.
 * The paths of a route with parameters come from a content snapshot: the repository's by
 * default, another one (the database's, at run time) when given.
 * Runs in Node (routes, build, server and tests), never in the browser.
 */
import { changedParts, type ContentPart } from '#common/content/parts.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { seriesFirstPagePaths, seriesLaterPagePaths } from '#app/lib/series-paths.server.ts'
import { contentSnapshot } from '#app/lib/content.server.ts'
import { letterArchivePagePaths, letterPaths } from '#app/lib/letter-paths.server.ts'
import { sitemapPartPaths } from '#app/lib/sitemap.server.ts'
import {
  archivePageCount,
  archivePageOf,
  chapterSlugs,
  chaptersPath,
  episodeIndex,
  episodeNeighbours,
  episodePath,
  episodeSlugs,
  LISTEN_PATH,
  listPagePaths,
  PAGER_REACH,
  publishedEpisodes,
  timedTranscriptSlugs,
  transcriptPath,
} from '#app/lib/podcast-paths.server.ts'

/** The slug of every article, in order. */
export function articleSlugs(snapshot: ContentSnapshot = contentSnapshot()): string[] {
  return snapshot.articles.map((article) => article.slug)
}

export interface PageRoute {
  /** The route's URL pattern ("/articles/:slug"). */
  pattern: string
  /** The route module, relative to app/. */
  file: string
  /**
   * - `page`: listed in sitemap.xml;
   * - `form-page`: a page a visitor reaches from our mail or after posting a form without
   *   JavaScript (the server answers with a 303 to it): rendered, marked noindex, not in the
   *   sitemap; its copy is content/consent-pages.yaml, keyed by its path;
   * - `resource`: a file made by the route's loader (sitemap.xml, robots.txt, rss.xml);
   * - `on-request`: a page the server renders for each request with that request's data
   *   (/search and its results, server/search): never rendered ahead, never in the page set.
   */
  kind: 'page' | 'form-page' | 'resource' | 'on-request'
  /**
   * The paths of a route with parameters, from a snapshot at a time (the render's: an episode
   * is on the site from its publication time on).
   */
  paths?: (snapshot: ContentSnapshot, at: Date) => string[]
  /**
   * Whether a path of this route shows a part of the content (ContentPart: "page/home",
   * "article/<slug>", "episode/<slug>", …) besides those every page shows ("settings", "site",
   * "media"). When staff publish, the pages that use a changed part are rendered again
   * (affectedPaths); `change` is the content before and after, for pages that show their
   * neighbours (an episode links the one before and after it).
   */
  uses: (part: ContentPart, path: string, change: ContentChangeInfo) => boolean
  /** The route's id where two routes share one module. */
  id?: string
  /**
   * Pages visitors reach first: rendered after a start and after a change, before anyone asks
   * (every path of the route, or those the function gives). The rest render when asked for.
   */
  warm?: true | ((snapshot: ContentSnapshot, at: Date) => string[])
  /**
   * Its pages may all be absent from a content (a site that has sent no letter yet, as the
   * repository's sample): the build's check that every route renders a page passes it.
   */
  optional?: true
}

export interface ContentChangeInfo {
  before: ContentSnapshot
  after: ContentSnapshot
  at: Date
}

/** Every page shows the header, the footer and pictures. */
export const GLOBAL_PARTS: readonly ContentPart[] = ['settings', 'site', 'media']

const usesNothingElse = () => false
const usesPart =
  (...names: ContentPart[]) =>
  (part: ContentPart) =>
    names.includes(part)
const isArticle = (part: ContentPart) => part.startsWith('article/')
const isEpisode = (part: ContentPart) => part.startsWith('episode/')
/** A letter of the newsletter's archive (they only come: a sent letter is never changed). */
const isLetter = (part: ContentPart) => part.startsWith('letter/')
/** A list of articles: their cards, the series' names, their order (former slugs included). */
const usesArticleList = (part: ContentPart) =>
  isArticle(part) || part === 'page/articles' || part === 'redirects'
/** What the sitemap lists with its date: the articles, the episodes and the letters. */
const isListedInSitemap = (part: ContentPart) =>
  isArticle(part) || isEpisode(part) || isLetter(part)
/** The show (its title, artwork, links) and every episode: the list and the feed. */
const isPodcast = (part: ContentPart) => part === 'podcast' || isEpisode(part)
const slugIn = (path: string, prefix: string) => path.slice(prefix.length).split('/')[0]!

/**
 * An episode page shows its show, itself and the titles of the episodes before and after it,
 * which a new, changed or removed episode may be (in the content before the change or after).
 */
function episodePageUses(part: ContentPart, path: string, change: ContentChangeInfo) {
  if (part === 'podcast') return true
  if (!isEpisode(part)) return false
  const slug = slugIn(path, `${LISTEN_PATH}/`)
  const changed = part.slice('episode/'.length)
  return (
    changed === slug ||
    episodeNeighbours(change.before, slug, change.at).includes(changed) ||
    episodeNeighbours(change.after, slug, change.at).includes(changed)
  )
}

/**
 * An archive page shows the show, its five episodes (by position from the oldest, so they stay
 * the same when new ones come) and a pager of the page numbers near it: it changes when one of
 * its episodes changes or moves, or when the number of pages changes near it.
 */
function listPageUses(part: ContentPart, path: string, change: ContentChangeInfo) {
  if (part === 'podcast') return true
  if (!isEpisode(part)) return false
  const page = Number(slugIn(path, `${LISTEN_PATH}/page/`))
  const slug = part.slice('episode/'.length)
  const pageOf = (snapshot: ContentSnapshot) => {
    const index = episodeIndex(snapshot, slug, change.at)
    const total = publishedEpisodes(snapshot, change.at).length
    return { at: index === undefined ? undefined : archivePageOf(index, total), total }
  }
  const before = pageOf(change.before)
  const after = pageOf(change.after)
  if (before.at === page || after.at === page) return true
  // An episode added or removed before this page's episodes moves them; after them, only the
  // pager of the pages near the newest may change.
  const pagesBefore = archivePageCount(before.total)
  const pagesAfter = archivePageCount(after.total)
  if (pagesBefore !== pagesAfter && page > Math.min(pagesBefore, pagesAfter) - PAGER_REACH)
    return true
  // An episode that comes, goes or moves shifts every page from its place to the newest.
  const from = Math.min(before.at ?? Infinity, after.at ?? Infinity)
  return before.at !== after.at && page >= from
}

/** A file of one episode (its transcript, its chapters). */
const episodeFileUses = (part: ContentPart, path: string) =>
  part === `episode/${slugIn(path, `${LISTEN_PATH}/`)}`

const page = (
  pattern: string,
  file: string,
  uses: PageRoute['uses'],
  paths?: PageRoute['paths'],
  id?: string,
): PageRoute => ({
  pattern,
  file,
  kind: 'page',
  uses,
  ...(paths && { paths }),
  ...(id && { id }),
})
const formPage = (pattern: string): PageRoute => ({
  pattern,
  file: 'routes/consent.tsx',
  kind: 'form-page',
  uses: usesPart('page/consent'),
})
const resource = (
  pattern: string,
  file: string,
  uses: PageRoute['uses'],
  paths?: PageRoute['paths'],
): PageRoute => ({
  pattern,
  file,
  kind: 'resource',
  uses,
  ...(paths && { paths }),
})

/** The route, warmed after a start and a change (PageRoute.warm). */
const warm = (route: PageRoute, paths: PageRoute['warm'] = true): PageRoute => ({
  ...route,
  warm: paths,
})

/** How many of the newest episodes' pages are warmed. */
const WARM_EPISODES = 5

export const PAGE_ROUTES: readonly PageRoute[] = [
  warm(page('/', 'routes/home.tsx', usesPart('page/home'))),
  warm(page('/about', 'routes/about.tsx', usesPart('page/about'))),
  // Every article's card, in the page's series and order (former slugs resolve through redirects).
  warm(page('/articles', 'routes/articles.tsx', usesArticleList)),
  page(
    '/articles/:slug',
    'routes/article.tsx',
    (part, path) => part === `article/${path.slice('/articles/'.length)}`,
    (snapshot) => articleSlugs(snapshot).map((slug) => `/articles/${slug}`),
  ),
  // Each series' own list (app/lib/article-series.server.ts): /articles shows its first cards.
  page('/articles/series/:series', 'routes/article-series.tsx', usesArticleList, (snapshot) =>
    seriesFirstPagePaths(snapshot),
  ),
  {
    ...page(
      '/articles/series/:series/page/:page',
      'routes/article-series.tsx',
      usesArticleList,
      (snapshot) => seriesLaterPagePaths(snapshot),
      'article-series-page',
    ),
    optional: true,
  },
  warm(page('/contact', 'routes/contact.tsx', usesPart('page/contact'))),
  warm(page('/courses', 'routes/courses.tsx', usesNothingElse)),
  page('/privacy', 'routes/privacy.tsx', usesPart('page/privacy')),
  warm(page('/listen', 'routes/listen.tsx', isPodcast)),
  page('/listen/page/:page', 'routes/listen.tsx', listPageUses, listPagePaths, 'listen-page'),
  warm(
    page('/listen/:slug', 'routes/episode.tsx', episodePageUses, (snapshot, at) =>
      episodeSlugs(snapshot, at).map(episodePath),
    ),
    (snapshot, at) => episodeSlugs(snapshot, at).slice(0, WARM_EPISODES).map(episodePath),
  ),
  // The newsletter's archive (ADR 024): a few pages of letters, all rendered again for a new one.
  page('/newsletter/archive', 'routes/newsletter-archive.tsx', isLetter),
  {
    ...page(
      '/newsletter/archive/page/:page',
      'routes/newsletter-archive.tsx',
      isLetter,
      letterArchivePagePaths,
      'newsletter-archive-page',
    ),
    optional: true,
  },
  {
    ...page(
      '/newsletter/:slug',
      'routes/newsletter-letter.tsx',
      (part, path) => part === `letter/${slugIn(path, '/newsletter/')}`,
      letterPaths,
    ),
    optional: true,
  },
  formPage('/newsletter/confirm'),
  formPage('/newsletter/confirmed'),
  formPage('/newsletter/already-confirmed'),
  formPage('/newsletter/expired'),
  formPage('/newsletter/invalid-link'),
  formPage('/newsletter/unsubscribe'),
  formPage('/newsletter/unsubscribed'),
  formPage('/newsletter/check-your-inbox'),
  formPage('/newsletter/subscribed'),
  formPage('/newsletter/not-sent'),
  formPage('/contact/sent'),
  formPage('/contact/not-sent'),
  { pattern: '/search', file: 'routes/search.tsx', kind: 'on-request', uses: usesNothingElse },
  resource('/opensearch.xml', 'routes/opensearch.ts', usesPart('site')),
  resource('/sitemap.xml', 'routes/sitemap.ts', isListedInSitemap),
  // Parts of a sitemap too large for one file: none before 40,000 pages.
  {
    ...resource('/sitemap/:part', 'routes/sitemap-part.ts', isListedInSitemap, (snapshot, at) =>
      sitemapPartPaths(pagePaths(snapshot, at).length),
    ),
    optional: true,
  },
  resource('/robots.txt', 'routes/robots.ts', usesNothingElse),
  resource('/rss.xml', 'routes/rss.ts', isArticle),
  warm(resource('/listen/feed.xml', 'routes/podcast-feed.ts', isPodcast)),
  resource(
    '/listen/:slug/transcript.vtt',
    'routes/episode-transcript.ts',
    episodeFileUses,
    (snapshot, at) => timedTranscriptSlugs(snapshot, at).map(transcriptPath),
  ),
  resource(
    '/listen/:slug/chapters.json',
    'routes/episode-chapters.ts',
    episodeFileUses,
    (snapshot, at) => chapterSlugs(snapshot, at).map(chaptersPath),
  ),
]

/** A route's id where several routes share one module: its path ("newsletter-confirm"). */
export function routeId(route: PageRoute): string | undefined {
  return route.kind === 'form-page' ? route.pattern.slice(1).replaceAll('/', '-') : route.id
}

function pathsOf(route: PageRoute, snapshot?: ContentSnapshot, at?: Date): string[] {
  if (route.paths) return route.paths(snapshot ?? contentSnapshot(), at ?? new Date())
  if (route.pattern.includes(':'))
    throw new Error(`app/page-paths.ts: the route ${route.pattern} has parameters but no paths`)
  return [route.pattern]
}

const pathsOfKind = (kind: PageRoute['kind'], snapshot?: ContentSnapshot, at?: Date) =>
  PAGE_ROUTES.filter((route) => route.kind === kind).flatMap((route) =>
    pathsOf(route, snapshot, at),
  )

/** Every indexable HTML page of the site (what sitemap.xml lists). */
export function pagePaths(snapshot?: ContentSnapshot, at?: Date): string[] {
  return pathsOfKind('page', snapshot, at)
}

/** The form pages: rendered, noindex, not in the sitemap. */
export const NOINDEX_PAGES: readonly string[] = pathsOfKind('form-page')

/** Files made by resource routes. */
export function resourcePaths(snapshot?: ContentSnapshot, at?: Date): string[] {
  return pathsOfKind('resource', snapshot, at)
}

/** The pages visitors reach first (PageRoute.warm), from a snapshot at a time. */
export function warmPaths(snapshot?: ContentSnapshot, at?: Date): string[] {
  return PAGE_ROUTES.flatMap((route) => {
    if (!route.warm) return []
    if (route.warm === true) return pathsOf(route, snapshot, at)
    return route.warm(snapshot ?? contentSnapshot(), at ?? new Date())
  })
}

/** Everything the build renders, from a snapshot at a time (the render's). */
export function renderPaths(snapshot?: ContentSnapshot, at?: Date): string[] {
  return PAGE_ROUTES.filter((route) => route.kind !== 'on-request').flatMap((route) =>
    pathsOf(route, snapshot, at),
  )
}

/**
 * The patterns of the routes whose pages may all be absent (PageRoute.optional), as paths that
 * reach them: the build's check that every route renders a page counts them as reached.
 */
export const OPTIONAL_ROUTE_PATHS: readonly string[] = PAGE_ROUTES.filter(
  (route) => route.optional,
).map((route) => route.pattern)

/** The pages the server renders for each request (server/search renders /search). */
export const ON_REQUEST_PATHS: readonly string[] = pathsOfKind('on-request')

/**
 * What a change of the content means for the pages at a time (the render's, now by default):
 * the paths to render again (those of `after` that use a changed part: new ones included) and
 * the paths that no longer exist. A change to a part every page shows renders everything again
 * (`all`), the not-found page included. A scheduled episode whose time has come is a change
 * too: it is in `after` and not in `before`.
 */
export function affectedPaths(
  before: ContentSnapshot,
  after: ContentSnapshot,
  at: Date = new Date(),
): { render: string[]; remove: string[]; all: boolean } {
  const parts = changedParts(before, after)
  const old = new Set(renderPaths(before, at))
  const paths = renderPaths(after, at)
  const current = new Set(paths)
  const remove = [...old].filter((path) => !current.has(path))
  if (parts.some((part) => GLOBAL_PARTS.includes(part))) return { render: paths, remove, all: true }
  const change = { before, after, at }
  const render = PAGE_ROUTES.filter((route) => route.kind !== 'on-request').flatMap((route) =>
    pathsOf(route, after, at).filter(
      (path) => !old.has(path) || parts.some((part) => route.uses(part, path, change)),
    ),
  )
  return { render, remove, all: false }
}
