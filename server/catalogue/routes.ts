/**
 * The catalogue API, registered under /api (docs/requirements.md#api, issue 4):
 *   GET  /core/{store}/courses/       -> 200 {data, count}, from memory, with ETag / 304
 *   GET  /core/{store}/courses/{id}/  -> 200 {data} or 404
 *   POST /core/{store}/courses/       -> re-sync from the store -> 200 {data, count, message}
 * {store} must be the configured STORE_PROVIDER; paths work with and without the trailing slash.
 */
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Database } from '#server/db/index.ts'
import type { Env } from '#server/env.ts'
import { sendApiError } from '#server/http/api-error.ts'
import { createRateLimiter, rateLimitCounterFor } from '#server/http/rate-limit.ts'
import { createStoreProvider } from '#server/catalogue/providers/index.ts'
import { chooseEncoding } from '#server/http/encoding.ts'
import { matchesEtag, type CatalogueSnapshot, type SerialisedAnswer } from './snapshot.ts'
import { createCatalogueService } from './sync-service.ts'

export interface CatalogueOptions {
  env: Env
  database: Database
}

interface Params {
  store: string
  id?: string
}

const paramsSchema = {
  type: 'object',
  properties: {
    store: { type: 'string', minLength: 1, maxLength: 40 },
    id: { type: 'string', minLength: 1, maxLength: 200 },
  },
  required: ['store'],
} as const

/** The refresh takes no input: no body, or an empty JSON object. */
const refreshBodySchema = z.union([z.undefined(), z.null(), z.object({}).strict()])

export async function catalogueRoutes(app: FastifyInstance, options: CatalogueOptions) {
  const { env } = options
  const provider = createStoreProvider({
    provider: env.STORE_PROVIDER,
    storeUrl: env.STORE_URL,
    timeoutMs: env.STORE_TIMEOUT_MS,
  })
  const service = createCatalogueService({
    database: options.database,
    provider,
    cooldownSeconds: env.REFRESH_COOLDOWN_SECONDS,
    log: app.log,
  })
  const limiter = createRateLimiter({
    name: 'refresh',
    counter: rateLimitCounterFor(options.database),
    log: app.log,
    max: env.REFRESH_RATE_LIMIT_MAX,
    windowMs: env.REFRESH_RATE_LIMIT_WINDOW_SECONDS * 1000,
  })

  app.addHook('onReady', async () => {
    // The catalogue must not keep the server from starting: with the database briefly away,
    // GET answers 503 and the copy is loaded by the next read that finds the database back.
    await service
      .start()
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'catalogue: could not load the saved catalogue'),
      )
  })
  app.addHook('preClose', async () => {
    await service.close()
  })

  readEmptyJsonAsNoBody(app)

  // Synchronous (a callback, not a promise): it runs on every catalogue GET.
  const unknownStore = (reply: FastifyReply, store: string) =>
    sendApiError(
      reply,
      404,
      `There is no store named "${store.slice(0, 40)}" here; the catalogue is read from "${provider.name}".`,
    )
  const knownStore = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const { store } = request.params as Params
    if (store === provider.name) return done()
    unknownStore(reply, store)
  }

  const rateLimited = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter.hit(request.ip)
    if (!result.allowed) {
      reply.header('retry-after', String(result.retryAfterSeconds))
      return sendApiError(
        reply,
        429,
        `Too many refresh requests. Please try again in ${result.retryAfterSeconds} seconds.`,
      )
    }
  }

  // The hottest route (issue 11): no promise when the catalogue is loaded, and the store is
  // checked here rather than by a route hook (the list has no other parameter to validate).
  const list = (request: FastifyRequest, reply: FastifyReply) => {
    const { store } = request.params as Params
    if (store !== provider.name) return unknownStore(reply, store)
    const snapshot = service.readNow()
    if (snapshot) return answerList(request, reply, snapshot)
    return service.read().then((loaded) => answerList(request, reply, loaded))
  }

  const answerList = (
    request: FastifyRequest,
    reply: FastifyReply,
    snapshot: CatalogueSnapshot,
  ) => {
    if (snapshot.courses.length === 0) {
      reply.header('retry-after', '30')
      return sendApiError(
        reply,
        503,
        'The course catalogue has not been loaded from the store yet. Please try again in a minute.',
      )
    }
    return sendCached(request, reply, snapshot.list)
  }

  const detail = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id = '' } = request.params as Params
    const answer = (await service.read()).detail(id)
    if (!answer) return sendApiError(reply, 404, `There is no course with the id "${id}".`)
    return sendCached(request, reply, answer)
  }

  for (const url of ['/core/:store/courses', '/core/:store/courses/']) {
    app.get(url, list)
    app.post(
      url,
      {
        schema: { params: paramsSchema },
        bodyLimit: 1024,
        onRequest: [knownStore, jsonOnly, rateLimited],
      },
      (request, reply) => refresh(service, request, reply),
    )
  }
  for (const url of ['/core/:store/courses/:id', '/core/:store/courses/:id/']) {
    app.get(url, { schema: { params: paramsSchema }, onRequest: knownStore }, detail)
  }
}

/**
 * The refresh is a POST with a JSON content type and no body; Fastify's own JSON parser refuses
 * an empty body, so this scope parses JSON itself and reads "" as no body.
 */
function readEmptyJsonAsNoBody(app: FastifyInstance) {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body)
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(
        Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }),
        undefined,
      )
    }
  })
}

/**
 * A cross-site HTML form can only send form or text content types without a CORS preflight, so
 * insisting on JSON keeps other sites from pressing Refresh for a visitor.
 */
async function jsonOnly(request: FastifyRequest, reply: FastifyReply) {
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (type !== 'application/json') {
    return sendApiError(
      reply,
      415,
      'Send the refresh with the header Content-Type: application/json.',
    )
  }
}

async function refresh(
  service: ReturnType<typeof createCatalogueService>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!refreshBodySchema.safeParse(request.body).success) {
    return sendApiError(reply, 400, 'body: the refresh takes no body (send none, or {}).')
  }
  const outcome = await service.refresh()
  if (outcome.kind === 'failed') {
    if (outcome.retryAfterSeconds) reply.header('retry-after', String(outcome.retryAfterSeconds))
    return sendApiError(reply, outcome.status, outcome.message)
  }
  const { snapshot, message } = outcome
  reply.code(200).header('cache-control', 'no-store').type('application/json; charset=utf-8')
  // The snapshot's bytes between two short ones, sent as they are: the list can be megabytes
  // long, and neither encoding nor copying it per refresh is needed.
  const parts = [
    Buffer.from('{"data":'),
    snapshot.dataBytes,
    Buffer.from(`,"count":${snapshot.courses.length},"message":${JSON.stringify(message)}}`),
  ]
  reply.header(
    'content-length',
    parts.reduce((sum, part) => sum + part.length, 0),
  )
  return reply.send(Readable.from(parts))
}

/**
 * The answer is already serialised and compressed; revalidation is cheap (If-None-Match), so
 * browsers and proxies may keep it but must ask before reusing it. The ETag names the content,
 * whatever its encoding (as nginx's gzip_static does); Vary keeps caches' encodings apart.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: SerialisedAnswer) {
  reply.header('cache-control', 'no-cache').header('etag', answer.etag)
  reply.header('vary', 'Accept-Encoding')
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
  reply.code(200).type('application/json; charset=utf-8')
  const encoding = chooseEncoding(request.headers['accept-encoding'], answer)
  if (!encoding) return reply.send(answer.bytes)
  reply.header('content-encoding', encoding)
  return reply.send(answer[encoding])
}
