/**
 * POST /api/contact/: stores a contact-form message and answers 201 {"ok":true} once it is
 * committed (a plain form post, without JavaScript, gets a 303 to /contact/sent instead). When
 * SMTP_URL and CONTACT_NOTIFY_TO are set, each accepted message that is not spam is queued for a
 * notification mail (server/mail/outbox.ts). See docs/forms-and-mail.md.
 */
import type { FastifyInstance } from 'fastify'
import { ContactSubmission } from '#common/contact-schemas.ts'
import type { Database } from '#server/db/index.ts'
import type { Housekeeping } from '#server/db/housekeeping.ts'
import type { Env } from '#server/env.ts'
import {
  checkReason,
  formRateLimiter,
  registerFormRoute,
  spamReason,
} from '#server/http/form-route.ts'
import type { MailOutbox } from '#server/mail/outbox.ts'
import { contactNotificationQueue, deleteExpiredMessages, saveMessage } from './repository.ts'

export interface ContactRoutesOptions {
  env: Env
  database: Database
  outbox: MailOutbox
  housekeeping: Housekeeping
}

export async function contactRoutes(
  app: FastifyInstance,
  { env, database, outbox, housekeeping }: ContactRoutesOptions,
) {
  const notify = outbox.enabled && env.CONTACT_NOTIFY_TO.length > 0
  if (notify) outbox.addQueue(contactNotificationQueue(database.db, env))
  housekeeping.add('contact', (now) =>
    deleteExpiredMessages(database.db, {
      now,
      spamDays: env.SPAM_RETENTION_DAYS,
      messageDays: env.MESSAGE_RETENTION_DAYS,
    }),
  )

  registerFormRoute(app, {
    path: '/contact',
    schema: ContactSubmission,
    limiter: formRateLimiter('contact', app, env, database),
    siteUrl: env.PUBLIC_SITE_URL,
    pages: { sent: '/contact/sent', notSent: '/contact/not-sent' },
    async accept(input, receivedAt, via) {
      const spam = spamReason(input, env.FORM_MIN_FILL_MS, via)
      // Spam is kept (for review with --include-spam) but never mailed to the organisation. A
      // message sent very fast may be a person with autofill: it is in the inbox, to check.
      await saveMessage(database.db, input, {
        receivedAt,
        spamReason: spam,
        checkReason: spam ? null : checkReason(input, receivedAt, env.FORM_MIN_FILL_MS),
        notify: notify && !spam,
      })
      if (notify && !spam) outbox.wake()
      return { ok: true }
    },
  })
}
