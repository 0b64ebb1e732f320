/**
 * The newsletter's HTTP side.
 *
 * Under /api (newsletterRoutes): POST /api/newsletter/subscribe/ records a sign-up (idempotent
 * per address) and answers 201 once it is committed; with mail configured (SMTP_URL) it is a
 * double opt-in whose confirmation mail links to the site's /newsletter/confirm page.
 * GET /api/newsletter/confirm, the link of older mails, only forwards there: a GET never
 * confirms, because mail scanners open every link in a mail.
 *
 * On the site (newsletterPageRoutes): the POSTs of the confirm and unsubscribe pages' buttons,
 * answered with a 303 to the page that shows the result, and the RFC 8058 one-click unsubscribe
 * that mail providers POST to the List-Unsubscribe link.
 * See docs/forms-and-mail.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { NewsletterSignup } from '#common/contact-schemas.ts'
import { answerWithin, type Database } from '#server/db/index.ts'
import type { Housekeeping } from '#server/db/housekeeping.ts'
import type { Env } from '#server/env.ts'
import { sendApiError } from '#server/http/api-error.ts'
import { acceptFormPosts, isSameSite } from '#server/http/form-post.ts'
import {
  FORM_DATABASE_BUDGET_MS,
  formRateLimiter,
  registerFormRoute,
  spamReason,
} from '#server/http/form-route.ts'
import type { MailOutbox } from '#server/mail/outbox.ts'
import { CONFIRM_PAGE, UNSUBSCRIBE_PAGE } from './confirmation.ts'
import {
  confirmationQueue,
  confirmSubscription,
  deleteExpiredSubscribers,
  subscribe,
  unsubscribe,
} from './repository.ts'

export interface NewsletterRoutesOptions {
  env: Env
  database: Database
  outbox: MailOutbox
  housekeeping: Housekeeping
}

/** The pages (prerendered by the site) that show each outcome. */
export const NEWSLETTER_PAGES = {
  confirmed: '/newsletter/confirmed',
  'already-confirmed': '/newsletter/already-confirmed',
  expired: '/newsletter/expired',
  invalid: '/newsletter/invalid-link',
  unsubscribed: '/newsletter/unsubscribed',
  checkYourInbox: '/newsletter/check-your-inbox',
  subscribed: '/newsletter/subscribed',
  notSent: '/newsletter/not-sent',
} as const

export async function newsletterRoutes(
  app: FastifyInstance,
  { env, database, outbox, housekeeping }: NewsletterRoutesOptions,
) {
  const doubleOptIn = outbox.enabled
  if (doubleOptIn) outbox.addQueue(confirmationQueue(database.db, env))
  housekeeping.add('newsletter', (now) =>
    deleteExpiredSubscribers(database.db, {
      now,
      spamDays: env.SPAM_RETENTION_DAYS,
      confirmTtlHours: env.NEWSLETTER_CONFIRM_TTL_HOURS,
    }),
  )

  registerFormRoute(app, {
    path: '/newsletter/subscribe',
    schema: NewsletterSignup,
    limiter: formRateLimiter('newsletter', app, env, database),
    siteUrl: env.PUBLIC_SITE_URL,
    pages: {
      sent: doubleOptIn ? NEWSLETTER_PAGES.checkYourInbox : NEWSLETTER_PAGES.subscribed,
      notSent: NEWSLETTER_PAGES.notSent,
    },
    async accept(input, receivedAt, via) {
      // A sign-up sent fast is not held against it (people autofill): with mail, the
      // confirmation link is the check; without, it is an address on a list nobody is mailed from.
      const spam = spamReason(input, env.FORM_MIN_FILL_MS, via)
      const queued = await subscribe(database.db, input, {
        receivedAt,
        spamReason: spam,
        doubleOptIn,
        source: `newsletter form${via === 'form' ? ' without JavaScript' : ''} (${doubleOptIn ? 'double' : 'single'} opt-in)`,
      })
      if (queued) outbox.wake()
      // The same answer whether the address is new, pending, confirmed or taken for spam, so the
      // endpoint cannot be used to find out who subscribed.
      return { ok: true, confirmByEmail: doubleOptIn }
    },
  })

  // Links in mails sent before confirmation moved to a page: forward, never confirm.
  const forward = async (
    request: FastifyRequest<{ Querystring: { token?: unknown } }>,
    reply: FastifyReply,
  ) => {
    const token = typeof request.query.token === 'string' ? request.query.token : ''
    return noStore(reply).redirect(`${CONFIRM_PAGE}?token=${encodeURIComponent(token)}`, 303)
  }
  app.get('/newsletter/confirm', forward)
  app.get('/newsletter/confirm/', forward)
}

type TokenRequest = FastifyRequest<{ Querystring: { token?: unknown }; Body: unknown }>

export async function newsletterPageRoutes(
  app: FastifyInstance,
  { env, database }: Pick<NewsletterRoutesOptions, 'env' | 'database'>,
) {
  acceptFormPosts(app, 4096)
  // RFC 8058 allows the one-click POST as multipart/form-data too; only its one field matters.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      const oneClick = /name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(
        body as string,
      )
      done(null, oneClick ? { 'List-Unsubscribe': 'One-Click' } : {})
    },
  )

  const refuseCrossSite = (request: FastifyRequest, reply: FastifyReply) => {
    request.log.info('cross-site form post refused')
    return sendApiError(reply, 403, 'This button only works on the DocuCommons website.')
  }

  const confirm = async (request: TokenRequest, reply: FastifyReply) => {
    if (!isSameSite(request, env.PUBLIC_SITE_URL)) return refuseCrossSite(request, reply)
    const state = await answerWithin(
      confirmSubscription(database.db, request.query.token, new Date()),
      FORM_DATABASE_BUDGET_MS,
    )
    request.log.info({ state }, 'newsletter confirmation')
    return noStore(reply).redirect(NEWSLETTER_PAGES[state], 303)
  }

  const leave = async (request: TokenRequest, reply: FastifyReply) => {
    const body = request.body as Record<string, unknown> | undefined
    const oneClick = body?.['List-Unsubscribe'] === 'One-Click'
    // The one-click POST comes from the mail provider's servers, not from this site's page.
    if (!oneClick && !isSameSite(request, env.PUBLIC_SITE_URL))
      return refuseCrossSite(request, reply)
    const state = await answerWithin(
      unsubscribe(database.db, request.query.token, new Date()),
      FORM_DATABASE_BUDGET_MS,
    )
    request.log.info({ state, oneClick }, 'newsletter unsubscribe')
    noStore(reply)
    if (oneClick) {
      return state === 'unsubscribed'
        ? reply.code(200).send({ ok: true })
        : sendApiError(reply, 404, 'This unsubscribe link is not valid. Nothing was changed.')
    }
    return reply.redirect(
      NEWSLETTER_PAGES[state === 'unsubscribed' ? 'unsubscribed' : 'invalid'],
      303,
    )
  }

  for (const url of [CONFIRM_PAGE, `${CONFIRM_PAGE}/`]) app.post(url, confirm)
  for (const url of [UNSUBSCRIBE_PAGE, `${UNSUBSCRIBE_PAGE}/`]) app.post(url, leave)
}

function noStore(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
}
