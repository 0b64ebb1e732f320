/**
 * The site's pages as the server answers them: finished pages (server/render/) held in memory,
 * each with its precompressed forms, ETag, CSP and cache headers ready (docs/rendering.md,
 * ADR 021).
 *
 * A page set serves one content *generation* at a time: which paths exist, the redirects, and a
 * renderer for that content. A page is rendered when it is first asked for in a generation (one
 * render per path and generation, however many requests wait: single flight) and then kept in a
 * cache bounded in bytes, the least recently used page out first. `advance` switches to a new
 * generation in one assignment and drops what the change affects (every page, or a list), so a
 * request is answered wholly from one generation; a render of an older generation that finishes
 * after the switch is not cached, and the request that waited for it looks again. Without a
 * renderer (a build served as it is, a test) the pages given are all there is and none is
 * evicted.
 */
import { heldBytes, type FinishedPage } from '#server/render/renderer.ts'
import { contentSecurityPolicy } from '#server/http/security-headers.ts'
import { CACHE } from './static-files.ts'

export interface ServedPage {
  readonly path: string
  readonly status: number
  readonly contentType: string
  /** The uncompressed bytes (made from the gzip form when the page keeps only its compressed forms). */
  readonly body: Buffer
  /** The bytes the page holds in memory (its forms, not its headers). */
  readonly held: number
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

/** How a generation's pages are made: the render worker, for the generation's content. */
/** `warm`: rendered ahead of any request (after a start or a publish), behind visitors' pages. */
export interface RenderOptions {
  warm?: boolean
}

export interface GenerationRenderer {
  render(path: string, options?: RenderOptions): Promise<FinishedPage>
  renderNotFound(): Promise<FinishedPage>
  /** A page did not render: its last good bytes are answered, when there are some. */
  failed?(path: string, error: unknown): void
}

export interface Generation {
  /** The content version it shows (for the log and `serving`). */
  version: number
  /** Every path with a page in this generation. */
  paths: ReadonlySet<string>
  redirects: ReadonlyMap<string, string>
  /** What changed since the generation before: its cached pages that must go. */
  invalidate: 'all' | readonly string[]
  /** Whether the not-found page changed (a part every page shows). */
  notFoundChanged: boolean
  renderer: GenerationRenderer
}

export interface PageSetStats {
  pages: number
  bytes: number
  maxBytes: number
  /** Renders started since the page set was made. */
  renders: number
  generation: number
}

export interface PageSet {
  /** The page at a URL path when it is in memory now: "/about" and "/about/" name one page. */
  get(path: string): ServedPage | undefined
  /** The page at a URL path, rendered now if it is not in memory; undefined when none exists. */
  load(path: string, options?: RenderOptions): Promise<ServedPage | undefined>
  /** Whether a page exists at the path (in memory or not). */
  has(path: string): boolean
  /** The not-found page (HTTP 404), when it is in memory. */
  readonly notFound: ServedPage | undefined
  /** The not-found page, rendered now if it is not in memory. */
  loadNotFound(): Promise<ServedPage>
  /** Where a former address now is: "/articles/old" and "/articles/old/" name the same. */
  redirect(path: string): string | undefined
  /** The paths of the current pages (in memory or not). */
  paths(): string[]
  /** Changes some pages of the current generation, atomically. */
  update(change: PageSetChange): void
  /** Replaces every page and the not-found page, atomically. */
  replaceAll(pages: readonly FinishedPage[], notFound: FinishedPage): void
  /** Switches to a new content generation in one step. */
  advance(next: Generation): void
  /** Sets the cache's bound in bytes (PAGE_CACHE_MB), letting pages go until it holds. */
  bound(maxBytes: number): void
  /** The generation now served (0 before the first `advance`). */
  readonly generation: number
  stats(): PageSetStats
}

/** "/about/" and "/about" are one page; "/" stays "/". */
export function canonical(path: string): string {
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
    get body() {
      return page.body
    },
    held: heldBytes(page),
    br: page.br,
    gzip: page.gzip,
    etag: page.etag,
    csp: html ? contentSecurityPolicy(page.scriptHashes) : undefined,
    cacheControl: expectedStatus === 200 ? CACHE.page : 'no-store',
  }
}

