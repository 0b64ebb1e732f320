/**
 * The back office as the server runs it, under /admin. createStaff() makes the route table
 * (server/back-office/table.ts) with the staff routes in it; the composition root (server/app.ts) lets each
 * feature add its own routes and pages, then registers `plugin`, which serves them all:
 *
 *   - every answer: X-Robots-Tag noindex, Cache-Control no-store, a strict CSP (the staff app's
 *     for pages, the API's no-script one for JSON);
 *   - the session: the cookie's row is read (and its last activity noted at most once a minute),
 *     so handlers see request.staff; idle and absolute expiry end it;
 *   - /admin/api/*: only from the back office's own pages (the Origin / Sec-Fetch-Site check of
 *     the site's forms), JSON only, each route behind requireRole() and its own zod schemas;
 *   - every one of these decisions is taken from the route that matched (its pattern, and the
 *     hooks registered with it), never from the request's URL text: the router ignores duplicate
 *     slashes and decodes the path, so `/admin//api/…` and `/admin/%61pi/…` reach the same route
 *     and meet the same checks (docs/decisions/ on the back office's route checks);
 *   - the role check runs when the request's headers have come (onRequest), before any body is
 *     read: an anonymous upload of 200 MB is answered 401 at once and its connection closed;
 *   - /admin/assets/*: the staff app's files; any other path under /admin: the app's page, with
 *     401 / 403 / 404 when the person may not open it (the app then says why).
 *
 * When passkeys cannot work where the back office is (an IP address, plain HTTP on a public
 * host: site.ts), every page and route answers 503 with the reason instead.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '#server/db/index.ts'
import type { Housekeeping } from '#server/db/housekeeping.ts'
import type { Env } from '#server/env.ts'
import { sendApiError } from '#server/http/api-error.ts'
import { isSameSite, mediaType } from '#server/http/form-post.ts'
import { closeAfterAnswer } from '#server/http/close-after-answer.ts'
import { createRateLimiter, rateLimitCounterFor } from '#server/http/rate-limit.ts'
import { API_CSP } from '#server/http/security-headers.ts'
import type { MailOutbox } from '#server/mail/outbox.ts'
import { loadAdminApp, ADMIN_CSP } from './admin-app.ts'
import {
  checkAnswers,
  definedRoutes,
  refuseUndefined,
  refuseUnserved,
} from '#server/back-office/answer-check.ts'
import { recordAudit } from '#server/back-office/audit.ts'
import { openApiRoute } from '#server/back-office/openapi.ts'
import {
  createBackOffice,
  requireRole,
  type BackOffice,
  type RegisteredRoute,
} from '#server/back-office/table.ts'
import { invitationQueue } from './invitation-mail.ts'
import { noticeQueue } from './notices.ts'
import { deleteExpiredStaffRows, findSession, touchSession } from './repository.ts'
import { allows } from '#server/back-office/roles.ts'
import { registerStaffRoutes, sessionTimes } from './routes.ts'
import { sessionToken } from '#server/back-office/session-cookie.ts'
import { adminSite, ADMIN_PATH, type AdminSite } from './site.ts'
import { fieldErrors } from '#common/validation.ts'

/** A session's last activity is written at most this often (idle expiry is that coarse). */
const TOUCH_EVERY_MS = 60_000

export interface StaffOptions {
  env: Env
  database: Database
  outbox: MailOutbox
  housekeeping: Housekeeping
  log: { warn(object: object, message: string): void }
  /** The PUBLIC_SITE_URL the site was built with, when the environment does not set it. */
  builtSiteUrl?: string | undefined
  /** The built staff app (the release's admin folder); without it, pages say it is not built. */
  adminDir?: string | undefined
  /** The back office's clock; tests move it. */
  now?: () => Date
}

export interface Staff {
  backOffice: BackOffice
  site: AdminSite
  now: () => Date
  /** The Fastify plugin of everything under /admin; register it with { prefix: '/admin' }. */
  plugin(app: FastifyInstance): Promise<void>
}

