/**
 * What the contact and newsletter endpoints share: JSON from the site's script, or a plain HTML
 * form post from this site (before or without JavaScript; answered with a 303 to a page), other
 * types refused (415), at most 16 KiB of JSON (413), a per-IP rate limit (429 with Retry-After),
 * validation by the zod schema the form also uses (400 naming each field), and the spam checks
 * that still answer 201 so a bot learns nothing.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify'
import type { z } from 'zod'
import { HONEYPOT_FIELD } from '#common/contact-schemas.ts'
import { fieldErrors } from '#common/validation.ts'
import { sendApiError } from './api-error.ts'
import { acceptFormPosts, FORM_MEDIA_TYPE, isSameSite, mediaType } from './form-post.ts'
import { answerWithin, databaseSilent, type Database } from '#server/db/index.ts'
import type { Env } from '#server/env.ts'
import { createRateLimiter, rateLimitCounterFor, type RateLimiter } from './rate-limit.ts'

export const FORM_BODY_LIMIT = 16 * 1024
/**
 * How long a submission may wait for the database in all (rate limit and storing together):
 * past it, the answer is 503 and the browser keeps the submission to send again. A frozen
 * database answers nothing and times nothing out, and two queries each waiting for the client's
 * statement timeout kept a visitor 22 s (issue 21); the site's own timeout is 30 s.
 */
export const FORM_DATABASE_BUDGET_MS = 2500
/** A form post percent-encodes the same fields: up to 12 bytes for one character. */
export const FORM_POST_BODY_LIMIT = 96 * 1024

/** Why a submission is taken for spam: kept apart, never mailed, deleted after a while. */
export type SpamReason = 'honeypot' | 'no-timing'
/** Why a stored, accepted submission should be looked at by a person before it is trusted. */
export type CheckReason = 'too-fast'

/** How a submission arrived: JSON from the site's script, or a plain form post. */
export type SubmittedVia = 'json' | 'form'

export interface FormRoute<Schema extends z.ZodType> {
  /** Path inside the plugin's prefix, without a trailing slash; both spellings are served. */
  path: string
  schema: Schema
  limiter: RateLimiter
  /** The site's public address (PUBLIC_SITE_URL), for the same-site check of form posts. */
  siteUrl: string | undefined
  /**
   * Where a form post is sent with a 303: `sent` once stored, `notSent` with `?fields=a,b` (the
   * fields to fix) or `?reason=rate-limit`.
   */
  pages: { sent: string; notSent: string }
  /** Stores the submission and resolves once it is durably committed; returns the 201 body. */
  accept(
    input: z.output<Schema>,
    receivedAt: Date,
    via: SubmittedVia,
  ): Promise<Record<string, unknown>>
}

/** The one limit for public forms (FORM_RATE_LIMIT_*), counted per endpoint name. */
export function formRateLimiter(
  name: string,
  app: FastifyInstance,
  env: Pick<Env, 'FORM_RATE_LIMIT_MAX' | 'FORM_RATE_LIMIT_WINDOW_SECONDS'>,
  database: Database,
): RateLimiter {
  return createRateLimiter({
    name,
    counter: rateLimitCounterFor(database),
    log: app.log,
    max: env.FORM_RATE_LIMIT_MAX,
    windowMs: env.FORM_RATE_LIMIT_WINDOW_SECONDS * 1000,
  })
}

