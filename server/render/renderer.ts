/**
 * Renders one page of the site through React Router's server build and returns it finished:
 * status, body, its brotli and gzip forms, its ETag and, for HTML, the CSP hashes of its inline
 * scripts; HTML pages are verified (verify-page.ts) and a page that is not finished as promised
 * throws, naming the page. The build calls it for every page (render-build.ts); the server can
 * call it at run time, with production dependencies only.
 *
 * The caller can give React Router context values that the loaders read with `context.get(…)`:
 * `renderedAt` sets the app's render clock (app/render-clock.ts), and `context` takes any other
 * (for example a published content snapshot).
 */
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import {
  createRequestHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from 'react-router'
import { snapshotText } from '#common/content/parts.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { compress } from './compress.ts'
import { renderEntryOf } from './server-build.ts'
import type { RenderEntryExports } from '#common/render-entry.ts'
import { assertFinished, sha256Source } from './verify-page.ts'

export interface FinishedPage {
  /** The URL path it answers, without a trailing slash ("/" for the home page). */
  path: string
  status: number
  contentType: string
  body: Buffer
  br: Buffer | undefined
  gzip: Buffer | undefined
  /** A strong ETag from the body's bytes: the same page rendered again keeps it. */
  etag: string
  /** For HTML: the CSP script sources ('sha256-…') of its inline scripts. */
  scriptHashes: string[]
}

const compressedOnly = new WeakSet<FinishedPage>()

/**
 * A finished page that keeps only its compressed forms: its body is made again from the gzip form
 * each time it is read, for the few clients that take neither brotli nor gzip. The server keeps
 * the pages of its render thread so: the body is most of a page's bytes (an HTML page compresses
 * four to six times), so the page cache holds several times the pages for its bound, and the
 * server's heap sees a fraction of the bytes come and go (ADR 021).
 */
export function keptCompressed(page: Omit<FinishedPage, 'body'> & { gzip: Buffer }): FinishedPage {
  const gzip = page.gzip
  const kept = Object.defineProperty({ ...page }, 'body', {
    enumerable: true,
    get: () => zlib.gunzipSync(gzip),
  }) as FinishedPage
  compressedOnly.add(kept)
  return kept
}

/** The bytes a finished page holds in memory: the body only when it is kept. */
export function heldBytes(page: FinishedPage): number {
  return (
    (compressedOnly.has(page) ? 0 : page.body.length) +
    (page.br?.length ?? 0) +
    (page.gzip?.length ?? 0)
  )
}

export type ContextValues = Iterable<readonly [RouterContext<unknown>, unknown]>

export interface RenderOptions {
  /**
   * The time the render happens at (the footer's year, the feed's date); by default a render
   * clock given in `context`, else the moment the render starts.
   */
  renderedAt?: Date
  /** The content to render (the database's published content); the build's own without one. */
  snapshot?: ContentSnapshot
  /** A staff member's preview of unpublished changes (a banner, noindex): never for visitors. */
  preview?: boolean
  /** Further React Router context values the loaders read. */
  context?: ContextValues
  /** False for a page rendered for one request: brotli 11 is for pages served many times. */
  compress?: boolean
}

export interface PageRenderer {
  /**
   * Every path the site renders (its page list), of a snapshot (the build's content without) at
   * a time (now without one: an episode is listed from its publication time).
   */
  paths(snapshot?: ContentSnapshot, at?: Date): string[]
  /** The path rendered as the not-found page. */
  notFoundPath: string
  /** Renders a path; throws when it does not answer 200 or is not finished as promised. */
  render(path: string, options?: RenderOptions): Promise<FinishedPage>
  /** The not-found page (HTTP 404), as a visitor to an unknown URL gets it. */
  renderNotFound(options?: RenderOptions): Promise<FinishedPage>
  /** What the server build's entry gives the render module (common/render-entry.ts). */
  entry: RenderEntryExports
}

/**
 * A fingerprint of a snapshot's content: equal for two snapshots that render the same pages,
 * whichever way they were read. The build records the one it rendered (pages.json), so that a
 * server can tell whether the database publishes something else.
 */
export function contentFingerprint(snapshot: ContentSnapshot): string {
  return crypto.createHash('sha256').update(snapshotText(snapshot)).digest('base64url')
}

/** A strong ETag named by the bytes: the same body keeps it, whenever it was rendered. */
export function etagOf(body: Buffer): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** The path without a trailing slash, "/" for the root. */
export function pagePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path
}

export function createRenderer(build: ServerBuild): PageRenderer {
  const entry = renderEntryOf(build)
  const handle = createRequestHandler(build, 'production')
  // The CSP step: the hash of the one inline script the pages carry.
  const scriptHashes = [sha256Source(entry.bootScript)]

  async function renderPath(path: string, options: RenderOptions, expectedStatus: number) {
    // One time for the whole render: `renderedAt`, else a clock the caller put in `context`,
    // else the moment the render starts.
    const now = new Date()
    const { renderedAt } = options
    const { snapshot } = options
    const context = new RouterContextProvider(
      new Map<RouterContext, unknown>([
        [entry.renderClock, () => now],
        ...(options.context ?? []),
        ...(renderedAt ? [[entry.renderClock, () => renderedAt] as const] : []),
        ...(snapshot ? [[entry.contentSource, () => snapshot] as const] : []),
        ...(options.preview ? [[entry.previewRender, true] as const] : []),
      ]),
    )
    const response = await handle(new Request(new URL(path, 'http://localhost')), context)
    const body = Buffer.from(await response.arrayBuffer())
    if (response.status !== expectedStatus)
      throw new Error(
        `Rendering ${path} answered ${response.status} instead of ${expectedStatus}${response.status >= 500 ? `: ${body.toString('utf8').slice(0, 300)}` : ''}`,
      )
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream'
    const html = contentType.startsWith('text/html')
    if (html)
      assertFinished({
        path: pagePath(path),
        html: body.toString('utf8'),
        scriptHashes,
        bootScript: entry.bootScript,
        clientEntry: build.assets.entry.module,
      })
    const page: FinishedPage = {
      path: pagePath(path),
      status: response.status,
      contentType,
      body,
      ...(options.compress === false ? { br: undefined, gzip: undefined } : await compress(body)),
      etag: etagOf(body),
      scriptHashes: html ? scriptHashes : [],
    }
    return page
  }

  return {
    entry,
    paths: (snapshot, at) => entry.renderPaths(snapshot, at),
    notFoundPath: entry.notFoundPath,
    render: (path, options = {}) => renderPath(path, options, 200),
    renderNotFound: (options = {}) => renderPath(entry.notFoundPath, options, 404),
  }
}
