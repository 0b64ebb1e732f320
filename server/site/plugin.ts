/**
 * Fastify plugin that serves the prerendered site. See static-files.ts for the URL rules.
 */
import fs from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { indexBuild, negotiateEncoding, resolvePath, type StaticFile } from './static-files.ts'
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers.ts'
import { createFileCache } from './file-cache.ts'

export interface SiteOptions {
  buildDir: string
}

const NOT_FOUND_PAGE = '/__spa-fallback.html'

export async function sitePlugin(app: FastifyInstance, options: SiteOptions) {
  if (!fs.existsSync(options.buildDir)) {
    throw new Error(
      `The site build is missing at ${options.buildDir}. Run "npm run build" (npm start builds it for you).`,
    )
  }
  const files = indexBuild(options.buildDir)
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
  app.log.info({ files: files.size, buildDir: options.buildDir }, 'site build indexed')
  const cache = createFileCache()
  const body = (absolutePath: string, size: number, start = 0, end = size - 1) => {
    const bytes = cache.get(absolutePath, size)
    if (!bytes) return fs.createReadStream(absolutePath, { start, end })
    return start === 0 && end === size - 1 ? bytes : bytes.subarray(start, end + 1)
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/'
    const resolved = resolvePath(files, pathname)
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
      return reply.send(body(variant.absolutePath, variant.size))
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
      return reply.send(body(file.absolutePath, file.size, range.start, range.end))
    }
    reply.code(status)
    reply.header('content-length', file.size)
    if (request.method === 'HEAD') return reply.send()
    return reply.send(body(file.absolutePath, file.size))
  }

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler })
  app.route({ method: ['GET', 'HEAD'], url: '/', handler })
}

/** One byte range ("bytes=a-b", "bytes=a-" or "bytes=-n"), as media players ask for. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return undefined
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return undefined
  let start: number
  let end: number
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(from)
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  }
  if (start >= size || start > end) return 'unsatisfiable'
  return { start, end }
}