export function registerFormRoute<Schema extends z.ZodType>(
  app: FastifyInstance,
  route: FormRoute<Schema>,
) {
  acceptJsonAndFormPosts(app)

  const checkType: onRequestAsyncHookHandler = async (request, reply) => {
    const type = mediaType(request)
    if (type === 'application/json') return
    if (type === FORM_MEDIA_TYPE) {
      if (isSameSite(request, route.siteUrl)) return
      request.log.info('cross-site form post refused')
      return sendApiError(reply, 403, 'This form can only be sent from the DocuCommons website.')
    }
    return sendApiError(reply, 415, 'Send the form as JSON (Content-Type: application/json).')
  }

  // When each request's database budget runs out (performance.now() time).
  const budgetEnds = new WeakMap<FastifyRequest, number>()
  const budgetLeft = (request: FastifyRequest) =>
    (budgetEnds.get(request) ?? Infinity) - performance.now()

  const rateLimit: onRequestAsyncHookHandler = async (request, reply) => {
    budgetEnds.set(request, performance.now() + FORM_DATABASE_BUDGET_MS)
    const decision = await route.limiter.hit(request.ip, budgetLeft(request))
    if (decision.allowed) return
    request.log.info({ retryAfter: decision.retryAfterSeconds }, 'form rate limit reached')
    if (mediaType(request) === FORM_MEDIA_TYPE) {
      reply
        .header('retry-after', String(decision.retryAfterSeconds))
        .header('cache-control', 'no-store')
      return reply.redirect(`${route.pages.notSent}?reason=rate-limit`, 303)
    }
    return sendApiError(
      reply,
      429,
      `Too many submissions. Please try again in ${decision.retryAfterSeconds} seconds.`,
      { retryAfterSeconds: decision.retryAfterSeconds },
    )
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const receivedAt = new Date()
    reply.header('cache-control', 'no-store')
    const via: SubmittedVia = mediaType(request) === FORM_MEDIA_TYPE ? 'form' : 'json'
    const body = via === 'form' ? fromFormFields(request.body) : request.body
    const parsed = route.schema.safeParse(body)
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error)
      if (via === 'form') {
        // Only names the form has: a page must never echo what a stranger put in the URL.
        const names = Object.keys(fields).filter((name) => FORM_FIELD_NAME.test(name))
        const query = names.length > 0 ? `?fields=${names.join(',')}` : ''
        return reply.redirect(`${route.pages.notSent}${query}`, 303)
      }
      return sendApiError(reply, 400, 'Please check the highlighted fields.', {
        fields,
      })
    }
    // A budget spent (on a rate limit that did not answer) sends nothing more to the database.
    const left = budgetLeft(request)
    if (left <= 0) throw databaseSilent(FORM_DATABASE_BUDGET_MS)
    const answer = await answerWithin(route.accept(parsed.data, receivedAt, via), left, {
      unconfirmed: true,
    })
    if (via === 'form') return reply.redirect(route.pages.sent, 303)
    return reply.code(201).send(answer)
  }

  for (const url of [route.path, `${route.path}/`]) {
    app.post(url, { onRequest: [checkType, rateLimit] }, handler)
  }
}

/** The fields of the site's forms (name, email, website, message, fax, startedAt, submissionId). */
const FORM_FIELD_NAME = /^(?:name|email|website|message|startedAt|submissionId)$/

const scopesWithParsers = new WeakSet<FastifyInstance>()

/** Each content type its own limit, so the route itself sets none (a route limit wins). */
function acceptJsonAndFormPosts(app: FastifyInstance) {
  if (scopesWithParsers.has(app)) return
  scopesWithParsers.add(app)
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    app.getDefaultJsonParser('error', 'error'),
  )
  acceptFormPosts(app, FORM_POST_BODY_LIMIT)
}

/**
 * A form post carries strings only, and its hidden fields may be empty when no script filled
 * them: an empty start time or submission id is left out, a numeric start time becomes a number.
 */
function fromFormFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body
  const fields: Record<string, unknown> = { ...(body as Record<string, string>) }
  for (const name of ['startedAt', 'submissionId']) if (fields[name] === '') delete fields[name]
  if (typeof fields.startedAt === 'string' && /^\d{1,16}$/.test(fields.startedAt))
    fields.startedAt = Number(fields.startedAt)
  return fields
}

/**
 * Why a submission is spam, or null. The honeypot is a field people never see. The site's script
 * always sends the form's start time, so JSON without one comes from something else; a form
 * posted without JavaScript has none, which alone is no sign of a bot. How fast the form was sent
 * is not a reason (checkReason): a password manager fills and sends it in well under a second.
 */
export function spamReason(
  input: { [HONEYPOT_FIELD]?: string | undefined; startedAt?: number | undefined },
  minFillMs: number,
  via: SubmittedVia = 'json',
): SpamReason | null {
  if ((input[HONEYPOT_FIELD] ?? '').trim() !== '') return 'honeypot'
  if (minFillMs <= 0) return null
  if (input.startedAt === undefined && via === 'json') return 'no-timing'
  return null
}

/**
 * Why a person should look at a submission before trusting it, or null: it came sooner than the
 * minimum fill time after the form opened (the browser's clock against ours). People with
 * autofill do that as well as bots, so it is flagged, not hidden (docs/decisions/027). A start
 * time in the future means the visitor's clock runs fast, which is not held against them.
 */
export function checkReason(
  input: { startedAt?: number | undefined },
  receivedAt: Date,
  minFillMs: number,
): CheckReason | null {
  if (minFillMs <= 0 || input.startedAt === undefined) return null
  const elapsed = receivedAt.getTime() - input.startedAt
  return elapsed >= 0 && elapsed < minFillMs ? 'too-fast' : null
}
