/**
 * The one list of the site's pages. app/routes.ts makes the routes from it; the build renders
 * every path it gives (server/render/, through the server entry's `renderPaths`); sitemap.xml
 * lists the indexable pages; the form pages' copy (content/consent-pages.yaml) is keyed by the
 * form pages' paths. The build fails when a route renders no page, so a route cannot be left out.
 * The paths of a route with parameters come from a content snapshot: the repository's by
 * default, another one (the database's, at run time) when given.
 * Runs in Node (routes, build, server and tests), never in the browser.
 */
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { contentSnapshot } from '#app/lib/content.server.ts'
import {
  chapterSlugs,
  chaptersPath,
  episodePath,
  episodeSlugs,
  listPagePaths,
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
   * - `resource`: a file made by the route's loader (sitemap.xml, robots.txt, rss.xml).
   */
  kind: 'page' | 'form-page' | 'resource'
  /**
   * The paths of a route with parameters, from a snapshot at a time (the render's: an episode
   * is on the site from its publication time on); by default the repository's and now.
   */
  paths?: (snapshot: ContentSnapshot, at: Date) => string[]
  /** The route's id where two routes share one module. */
  id?: string
}

const page = (
  pattern: string,
  file: string,
  paths?: PageRoute['paths'],
  id?: string,
): PageRoute => ({
  pattern,
  file,
  kind: 'page',
  ...(paths && { paths }),
  ...(id && { id }),
})
const formPage = (pattern: string): PageRoute => ({
  pattern,
  file: 'routes/consent.tsx',
  kind: 'form-page',
})
const resource = (pattern: string, file: string, paths?: PageRoute['paths']): PageRoute => ({
  pattern,
  file,
  kind: 'resource',
  ...(paths && { paths }),
})

export const PAGE_ROUTES: readonly PageRoute[] = [
  page('/', 'routes/home.tsx'),
  page('/about', 'routes/about.tsx'),
  page('/articles', 'routes/articles.tsx'),
  page('/articles/:slug', 'routes/article.tsx', (snapshot) =>
    articleSlugs(snapshot).map((slug) => `/articles/${slug}`),
  ),
  page('/contact', 'routes/contact.tsx'),
  page('/courses', 'routes/courses.tsx'),
  page('/privacy', 'routes/privacy.tsx'),
  page('/listen', 'routes/listen.tsx'),
  page('/listen/page/:page', 'routes/listen.tsx', listPagePaths, 'listen-page'),
  page('/listen/:slug', 'routes/episode.tsx', (snapshot, at) =>
    episodeSlugs(snapshot, at).map(episodePath),
  ),
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
  resource('/sitemap.xml', 'routes/sitemap.ts'),
  resource('/robots.txt', 'routes/robots.ts'),
  resource('/rss.xml', 'routes/rss.ts'),
  resource('/listen/feed.xml', 'routes/podcast-feed.ts'),
  resource('/listen/:slug/transcript.vtt', 'routes/episode-transcript.ts', (snapshot, at) =>
    timedTranscriptSlugs(snapshot, at).map(transcriptPath),
  ),
  resource('/listen/:slug/chapters.json', 'routes/episode-chapters.ts', (snapshot, at) =>
    chapterSlugs(snapshot, at).map(chaptersPath),
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

/** Everything the build renders, from a snapshot at a time (the render's). */
export function renderPaths(snapshot?: ContentSnapshot, at?: Date): string[] {
  return PAGE_ROUTES.flatMap((route) => pathsOf(route, snapshot, at))
}
