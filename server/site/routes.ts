/**
 * Fastify plugin that serves the site: pages from the page set (page-set.ts: from memory, or
 * rendered on demand the first time they are asked for), the client folder's files from disk
 * (static-files.ts), everything else the not-found page with HTTP 404. It serves the release resolved at start-up (site-build.ts), so a build that swaps in
 * a new release meanwhile does not change what this process serves; pages change only through
 * the page set's own update.
 *
 * - /x and /x/ answer the same page.
 * - A request for /x.data or /x/_.data is React Router's client asking for a page's data: pages
 *   of an earlier release navigated in the browser. The site has no client-side router any more
 *   (docs/decisions/010), so it answers as React Router's own server does for a redirect that
 *   needs a document load: the browser then loads /x (or /x/) as a whole page.
 * - Precompressed forms by Accept-Encoding, ETag and 304, byte ranges, HEAD.
 */
import fs from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { clearPayloadHeaders } from '#server/http/api-error.ts'
import { ERROR_PAGE_CSP } from '#server/http/security-headers.ts'
import { chooseEncoding } from '#server/http/encoding.ts'
import type { PageSet, ServedPage } from './page-set.ts'
import { createResolver, decodePath, indexBuild, type StaticFile } from './static-files.ts'
import { createFileCache } from './file-cache.ts'
import { parseRange } from '#server/http/byte-range.ts'

type FileCache = ReturnType<typeof createFileCache>

export interface SiteOptions {
  /** The real folder of the client files. */
  root: string
  pages: PageSet
}