export function createStaff(options: StaffOptions): Staff {
  const { env, database, outbox } = options
  const db = database.db
  const now = options.now ?? (() => new Date())
  const site = adminSite(env, options.builtSiteUrl)
  if (site.problem) options.log.warn({ origin: site.origin }, site.problem)
  const times = sessionTimes(env)
  const limiter = (name: string, max: number) =>
    createRateLimiter({
      name,
      counter: rateLimitCounterFor(database),
      log: options.log,
      max,
      windowMs: env.STAFF_SIGN_IN_RATE_LIMIT_WINDOW_SECONDS * 1000,
      now: () => now().getTime(),
    })
  const backOffice = createBackOffice()
  openApiRoute(backOffice)
  registerStaffRoutes(backOffice, {
    env,
    database,
    outbox,
    site,
    signInLimiter: limiter('staff-sign-in', env.STAFF_SIGN_IN_RATE_LIMIT_MAX),
    challengeLimiter: limiter('staff-challenge', env.STAFF_SIGN_IN_RATE_LIMIT_MAX * 3),
  })
  if (outbox.enabled) {
    outbox.addQueue(invitationQueue(db, site, env))
    outbox.addQueue(noticeQueue(db, env))
  }
  options.housekeeping.add('staff', (at) => deleteExpiredStaffRows(db, at, times))

  async function plugin(app: FastifyInstance) {
    const adminApp = loadAdminApp(options.adminDir)
    app.decorateRequest('staff', null)
    // Every route under /admin/api is one the back office defines, and answers as defined.
    const defined = definedRoutes(backOffice.apiRoutes())
    const served = new Set<string>()
    app.addHook('onRoute', refuseUndefined(defined, served))
    if (env.NODE_ENV !== 'production') app.addHook('onSend', checkAnswers(defined))

    app.addHook('onRequest', staffOnRequest({ db, now, site, times }))
    // An answer sent before the request's body was read (a refusal above, a role check's 401).
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.raw.complete) closeAfterAnswer(request, reply)
      return payload
    })

    for (const route of backOffice.routes) {
      app.route({
        method: route.method,
        url: `/api${route.url}`,
        // onRequest: decided before the body is read (an anonymous post gets 401, unread).
        onRequest: requireRole(route.access),
        handler: (request, reply) => handle({ db, now }, route, request, reply),
      })
    }
    for (const mount of backOffice.mounts) {
      const guard = requireRole(mount.access)
      await app.register(
        async (scope) => {
          // Every route the plugin adds meets the role check before its own hooks and its body.
          scope.addHook('onRequest', guard)
          await mount.register(scope, {
            guard,
            audit: (request, entry) => recordAudit(db, actorOf(request), entry, now()),
          })
        },
        { prefix: `/api${mount.prefix}` },
      )
    }
    refuseUnserved(defined, served)
    app.all(`${API_ROUTES}*`, async (request, reply) =>
      sendApiError(
        reply,
        404,
        `No back-office route for ${request.method} ${request.url.split('?', 1)[0]}`,
      ),
    )

    app.get(ASSET_ROUTE.slice(ADMIN_PATH.length), async (request, reply) => {
      const { name } = request.params as { name: string }
      return (
        adminApp.sendAsset(request, reply, name) ||
        reply.code(404).type('text/plain; charset=utf-8').send('404 Not Found')
      )
    })

    servePages(app, { db, now, site, backOffice, adminApp })
  }

  return { backOffice, site, now, plugin }
}

async function handle(
  context: { db: Database['db']; now: () => Date },
  route: RegisteredRoute,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { db, now } = context
  if (route.limiter) {
    const decision = await route.limiter.hit(request.ip)
    if (!decision.allowed) {
      request.log.info(
        { retryAfter: decision.retryAfterSeconds },
        'staff sign-in rate limit reached',
      )
      return sendApiError(
        reply,
        429,
        `Too many attempts. Please wait ${decision.retryAfterSeconds} seconds and try again.`,
        { retryAfterSeconds: decision.retryAfterSeconds },
      )
    }
  }
  if (route.body && mediaType(request) !== 'application/json')
    return sendApiError(reply, 415, 'Send the request as JSON (Content-Type: application/json).')
  const input: Record<'body' | 'query' | 'params', unknown> = {
    body: undefined,
    query: undefined,
    params: undefined,
  }
  for (const part of ['body', 'query', 'params'] as const) {
    const schema = route[part]
    if (!schema) continue
    const parsed = schema.safeParse(request[part] ?? {})
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error)
      return sendApiError(reply, 400, Object.values(fields)[0] ?? 'Please check the form.', {
        fields,
      })
    }
    input[part] = parsed.data
  }
  const at = now()
  const staff = request.staff
  const result = await route.handler({
    ...input,
    staff,
    request,
    reply,
    now: at,
    audit: (entry, target = db) =>
      recordAudit(
        target,
        staff ? { id: staff.id, label: staff.email } : { id: null, label: 'someone signed out' },
        entry,
        at,
      ),
  })
  if (result === reply || reply.sent) return reply
  return reply.type('application/json; charset=utf-8').send(result)
}