/** What a page holds in memory: its forms and a little for its headers. */
export const pageBytes = (page: ServedPage) => page.held + 512

/** The cache's bound when none is given: the whole site of the sample many times over. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024

interface State {
  id: number
  version: number
  /** undefined: the pages in memory are all there is (no renderer). */
  paths: ReadonlySet<string> | undefined
  redirects: ReadonlyMap<string, string>
  renderer: GenerationRenderer | undefined
  notFound: ServedPage | undefined
  /** Renders under way in this generation, by path: one per path. */
  flights: Map<string, Promise<ServedPage>>
  notFoundFlight: Promise<ServedPage> | undefined
}

/** Everything a page set holds: the cache and the generation it serves. */
interface Store {
  maxBytes: number
  /** Least recently used first (a Map keeps insertion order; a hit moves its page to the end). */
  cache: Map<string, ServedPage>
  bytes: number
  /**
   * The pages the last change dropped: answered in place of a page that fails to render (content
   * that passes its checks and still cannot be rendered), so a failure keeps what was served.
   */
  lastGood: Map<string, ServedPage>
  renders: number
  state: State
}

function fill(list: readonly FinishedPage[]): Map<string, ServedPage> {
  const map = new Map<string, ServedPage>()
  for (const page of list) {
    if (map.has(page.path)) throw new Error(`Two pages for ${page.path}`)
    map.set(page.path, served(page, 200))
  }
  return map
}

function total(map: Map<string, ServedPage>): number {
  let sum = 0
  for (const page of map.values()) sum += pageBytes(page)
  return sum
}

function drop(store: Store, path: string) {
  const page = store.cache.get(path)
  if (!page) return
  store.cache.delete(path)
  store.bytes -= pageBytes(page)
}

/** Keeps a page, then lets the least recently used go until the cache is within its bound. */
function keep(store: Store, page: ServedPage) {
  drop(store, page.path)
  const size = pageBytes(page)
  if (store.state.renderer && size > store.maxBytes) return
  store.cache.set(page.path, page)
  store.bytes += size
  trim(store)
}

function trim(store: Store) {
  // Without a renderer a page could not come back: all of them stay.
  if (!store.state.renderer) return
  for (const [path] of store.cache) {
    if (store.bytes <= store.maxBytes) break
    drop(store, path)
  }
}

function lookup(store: Store, path: string): ServedPage | undefined {
  const { cache } = store
  const key = cache.has(path) ? path : canonical(path)
  const page = cache.get(key)
  if (page && store.state.renderer) {
    // The most recently used goes to the end.
    cache.delete(key)
    cache.set(key, page)
  }
  return page
}

const exists = (store: Store, current: State, path: string) =>
  current.paths ? current.paths.has(path) : store.cache.has(path)

function startRender(
  store: Store,
  current: State,
  path: string,
  options: RenderOptions,
): Promise<ServedPage> {
  store.renders++
  const flight = current
    .renderer!.render(path, options)
    .then((page) => {
      const page200 = served(page, 200)
      if (store.state === current) keep(store, page200)
      return page200
    })
    .finally(() => {
      current.flights.delete(path)
    })
  current.flights.set(path, flight)
  return flight
}

async function load(
  store: Store,
  path: string,
  options: RenderOptions = {},
): Promise<ServedPage | undefined> {
  // Looked up again when a newer generation came while a render waited: a page never comes
  // from a generation older than one another request of this process has already seen.
  for (;;) {
    const current = store.state
    const key = canonical(path)
    const hit = lookup(store, key)
    if (hit) return hit
    if (!current.renderer || !exists(store, current, key)) return undefined
    const flight = current.flights.get(key) ?? startRender(store, current, key, options)
    try {
      const page = await flight
      if (store.state === current) return page
    } catch (error) {
      if (store.state !== current) continue
      const previous = store.lastGood.get(key)
      if (!previous) throw error
      current.renderer.failed?.(key, error)
      return previous
    }
  }
}

