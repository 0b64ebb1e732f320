/**
 * Fastify plugin that serves the prerendered site. See static-files.ts for the URL rules.
 * It serves the release folder resolved at start-up (site-build.ts), so a build that swaps in a
 * new release meanwhile does not change what this process serves.
 */
import fs from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { clearPayloadHeaders } from '#server/http/api-error.ts'
import { createResolver, indexBuild, negotiateEncoding, type StaticFile } from './static-files.ts'
import {
  contentSecurityPolicy,
  ERROR_PAGE_CSP,
  inlineScriptHashes,
} from '#server/http/security-headers.ts'
import { createFileCache } from './file-cache.ts'
import { parseRange } from '#server/http/byte-range.ts'

export interface SiteOptions {
  /** The real folder of the prerendered files. */
  root: string
}

const NOT_FOUND_PAGE = '/__spa-fallback.html'

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

export async function siteRoutes(app: FastifyInstance, options: SiteOptions) {
  const files = indexBuild(options.root)
  const notFound = files.get(NOT_FOUND_PAGE)
  const csp = new Map<string, string>()
  for (const [urlPath, file] of files) {
    if (urlPath.endsWith('.html')) {
      csp.set(
        file.absolutePath,
        contentSecurityPolicy(inlineScriptHashes(fs.readFileSync(file.absolutePath, 'utf8'))),
      )
    }
  }
  app.log.info({ files: files.size, root: options.root }, 'site build indexed')

  // Pages are HTML: a failure answers a page too, never JSON or a broken payload.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
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
  })

  // Small files answer from memory after their first request (file-cache.ts); a file that has
  // gone missing still fails before the answer starts, as a 500 page. An answer from memory is
  // sent without a promise (issue 11); a stream is opened first (openStream).
  const cache = createFileCache()
  const sendBody = (
    reply: FastifyReply,
    absolutePath: string,
    size: number,
    range?: { start: number; end: number },
  ) => {
    const bytes = cache.get(absolutePath, size)
    if (bytes) return reply.send(range ? bytes.subarray(range.start, range.end + 1) : bytes)
    return openStream(absolutePath, range).then((stream) => reply.send(stream))
  }

  const resolve = createResolver(files)
  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/'
    const resolved = resolve(pathname)
    if (resolved.kind === 'file') return send(request, reply, resolved.file, 200)
    if (notFound) return send(request, reply, notFound, 404)
    return reply.code(404).type('text/plain; charset=utf-8').send('404 Not Found')
  }

  function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile, status: number) {
    const policy = csp.get(file.absolutePath)
    if (policy) reply.header('content-security-policy', policy)
    reply.header('content-type', file.contentType)
    reply.header('cache-control', status === 200 ? file.cacheControl : 'no-store')
    if (file.br || file.gzip) reply.header('vary', 'Accept-Encoding')

    if (status === 200) {
      reply.header('etag', file.etag)
      const ifNoneMatch = request.headers['if-none-match']
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === file.etag)) {
        return reply.code(304).send()
      }
    }

    const encoding = negotiateEncoding(file, request.headers['accept-encoding'])
    if (encoding) {
      const variant = encoding === 'br' ? file.br! : file.gzip!
      reply.header('content-encoding', encoding)
      reply.header('content-length', variant.size)
      reply.code(status)
      if (request.method === 'HEAD') return reply.send()
      return sendBody(reply, variant.absolutePath, variant.size)
    }

    reply.header('accept-ranges', 'bytes')
    const range = status === 200 ? parseRange(request.headers.range, file.size) : undefined
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${file.size}`)
      return reply.code(416).send()
    }
    if (range) {
      reply.code(206)
      reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      reply.header('content-length', range.end - range.start + 1)
      if (request.method === 'HEAD') return reply.send()
      return sendBody(reply, file.absolutePath, file.size, range)
    }
    reply.code(status)
    reply.header('content-length', file.size)
    if (request.method === 'HEAD') return reply.send()
    return sendBody(reply, file.absolutePath, file.size)
  }

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler })
  app.route({ method: ['GET', 'HEAD'], url: '/', handler })
}

/**
 * Opens the file before the answer starts, so a file that has gone missing becomes a 500 page
 * instead of a stream that fails after the headers were sent.
 */
async function openStream(absolutePath: string, range?: { start: number; end: number }) {
  const handle = await fs.promises.open(absolutePath, 'r')
  return handle.createReadStream({ ...range, autoClose: true })
}
