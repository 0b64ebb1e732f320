/**
 * Builds the Fastify application without listening, so tests drive it in-process with
 * app.inject() and index.ts owns the port and the process lifecycle.
 */
import path from 'node:path'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import { catalogueRoutes } from '#server/catalogue/routes.ts'
import { isDatabaseUnavailable, isUnconfirmed, type Database } from '#server/db/index.ts'
import { createHousekeeping, type Housekeeping } from '#server/db/housekeeping.ts'
import { clearPayloadHeaders, sendApiError } from '#server/http/api-error.ts'
import { resolvePaths, type Env } from './env.ts'
import { createMailOutbox, type MailOutbox } from '#server/mail/outbox.ts'
import { contactRoutes } from '#server/contact/routes.ts'
import { healthRoutes } from '#server/health/routes.ts'
import { newsletterPageRoutes, newsletterRoutes } from '#server/newsletter/routes.ts'
import { siteRoutes } from '#server/site/routes.ts'
import { API_CSP, baseHeaders } from '#server/http/security-headers.ts'
import type { SiteBuild } from '#server/site/site-build.ts'
import { commonHeadersHook } from '#server/http/common-headers.ts'
import { createStaff } from '#server/staff/setup.ts'
import { contactAdminRoutes } from '#server/contact/admin-routes.ts'
import { newsletterAdminRoutes } from '#server/newsletter/admin-routes.ts'
import type { AnnounceOptions } from '#server/newsletter/announcement.ts'
import { letterRoutes } from '#server/newsletter/letter-routes.ts'
import { createContentRepository } from '#server/content/repository.ts'
import { erasureAdminRoutes } from '#server/privacy/admin-routes.ts'
import { personalDataErasers } from '#server/erasers.ts'
import { createRequestIdGenerator } from '#server/http/request-id.ts'
import { OneLineRequestLog, logDestination } from '#server/http/request-log.ts'
import { createMediaLibrary, type MediaLibrary } from '#server/media/media-library.ts'
import { mediaFileRoutes } from '#server/media/file-routes.ts'
import { MEDIA_PREFIX } from '#common/content-contracts.ts'
import { MEDIA_ROUTES, mediaRoutes, type MediaRoutesOptions } from '#server/media/routes.ts'
import { contentAdminRoutes, EDITORS, type ContentSite } from '#server/content/admin-routes.ts'
import { episodeAdminRoutes } from '#server/content/episode-routes.ts'
import {
  createSearchLimiter,
  searchApiRoutes,
  searchPageRoutes,
  type RenderSearchPage,
} from '#server/search/routes.ts'
import { createSiteSearch } from '#server/search/site-search.ts'