async function loadNotFound(store: Store): Promise<ServedPage> {
  for (;;) {
    const current = store.state
    if (current.notFound) return current.notFound
    if (!current.renderer) throw new Error('The page set has no not-found page')
    store.renders += current.notFoundFlight ? 0 : 1
    current.notFoundFlight ??= current.renderer.renderNotFound().then((page) => {
      const notFoundPage = served(page, 404)
      current.notFound = notFoundPage
      return notFoundPage
    })
    const flight = current.notFoundFlight
    try {
      const page = await flight
      if (store.state === current) return page
    } catch (error) {
      current.notFoundFlight = undefined
      if (store.state === current) throw error
    }
  }
}

function update(store: Store, change: PageSetChange) {
  const { state } = store
  const nextNotFound = change.notFound ? served(change.notFound, 404) : state.notFound
  const put = (change.put ?? []).map((page) => served(page, 200))
  for (const path of change.remove ?? []) drop(store, canonical(path))
  for (const page of put) keep(store, page)
  let paths = state.paths
  if (paths && (put.length > 0 || change.remove?.length)) {
    const next = new Set(paths)
    for (const path of change.remove ?? []) next.delete(canonical(path))
    for (const page of put) next.add(page.path)
    paths = next
  }
  store.state = {
    ...state,
    paths,
    notFound: nextNotFound,
    redirects: change.redirects ?? state.redirects,
  }
}

function advance(store: Store, next: Generation) {
  const dropped = new Map<string, ServedPage>()
  if (next.invalidate === 'all') {
    for (const [path, page] of store.cache) if (next.paths.has(path)) dropped.set(path, page)
    store.cache = new Map()
    store.bytes = 0
  } else {
    for (const path of next.invalidate) {
      const page = store.cache.get(canonical(path))
      if (page) dropped.set(page.path, page)
      drop(store, canonical(path))
    }
    for (const path of [...store.cache.keys()]) if (!next.paths.has(path)) drop(store, path)
  }
  store.lastGood = dropped
  const { state } = store
  store.state = {
    id: state.id + 1,
    version: next.version,
    paths: next.paths,
    redirects: next.redirects,
    renderer: next.renderer,
    notFound: next.notFoundChanged || next.invalidate === 'all' ? undefined : state.notFound,
    flights: new Map(),
    notFoundFlight: undefined,
  }
  trim(store)
}

export function createPageSet(
  pages: readonly FinishedPage[],
  notFound: FinishedPage,
  options: { maxBytes?: number } = {},
): PageSet {
  const cache = fill(pages)
  const store: Store = {
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    cache,
    bytes: total(cache),
    lastGood: new Map(),
    renders: 0,
    state: {
      id: 0,
      version: 0,
      paths: undefined,
      redirects: new Map(),
      renderer: undefined,
      notFound: served(notFound, 404),
      flights: new Map(),
      notFoundFlight: undefined,
    },
  }
  return {
    get: (path) => lookup(store, path),
    load: (path, options) => load(store, path, options),
    loadNotFound: () => loadNotFound(store),
    has: (path) => exists(store, store.state, canonical(path)),
    get notFound() {
      return store.state.notFound
    },
    redirect: (path) => store.state.redirects.get(canonical(path)),
    paths: () => (store.state.paths ? [...store.state.paths] : [...store.cache.keys()]),
    get generation() {
      return store.state.id
    },
    update: (change) => update(store, change),
    replaceAll(list, newNotFound) {
      const next = fill(list)
      const nextNotFound = served(newNotFound, 404)
      store.cache = next
      store.bytes = total(next)
      const { state } = store
      store.state = { ...state, notFound: nextNotFound, paths: state.paths && new Set(next.keys()) }
    },
    advance: (next) => advance(store, next),
    bound(next) {
      store.maxBytes = next
      trim(store)
    },
    stats: () => ({
      pages: store.cache.size,
      bytes: store.bytes,
      maxBytes: store.maxBytes,
      renders: store.renders,
      generation: store.state.id,
    }),
  }
}