/**
 * Every request under /admin: the back office's headers, its refusals (a server with no usable
 * origin, another site's call to the API), and the signed-in person from the session cookie.
 */
function staffOnRequest(context: {
  db: Database['db']
  now: () => Date
  site: AdminSite
  times: ReturnType<typeof sessionTimes>
}) {
  const { db, now, site, times } = context
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const api = isApiRoute(request)
    reply
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'same-origin')
      .header('content-security-policy', api ? API_CSP : ADMIN_CSP)
    if (site.problem) {
      if (api) return sendApiError(reply, 503, site.problem)
      return reply.code(503).type('text/html; charset=utf-8').send(problemPage(site.problem))
    }
    if (api && !isSameSite(request, site.origin)) {
      request.log.info('cross-site back-office request refused')
      return sendApiError(reply, 403, 'The back office only answers its own pages.')
    }
    // The app's files are the same for everyone: no session to read.
    if (request.routeOptions.url === ASSET_ROUTE) return
    const token = sessionToken(request)
    if (!token) return
    const at = now()
    const session = await findSession(db, token, at, times.idleMs)
    if (!session) return
    if (at.getTime() - Date.parse(session.last_seen_at) >= TOUCH_EVERY_MS)
      await touchSession(db, session.id_hash, at)
    request.staff = {
      id: session.member_id,
      email: session.email,
      name: session.name,
      role: session.role,
      sessionHash: session.id_hash,
      passkeyId: session.passkey_id,
      confirmedAt: session.confirmed_at,
    }
  }
}

/** The staff app's views and pages: its shell, with the status the person's role gives. */
function servePages(
  app: FastifyInstance,
  context: {
    db: Database['db']
    now: () => Date
    site: AdminSite
    backOffice: BackOffice
    adminApp: ReturnType<typeof loadAdminApp>
  },
) {
  const { db, now, site, backOffice, adminApp } = context
  /** Passkeys and the cookie belong to one origin: other names of this server lead there. */
  const elsewhere = (request: FastifyRequest) => {
    const expected = new URL(site.origin)
    return request.host !== expected.host || `${request.protocol}:` !== expected.protocol
  }

  for (const view of backOffice.views) {
    app.get(view.url.replace(/^\/admin/, ''), async (request, reply) => {
      if (elsewhere(request)) return reply.redirect(`${site.origin}${request.url}`, 308)
      const staff = request.staff
      if (!staff) return adminApp.sendShell(request, reply, 401)
      if (!allows(view.access, staff.role)) return adminApp.sendShell(request, reply, 403)
      const params = view.params ? view.params.safeParse(request.params) : undefined
      if (params && !params.success) return adminApp.sendShell(request, reply, 404)
      const at = now()
      const result = await view.handler({
        body: undefined,
        query: undefined,
        params: params?.data,
        staff,
        request,
        reply,
        now: at,
        audit: (entry, target = db) => recordAudit(target, actorOf(request), entry, at),
      })
      return result === reply || reply.sent ? reply : reply.send(result)
    })
  }

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (elsewhere(request)) return reply.redirect(`${site.origin}${request.url}`, 308)
    // The path as the router read it (decoded, duplicate slashes dropped), not the URL's text.
    const rest = (request.params as { '*'?: string })['*'] ?? ''
    const access = backOffice.pageAccess(`/${rest}`)
    const status =
      access === undefined
        ? 404
        : access === 'anyone'
          ? 200
          : !request.staff
            ? 401
            : allows(access, request.staff.role)
              ? 200
              : 403
    return adminApp.sendShell(request, reply, status)
  }
  app.get('/', page)
  app.get('/*', page)
}

/** Who the audit log names for a request: its signed-in staff member. */
function actorOf(request: FastifyRequest) {
  const staff = request.staff
  return staff ? { id: staff.id, label: staff.email } : { id: null, label: 'someone signed out' }
}

/** The route pattern of the staff app's files. */
const ASSET_ROUTE = `${ADMIN_PATH}/assets/:name`
/** Where the API's route patterns start (the app's pages are every other pattern). */
const API_ROUTES = `/api/`

/** Whether the route that matched is one of the API's (its pattern, not the request's URL). */
function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith(`${ADMIN_PATH}${API_ROUTES}`) ?? false
}

function problemPage(problem: string): string {
  const text = problem.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Back office unavailable · DocuCommons</title></head>
<body><main><h1>The back office is not available here</h1>
<p>${text}</p><p>See docs/back-office.md, "Where the back office runs".</p></main></body>
</html>
`
}
