/**
 * POST /api/newsletter/subscribe/: records a sign-up (idempotent per address) and answers 201
 * once it is committed. With mail configured (SMTP_URL) it is a double opt-in: a confirmation
 * mail with a single-use, expiring link to GET /api/newsletter/confirm?token=..., which lands the
 * visitor on /?newsletter=<state> where the site shows the outcome. See README.md#contact-messages-and-the-newsletter.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { NEWSLETTER_CONFIRM_PARAM, NewsletterSignup } from '#common/contact.ts'
import type { Database } from '#server/db/index.ts'
import type { Env } from '#server/env.ts'
import { registerFormRoute, spamReason } from '#server/http/form-route.ts'
import type { MailOutbox } from '#server/mail/outbox.ts'
import { createRateLimiter, rateLimitStoreFor } from '#server/http/rate-limit.ts'
import { confirmationQueue, confirmSubscription, subscribe } from './store.ts'

export interface NewsletterRoutesOptions {
  env: Env
  database: Database
  outbox: MailOutbox
}

export async function newsletterRoutes(
  app: FastifyInstance,
  { env, database, outbox }: NewsletterRoutesOptions,
) {
  const doubleOptIn = outbox.enabled
  if (doubleOptIn) outbox.addQueue(confirmationQueue(database.db, env))

  registerFormRoute(app, {
    path: '/newsletter/subscribe',
    schema: NewsletterSignup,
    limiter: createRateLimiter({
      name: 'newsletter',
      store: rateLimitStoreFor(database),
      log: app.log,
      max: env.FORM_RATE_LIMIT_MAX,
      windowMs: env.FORM_RATE_LIMIT_WINDOW_SECONDS * 1000,
    }),
    async accept(input, receivedAt) {
      const spam = spamReason(input, receivedAt, env.FORM_MIN_FILL_MS)
      const queued = await subscribe(database.db, input, {
        receivedAt,
        spamReason: spam,
        doubleOptIn,
      })
      if (queued) outbox.wake()
      // The same answer whether the address is new, pending, confirmed or taken for spam, so the
      // endpoint cannot be used to find out who subscribed.
      return { ok: true, confirmByEmail: doubleOptIn }
    },
  })

  const confirm = async (
    request: FastifyRequest<{ Querystring: { token?: unknown } }>,
    reply: FastifyReply,
  ) => {
    const state = await confirmSubscription(database.db, request.query.token, new Date())
    request.log.info({ state }, 'newsletter confirmation')
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(`/?${NEWSLETTER_CONFIRM_PARAM}=${state}`, 303)
  }
  app.get('/newsletter/confirm', confirm)
  app.get('/newsletter/confirm/', confirm)
}