export interface AppOptions {
  env: Env
  database: Database
  /** The prerendered site (openSiteBuild); omit to serve the API only (API tests). */
  build?: SiteBuild
  logger?: FastifyServerOptions['logger']
  /**
   * The built staff app; by default the `admin` folder of the build's release. Tests give a
   * folder of their own, or none (the back office's pages then say it is not built).
   */
  adminDir?: string
  /** The back office's clock (sessions, invitations, audit times); tests move it. */
  now?: () => Date
  /**
   * Uploaded media (server/media, docs/media.md): when set, files are served at /media/u/ and,
   * with `library`, the back office's media library answers at /api/media behind its guard.
   * Unset, neither exists and the public site is as before.
   */
  media?: {
    /** The library API at /api/media behind a guard of the caller's (the module's own tests). */
    library?: Omit<MediaRoutesOptions, 'library' | 'siteUrl'>
    /**
     * The library API in the back office, at /admin/api/media: behind staff's session, the role
     * check (editors and administrators) and the audit log. What `npm start` runs.
     */
    backOffice?: boolean
  }
  /** The running site's side of publishing (server/content/live-site.ts), when pages are served. */
  contentSite?: ContentSite
  /** Renders /search for one request (the live site's render worker); without, only the API. */
  renderSearchPage?: RenderSearchPage
  /**
   * "Send this episode to readers": whether a page is live on this process (the live site's
   * page set), and the spread before copies go (server/newsletter/announcement.ts).
   */
  announce?: AnnounceOptions
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

/** What a visitor is told when the database did not answer: nothing was sent that could land. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not reachable right now; nothing was saved. Please try again in a minute.'
/** What a visitor is told when a write had been sent and its outcome is unknown. */
export const DATABASE_UNCONFIRMED_MESSAGE =
  'The database did not answer in time, so we cannot confirm that this was saved. Please try again in a minute.'

/** An API failure as JSON: the database away is a 503, a server error never shows its message. */
function sendAppError(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const unavailable = isDatabaseUnavailable(error)
  const status = unavailable
    ? 503
    : error.statusCode && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500
  if (unavailable) request.log.warn({ err: error }, 'database unavailable')
  else if (status >= 500) request.log.error({ err: error }, 'request failed')
  else request.log.info({ status, code: (error as { code?: string }).code }, error.message)
  clearPayloadHeaders(reply)
  // A server error's own message may reveal internals; a client error's message explains
  // what to fix.
  const message = unavailable
    ? isUnconfirmed(error)
      ? 'The database did not answer in time, so we cannot confirm that this was saved. Please try again in a minute.'
      : 'The database is not reachable right now; nothing was saved. Please try again in a minute.'
    : status >= 500
      ? 'Something went wrong on our side. Please try again later.'
      : error.message
  return sendApiError(reply, status, message, unavailable ? { retryAfterSeconds: 30 } : {})
}

/** The back office: staff's accounts and sessions (server/staff), then each feature's routes. */
function backOffice(
  app: FastifyInstance,
  options: AppOptions,
  parts: {
    outbox: MailOutbox
    housekeeping: Housekeeping
    media: MediaLibrary | undefined
  },
) {
  const { env, database } = options
  const { outbox, housekeeping, media } = parts
  const staff = createStaff({
    env,
    database,
    outbox,
    housekeeping,
    log: app.log,
    builtSiteUrl: options.build?.settings?.PUBLIC_SITE_URL,
    adminDir:
      options.adminDir ??
      (options.build?.release ? path.join(options.build.release, 'admin') : undefined),
    now: options.now,
  })
  contactAdminRoutes(staff.backOffice, { env, database, outbox })
  newsletterAdminRoutes(staff.backOffice, { database })
  // Letters are made from and link to published content: the composition root reads it for them.
  const published = createContentRepository(database, { clock: staff.now })
  letterRoutes(staff.backOffice, {
    env,
    database,
    outbox,
    readPublished: () => published.readPublished(),
    ...(options.announce && { announce: options.announce }),
    clock: staff.now,
  })
  erasureAdminRoutes(staff.backOffice, { database, erasers: personalDataErasers })
  contentAdminRoutes(staff.backOffice, {
    database,
    media,
    site: options.contentSite,
    clock: staff.now,
  })
  episodeAdminRoutes(staff.backOffice, {
    database,
    media,
    site: options.contentSite,
    clock: staff.now,
  })
  if (media && options.media?.backOffice)
    staff.backOffice.mount(EDITORS, {
      prefix: MEDIA_PREFIX,
      routes: Object.values(MEDIA_ROUTES),
      register: (scope, { guard, audit }) =>
        mediaRoutes(scope, {
          library: media,
          guard,
          audit: (entry, request) =>
            audit(request, {
              action: entry.action,
              summary: entry.summary,
              target: { type: 'media', id: entry.mediaId },
              details: { kind: entry.kind },
            }),
          actorOf: (request) => request.staff?.id ?? null,
          siteUrl: staff.site.origin,
        }),
    })
  return staff
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env),
    // A hop count trusts that many proxies nearest to us (as Fastify does for a number, which
    // its types do not list); addresses trust exactly those proxies.
    trustProxy:
      typeof env.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (env.TRUST_PROXY as number)
        : env.TRUST_PROXY,
    // Slow clients: a request must be complete within these, or its socket is closed.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      // Node looks for expired requests on this interval (30 s by default, which would let a
      // trickling client stay three times longer than the headers timeout).
      connectionsCheckingInterval: Math.min(1000, Math.ceil(env.HEADERS_TIMEOUT_MS / 4)),
    },
    genReqId: createRequestIdGenerator({ trustProxy: env.TRUST_PROXY }),
    requestIdHeader: false,
    // One line per request (not two), written asynchronously: server/http/request-log.ts.
    logController: new OneLineRequestLog(),
    bodyLimit: 64 * 1024,
    // Keep-alive sockets that are idle are closed at once on shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreDuplicateSlashes: true },
  })

  // Every answer starts with the no-script CSP of JSON; pages set their own, and error handlers
  // put it back when they clear a page's payload headers (clearPayloadHeaders).
  app.addHook(
    'onRequest',
    commonHeadersHook({ ...baseHeaders(env), 'content-security-policy': API_CSP }),
  )

  app.setErrorHandler(sendAppError)

  app.setNotFoundHandler((request, reply) =>
    sendApiError(reply, 404, `No route for ${request.method} ${request.url.split('?', 1)[0]}`),
  )

  // Contact messages and newsletter sign-ups share one durable mail outbox (docs/decisions/005).
  const outbox = createMailOutbox({ env, log: app.log })
  app.decorate('mailOutbox', outbox)
  app.addHook('onReady', outbox.start)
  app.addHook('preClose', outbox.stop)
  // Retention rules run once at start and then hourly (docs/privacy.md).
  const housekeeping = createHousekeeping({ log: app.log })
  app.addHook('onReady', housekeeping.start)
  app.addHook('preClose', housekeeping.stop)

  const media = options.media
    ? createMediaLibrary({
        database,
        dataDir: resolvePaths(env).dataDir,
        cacheBytes: env.MEDIA_CACHE_MB * 1024 * 1024,
      })
    : undefined
  if (media) {
    app.decorate('mediaLibrary', media)
    // SQLite: files a crash left between their write and their row's commit.
    app.addHook('onReady', async () => {
      const removed = await media.sweep()
      if (removed > 0) app.log.info({ removed }, 'media files without a row removed')
    })
  }

  // Site search (server/search): the index follows what is published in every process.
  const search = createSiteSearch({
    database,
    log: app.log,
    ...(options.now && { clock: options.now }),
  })
  app.addHook('onReady', async () => search.start())
  app.addHook('preClose', search.close)
  const searchLimiter = createSearchLimiter({
    database,
    max: env.SEARCH_RATE_LIMIT_MAX,
    windowSeconds: env.SEARCH_RATE_LIMIT_WINDOW_SECONDS,
    log: app.log,
  })

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database })
      await api.register(searchApiRoutes, { search, limiter: searchLimiter })
      if (media && options.media?.library) {
        await api.register(mediaRoutes, {
          ...options.media.library,
          library: media,
          siteUrl: env.PUBLIC_SITE_URL,
          prefix: '/media',
        })
      }
      await api.register(catalogueRoutes, { env, database })
      await api.register(contactRoutes, { env, database, outbox, housekeeping })
      await api.register(newsletterRoutes, { env, database, outbox, housekeeping })
      api.all('/*', async (request, reply) =>
        sendApiError(
          reply,
          404,
          `No API route for ${request.method} ${request.url.split('?', 1)[0]}`,
        ),
      )
    },
    { prefix: '/api' },
  )

  // The back office under /admin (server/staff): staff's routes, then each feature's own.
  const staff = backOffice(app, options, { outbox, housekeeping, media })
  app.decorate('backOffice', staff.backOffice)
  await app.register(staff.plugin, { prefix: '/admin' })

  // The buttons of the newsletter's confirm and unsubscribe pages post to the pages' own URLs.
  await app.register(newsletterPageRoutes, { env, database })

  if (media) await app.register(mediaFileRoutes, { library: media })
  if (options.renderSearchPage)
    await app.register(searchPageRoutes, {
      search,
      limiter: searchLimiter,
      renderPage: options.renderSearchPage,
    })
  if (options.build)
    await app.register(siteRoutes, { root: options.build.root, pages: options.build.pages })

  return app
}
