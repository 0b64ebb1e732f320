/**
 * Builds the Fastify application without listening, so tests drive it in-process with
 * app.inject() and index.ts owns the port and the process lifecycle.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { cataloguePlugin } from '#server/catalogue/plugin.ts'
import type { Database } from '#server/db/index.ts'
import type { Env } from './env.ts'
import { createMailOutbox } from '#server/mail/outbox.ts'
import { contactRoutes } from '#server/contact/routes.ts'
import { healthRoutes } from '#server/health/routes.ts'
import { newsletterRoutes } from '#server/newsletter/routes.ts'
import { sitePlugin } from '#server/site/plugin.ts'
import { API_CSP, BASE_HEADERS } from '#server/site/security-headers.ts'
import { commonHeadersHook } from '#server/http/common-headers.ts'
import { createRequestIdGenerator } from '#server/http/request-id.ts'
import { OneLineRequestLog, logDestination } from '#server/http/request-log.ts'

export interface AppOptions {
  env: Env
  database: Database
  /** Absolute path of the prerendered site; omit to serve the API only (API tests). */
  buildDir?: string
  logger?: FastifyServerOptions['logger']
}

export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    // Requests are logged by method, path, status and id only: no IP addresses, cookies, query
    // strings or bodies, which could carry personal data. (The serializers never output headers,
    // so no redaction pass is needed; it cost every log line time.)
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: String(req.url).split('?', 1)[0] }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
    stream: logDestination(),
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env),
    trustProxy: env.TRUST_PROXY,
    genReqId: createRequestIdGenerator(),
    requestIdHeader: false,
    // One line per request (not two), written asynchronously: server/http/request-log.ts.
    logController: new OneLineRequestLog(),
    bodyLimit: 64 * 1024,
    // Keep-alive sockets that are idle are closed at once on shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreDuplicateSlashes: true },
  })

  // Pages replace the default CSP (nothing may run) with their own.
  app.addHook(
    'onRequest',
    commonHeadersHook({ ...BASE_HEADERS, 'content-security-policy': API_CSP }),
  )

  app.setErrorHandler(
    (error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 600
          ? error.statusCode
          : 500
      if (status >= 500) request.log.error({ err: error }, 'request failed')
      else request.log.info({ status, code: (error as { code?: string }).code }, error.message)
      reply.code(status).header('cache-control', 'no-store')
      return {
        error: status >= 500 ? 'Internal Server Error' : httpStatusText(status),
        // A server error's own message may reveal internals; a client error's message explains
        // what to fix.
        message:
          status >= 500
            ? 'Something went wrong on our side. Please try again later.'
            : error.message,
      }
    },
  )

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).header('cache-control', 'no-store')
    return {
      error: 'Not Found',
      message: `No route for ${request.method} ${request.url.split('?', 1)[0]}`,
    }
  })

  // Contact messages and newsletter sign-ups share one durable mail outbox (docs/decisions/005).
  const outbox = createMailOutbox({ env, log: app.log })
  app.addHook('onReady', outbox.start)
  app.addHook('preClose', outbox.stop)

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database })
      await api.register(cataloguePlugin, { env, database })
      await api.register(contactRoutes, { env, database, outbox })
      await api.register(newsletterRoutes, { env, database, outbox })
      api.all('/*', async (request, reply) => {
        reply.code(404).header('cache-control', 'no-store')
        return {
          error: 'Not Found',
          message: `No API route for ${request.method} ${request.url.split('?', 1)[0]}`,
        }
      })
    },
    { prefix: '/api' },
  )

  if (options.buildDir) await app.register(sitePlugin, { buildDir: options.buildDir })

  return app
}

function httpStatusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request',
    404: 'Not Found',
    405: 'Method Not Allowed',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
  }
  return texts[status] ?? 'Error'
}
