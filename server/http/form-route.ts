/**
 * What the contact and newsletter endpoints share: JSON only (415), at most 16 KiB (413), a
 * per-IP rate limit (429 with Retry-After), validation by the zod schema the form also uses (400
 * naming each field), and the spam checks that still answer 201 so a bot learns nothing.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify'
import type { z } from 'zod'
import { fieldErrors, HONEYPOT_FIELD } from '#common/contact.ts'
import { sendApiError } from './api-error.ts'
import type { RateLimiter } from './rate-limit.ts'

export const FORM_BODY_LIMIT = 16 * 1024

export type SpamReason = 'honeypot' | 'too-fast' | 'no-timing'

export interface FormRoute<Schema extends z.ZodType> {
  /** Path inside the plugin's prefix, without a trailing slash; both spellings are served. */
  path: string
  schema: Schema
  limiter: RateLimiter
  /** Stores the submission and resolves once it is durably committed; returns the 201 body. */
  accept(input: z.output<Schema>, receivedAt: Date): Promise<Record<string, unknown>>
}

export function registerFormRoute<Schema extends z.ZodType>(
  app: FastifyInstance,
  route: FormRoute<Schema>,
) {
  const rateLimit: onRequestAsyncHookHandler = async (request, reply) => {
    const decision = await route.limiter.hit(request.ip)
    if (decision.allowed) return
    request.log.info({ retryAfter: decision.retryAfterSeconds }, 'form rate limit reached')
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
    const parsed = route.schema.safeParse(request.body)
    if (!parsed.success) {
      return sendApiError(reply, 400, 'Please check the highlighted fields.', {
        fields: fieldErrors(parsed.error),
      })
    }
    const body = await route.accept(parsed.data, receivedAt)
    return reply.code(201).send(body)
  }

  for (const url of [route.path, `${route.path}/`]) {
    app.post(url, { bodyLimit: FORM_BODY_LIMIT, onRequest: [rateLimit, requireJson] }, handler)
  }
}

/** Anything but application/json is refused before the body is read. */
const requireJson: onRequestAsyncHookHandler = async (request, reply) => {
  const mediaType = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (mediaType === 'application/json') return
  return sendApiError(reply, 415, 'Send the form as JSON (Content-Type: application/json).')
}

/**
 * Why a submission looks automated, or null. The honeypot is a field people never see; the
 * timing check compares the form's start time (the browser's clock) with our clock. A start time
 * in the future means the visitor's clock runs fast, which is not held against them.
 */
export function spamReason(
  input: { [HONEYPOT_FIELD]?: string | undefined; startedAt?: number | undefined },
  receivedAt: Date,
  minFillMs: number,
): SpamReason | null {
  if ((input[HONEYPOT_FIELD] ?? '').trim() !== '') return 'honeypot'
  if (minFillMs <= 0) return null
  if (input.startedAt === undefined) return 'no-timing'
  const elapsed = receivedAt.getTime() - input.startedAt
  return elapsed >= 0 && elapsed < minFillMs ? 'too-fast' : null
}
