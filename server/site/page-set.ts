/**
 * The site's pages as the server answers them: finished pages (server/render/) held in memory,
 * each with its precompressed forms, ETag, CSP and cache headers ready. Loaded from the release at
 * start-up; `update` and `replaceAll` swap in re-rendered pages at run time in one assignment, so
 * every request is answered either wholly from the set before or wholly from the set after (a
 * request already being sent keeps the bytes it started with).
 */
import type { FinishedPage } from '#server/render/renderer.ts'
import { contentSecurityPolicy } from '#server/http/security-headers.ts'
import { CACHE } from './static-files.ts'

export interface ServedPage {
  readonly path: string
  readonly status: number
  readonly contentType: string
  readonly body: Buffer
  readonly br: Buffer | undefined
  readonly gzip: Buffer | undefined
  readonly etag: string
  /** For HTML: the Content-Security-Policy listing the page's inline scripts. */
  readonly csp: string | undefined
  readonly cacheControl: string
}

export interface PageSetChange {
  /** Pages to add or replace, by path. */
  put?: readonly FinishedPage[]
  /** Paths to remove (a page that no longer exists answers the not-found page). */
  remove?: readonly string[]
  /** A new not-found page. */
  notFound?: FinishedPage
  /**
   * Every redirect (a former address to the current one, both paths without a trailing slash),
   * replacing those before: a changed article slug answers 301 from its old address.
   */
  redirects?: ReadonlyMap<string, string>
}

export interface PageSet {
  /** The page at a URL path: "/about" and "/about/" name the same page. */
  get(path: string): ServedPage | undefined
  /** The not-found page (HTTP 404). */
  readonly notFound: ServedPage
  /** Where a former address now is: "/articles/old" and "/articles/old/" name the same. */
  redirect(path: string): string | undefined
  /** The paths of the current pages. */
  paths(): string[]
  /** Changes some pages, atomically. */
  update(change: PageSetChange): void
  /** Replaces every page and the not-found page, atomically. */
  replaceAll(pages: readonly FinishedPage[], notFound: FinishedPage): void
}

/** "/about/" and "/about" are one page; "/" stays "/". */
function canonical(path: string): string {
  let end = path.length
  while (end > 1 && path.charCodeAt(end - 1) === 47 /* / */) end--
  return end === path.length ? path : path.slice(0, end)
}

function served(page: FinishedPage, expectedStatus: number): ServedPage {
  if (page.status !== expectedStatus)
    throw new Error(`The page ${page.path} has status ${page.status}, not ${expectedStatus}`)
  if (!page.path.startsWith('/') || canonical(page.path) !== page.path)
    throw new Error(`A page path must start with "/" and end without one: ${page.path}`)
  const html = page.contentType.startsWith('text/html')
  return {
    path: page.path,
    status: page.status,
    contentType: page.contentType,
    body: page.body,
    br: page.br,
    gzip: page.gzip,
    etag: page.etag,
    csp: html ? contentSecurityPolicy(page.scriptHashes) : undefined,
    cacheControl: expectedStatus === 200 ? CACHE.page : 'no-store',
  }
}

export function createPageSet(pages: readonly FinishedPage[], notFound: FinishedPage): PageSet {
  const build = (list: readonly FinishedPage[]) => {
    const map = new Map<string, ServedPage>()
    for (const page of list) {
      if (map.has(page.path)) throw new Error(`Two pages for ${page.path}`)
      map.set(page.path, served(page, 200))
    }
    return map
  }
  let current = build(pages)
  let currentNotFound = served(notFound, 404)
  let redirects: ReadonlyMap<string, string> = new Map()

  return {
    get(path) {
      return current.get(path) ?? current.get(canonical(path))
    },
    get notFound() {
      return currentNotFound
    },
    redirect(path) {
      return redirects.get(canonical(path))
    },
    paths: () => [...current.keys()],
    update(change) {
      const next = new Map(current)
      for (const path of change.remove ?? []) next.delete(canonical(path))
      for (const page of change.put ?? []) next.set(page.path, served(page, 200))
      const nextNotFound = change.notFound ? served(change.notFound, 404) : currentNotFound
      // A page at an address takes precedence over a redirect from it.
      const nextRedirects = change.redirects ?? redirects
      current = next
      currentNotFound = nextNotFound
      redirects = nextRedirects
    },
    replaceAll(list, newNotFound) {
      const next = build(list)
      const nextNotFound = served(newNotFound, 404)
      current = next
      currentNotFound = nextNotFound
    },
  }
}