/** Self-contained: it must render when the build's own files are what failed. */
const ERROR_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong · DocuCommons</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem;line-height:1.6;color:#1f2937}h1{font-size:1.6rem}a{color:#1d4ed8}</style>
</head>
<body><main><h1>Something went wrong on our side</h1>
<p>We could not show this page just now. Please try again in a moment, or go back to the <a href="/">home page</a>.</p></main></body>
</html>
`

/** The page a React Router data request (/x.data, /x/_.data) was made for, or undefined. */
export function pageOfDataRequest(path: string): string | undefined {
  if (!path.endsWith('.data')) return undefined
  if (path.endsWith('/_.data')) return path.slice(0, -'_.data'.length)
  return path.slice(0, -'.data'.length) || '/'
}

export async function siteRoutes(app: FastifyInstance, options: SiteOptions) {
  const { pages } = options
  const files = indexBuild(options.root)
  app.log.info(
    { files: files.size, pagesInMemory: pages.stats().pages, root: options.root },
    'site build indexed',
  )

  app.setErrorHandler(sendErrorPage)

  // Small files answer from memory after their first request (file-cache.ts); a file that has
  // gone missing still fails before the answer starts, as a 500 page. An answer from memory is
  // sent without a promise (issue 11); a stream is opened first (openStream).
  const cache = createFileCache()
  const resolve = createResolver(files)

  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/'
    // A page in memory answers without a promise (issue 11), as a small file does.
    const page = pages.get(pathname)
    if (page) return sendPage(request, reply, page)
    if (pages.has(pathname)) return renderThenSend(pages, request, reply, pathname)
    const resolved = resolve(pathname)
    if (resolved.kind === 'file') return sendFile(cache, request, reply, resolved.file)
    const decoded = decodePath(pathname)
    if (decoded !== undefined && decoded !== pathname && pages.has(decoded))
      return renderThenSend(pages, request, reply, decoded)
    // A former address of an article (its slug changed): permanently to the current one.
    const moved = decoded === undefined ? undefined : pages.redirect(decoded)
    if (moved !== undefined) {
      const query = request.url.indexOf('?')
      return (
        reply
          .code(301)
          // Revalidated every time: a slug may change again (even back), and a cached 301 would
          // then send visitors in a circle.
          .header('cache-control', 'no-cache')
          .header('location', query === -1 ? moved : moved + request.url.slice(query))
          .send()
      )
    }
    const dataOf = decoded === undefined ? undefined : pageOfDataRequest(decoded)
    if (dataOf !== undefined && pages.has(dataOf)) {
      // React Router's single-fetch redirect: its client loads the page as a document.
      return reply
        .code(204)
        .header('cache-control', 'no-store')
        .header('x-remix-redirect', dataOf)
        .header('x-remix-status', '302')
        .header('x-remix-reload-document', 'true')
        .send()
    }
    // Which paths exist is known without rendering: an unknown one renders nothing but the
    // not-found page, once per content generation.
    const notFound = pages.notFound
    if (notFound) return sendPage(request, reply, notFound)
    return pages.loadNotFound().then((page) => sendPage(request, reply, page))
  }

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler })
  app.route({ method: ['GET', 'HEAD'], url: '/', handler })
}

/** Pages are HTML: a failure answers a page too, never JSON or a broken payload. */
function sendErrorPage(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
  if (status >= 500) request.log.error({ err: error }, 'page request failed')
  clearPayloadHeaders(reply)
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', ERROR_PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(ERROR_PAGE)
}

/** A page not in memory: rendered now (one render however many ask), then answered. */
async function renderThenSend(
  pages: PageSet,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
) {
  const page = await pages.load(path)
  return sendPage(request, reply, page ?? (await pages.loadNotFound()))
}

/** Headers, 304 and encoding shared by pages and files; undefined once the answer is sent. */
function prepare(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: {
    status: number
    contentType: string
    cacheControl: string
    etag: string
    csp: string | undefined
    br?: unknown
    gzip?: unknown
  },
): 'br' | 'gzip' | 'identity' | undefined {
  if (answer.csp) reply.header('content-security-policy', answer.csp)
  reply.header('content-type', answer.contentType)
  reply.header('cache-control', answer.cacheControl)
  if (answer.br || answer.gzip) reply.header('vary', 'Accept-Encoding')
  if (answer.status === 200) {
    reply.header('etag', answer.etag)
    const ifNoneMatch = request.headers['if-none-match']
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === answer.etag)) {
      reply.code(304).send()
      return undefined
    }
  }
  return chooseEncoding(request.headers['accept-encoding'], answer) ?? 'identity'
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: ServedPage) {
  const encoding = prepare(request, reply, page)
  if (encoding === undefined) return reply
  if (encoding !== 'identity') {
    const body = encoding === 'br' ? page.br! : page.gzip!
    reply.header('content-encoding', encoding)
    reply.header('content-length', body.length)
    reply.code(page.status)
    return request.method === 'HEAD' ? reply.send() : reply.send(body)
  }
  const body = page.body
  return sendRange(request, reply, page.status, body.length, (range) =>
    range ? body.subarray(range.start, range.end + 1) : body,
  )
}

function sendFile(
  cache: FileCache,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
) {
  const encoding = prepare(request, reply, { ...file, status: 200, csp: undefined })
  if (encoding === undefined) return reply
  if (encoding !== 'identity') {
    const variant = encoding === 'br' ? file.br! : file.gzip!
    reply.header('content-encoding', encoding)
    reply.header('content-length', variant.size)
    reply.code(200)
    if (request.method === 'HEAD') return reply.send()
    return sendBody(cache, reply, variant.absolutePath, variant.size)
  }
  return sendRange(request, reply, 200, file.size, (range) =>
    sendBody(cache, reply, file.absolutePath, file.size, range),
  )
}

/** The identity form: whole, or the one byte range asked for. */
function sendRange(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  size: number,
  body: (range?: { start: number; end: number }) => unknown,
) {
  reply.header('accept-ranges', 'bytes')
  const range = status === 200 ? parseRange(request.headers.range, size) : undefined
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`)
    return reply.code(416).send()
  }
  if (range) {
    reply.code(206)
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    reply.header('content-length', range.end - range.start + 1)
    return request.method === 'HEAD' ? reply.send() : sendBodyOf(reply, body(range))
  }
  reply.code(status)
  reply.header('content-length', size)
  return request.method === 'HEAD' ? reply.send() : sendBodyOf(reply, body())
}

/** A Buffer is sent at once; a file body was already given to the reply (sendBody). */
function sendBodyOf(reply: FastifyReply, body: unknown) {
  return Buffer.isBuffer(body) ? reply.send(body) : body
}

function sendBody(
  cache: FileCache,
  reply: FastifyReply,
  absolutePath: string,
  size: number,
  range?: { start: number; end: number },
) {
  const bytes = cache.get(absolutePath, size)
  if (bytes) return reply.send(range ? bytes.subarray(range.start, range.end + 1) : bytes)
  return openStream(absolutePath, range).then((stream) => reply.send(stream))
}

/**
 * Opens the file before the answer starts, so a file that has gone missing becomes a 500 page
 * instead of a stream that fails after the headers were sent.
 */
async function openStream(absolutePath: string, range?: { start: number; end: number }) {
  const handle = await fs.promises.open(absolutePath, 'r')
  return handle.createReadStream({ ...range, autoClose: true })
}
