/**
 * Search's two doors (docs/search.md, docs/api.md):
 *
 * - `GET /api/search?q=&kind=&page=`: the results as JSON, for the header's search dialog;
 * - `GET /search?q=&kind=&page=`: the results page, rendered for this request through the site's
 *   renderer (the render worker) with the results as a React Router context value, and never
 *   kept: `cache-control: no-store`, `noindex`.
 *
 * Both count against one rate limit per address (server/http/rate-limit.ts). A query is never
 * logged: the request log drops query strings (server/http/request-log.ts), and a failure is
 * logged with its error only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  isSearchKind,
  pageNumber,
  SEARCH_KINDS,
  type SearchAnswer,
  type SearchKind,
} from '#common/search.ts'
import { sendApiError } from '#server/http/api-error.ts'
import { chooseEncoding } from '#server/http/encoding.ts'
import type { Database } from '#server/db/index.ts'
import {
  createRateLimiter,
  rateLimitCounterFor,
  type RateLimiter,
} from '#server/http/rate-limit.ts'
import { contentSecurityPolicy } from '#server/http/security-headers.ts'
import { compressFast } from '#server/render/compress.ts'
import type { FinishedPage } from '#server/render/renderer.ts'
import type { SiteSearch } from './site-search.ts'

/** Renders /search with one request's results (server/content/live-site.ts renderOnRequest). */
export type RenderSearchPage = (path: string, answer: SearchAnswer) => Promise<FinishedPage>

export interface SearchRoutesOptions {
  search: SiteSearch
  /** One limiter for both doors (createSearchLimiter). */
  limiter: RateLimiter
}

type Refusal = { status: 400; field: 'kind' | 'page'; message: string }

/** The search a query string asks for, or what is wrong with it (by field). */
export function searchRequestOf(
  query: unknown,
): { q: unknown; kind: SearchKind | null; page: number } | Refusal {
  const fields = (query ?? {}) as Record<string, unknown>
  const kind = fields.kind === undefined || fields.kind === '' ? null : fields.kind
  if (kind !== null && !isSearchKind(kind))
    return {
      status: 400,
      field: 'kind',
      message: `kind must be one of ${SEARCH_KINDS.join(', ')}, or left out.`,
    }
  const page = fields.page
  if (page !== undefined && (typeof page !== 'string' || !/^\d{1,6}$/.test(page)))
    return { status: 400, field: 'page', message: 'page must be a whole number from 1.' }
  return { q: fields.q, kind, page: pageNumber(page) }
}

export function createSearchLimiter(options: {
  database: Database
  max: number
  windowSeconds: number
  log: { warn(object: object, message: string): void }
}): RateLimiter {
  return createRateLimiter({
    name: 'search',
    counter: rateLimitCounterFor(options.database),
    log: options.log,
    max: options.max,
    windowMs: options.windowSeconds * 1000,
  })
}

/** True (and Retry-After set) when the address has searched too often. */
async function limited(limiter: RateLimiter, request: FastifyRequest, reply: FastifyReply) {
  const result = await limiter.hit(request.ip)
  if (result.allowed) return false
  reply.header('retry-after', String(result.retryAfterSeconds))
  return true
}

/** GET /search (under /api). */
export async function searchApiRoutes(app: FastifyInstance, options: SearchRoutesOptions) {
  const { search, limiter } = options
  app.get('/search', async (request, reply) => {
    if (await limited(limiter, request, reply))
      return sendApiError(reply, 429, 'Too many searches from your address; try again shortly.')
    const wanted = searchRequestOf(request.query)
    if ('status' in wanted)
      return sendApiError(reply, wanted.status, wanted.message, {
        fields: { [wanted.field]: wanted.message },
      })
    const answer = await search.search(wanted)
    return reply.header('cache-control', 'no-store').send(answer)
  })
}

/**
 * A results page is made for one request, so it is compressed for that request, at the fast
 * settings (server/render/compress.ts): about 90 KB of HTML sent as 15 KB.
 */
async function compressedFor(request: FastifyRequest, body: Buffer) {
  const encoding = chooseEncoding(request.headers['accept-encoding'], { br: true, gzip: true })
  return encoding
    ? { encoding, body: await compressFast(body, encoding) }
    : { encoding: undefined, body }
}

/** GET /search, the results page. */
export async function searchPageRoutes(
  app: FastifyInstance,
  options: SearchRoutesOptions & { renderPage: RenderSearchPage },
) {
  const { search, limiter, renderPage } = options
  app.get('/search', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
    if (await limited(limiter, request, reply))
      return reply
        .code(429)
        .type('text/plain; charset=utf-8')
        .send('Too many searches from your address; please try again in a minute.')
    const wanted = searchRequestOf(request.query)
    // A hand-made address with a bad kind or page searches everything from page 1.
    const q = (request.query as Record<string, unknown> | undefined)?.q
    const answer = await search.search('status' in wanted ? { q } : wanted)
    const page = await renderPage('/search', answer)
    const sent = await compressedFor(request, page.body)
    if (sent.encoding) reply.header('content-encoding', sent.encoding)
    return reply
      .code(200)
      .header('vary', 'Accept-Encoding')
      .header('content-type', page.contentType)
      .header('content-security-policy', contentSecurityPolicy(page.scriptHashes))
      .send(sent.body)
  })
}
