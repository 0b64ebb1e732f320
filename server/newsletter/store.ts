/** Newsletter subscribers in the database: sign-up, confirmation, export and the mail queue. */
import type { Kysely, Selectable } from 'kysely'
import type { NewsletterConfirmState, NewsletterSignup } from '#common/contact.ts'
import { afterCursor, keysetPages } from '#server/db/keyset.ts'
import type { DatabaseSchema, NewsletterSubscriberTable } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import type { SpamReason } from '#server/http/form-route.ts'
import type { MailQueue } from '#server/mail/outbox.ts'
import { rowQueue } from '#server/mail/row-queue.ts'
import { newRowId } from '#server/db/ids.ts'
import { confirmationMail, hashToken, isTokenShaped, newConfirmationToken } from './confirmation.ts'

type Db = Kysely<DatabaseSchema>
export type StoredSubscriber = Selectable<NewsletterSubscriberTable>

/** A second sign-up for a pending address mails a new link only if the last one is this old. */
export const RESEND_AFTER_MS = 10 * 60_000

/**
 * Records a sign-up; idempotent per address, whatever its case. Returns true when a
 * confirmation mail was queued. A confirmed address stays as it is, and spam never changes a
 * real person's row.
 */
export async function subscribe(
  db: Db,
  input: NewsletterSignup,
  options: { receivedAt: Date; spamReason: SpamReason | null; doubleOptIn: boolean },
): Promise<boolean> {
  const now = options.receivedAt.toISOString()
  const key = input.email.toLowerCase()
  const spam = options.spamReason !== null
  const queue = !spam && options.doubleOptIn
  const inserted = await db
    .insertInto('newsletter_subscriber')
    .values({
      id: newRowId(),
      email: input.email,
      email_key: key,
      status: spam ? 'spam' : options.doubleOptIn ? 'pending' : 'subscribed',
      spam_reason: options.spamReason,
      created_at: now,
      updated_at: now,
      confirmed_at: null,
      token_hash: null,
      token_expires_at: null,
      mail_status: queue ? 'pending' : 'none',
      next_attempt_at: queue ? now : null,
      last_error: null,
      mail_sent_at: null,
    })
    .onConflict((oc) => oc.column('email_key').doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return queue

  const existing = await db
    .selectFrom('newsletter_subscriber')
    .selectAll()
    .where('email_key', '=', key)
    .executeTakeFirst()
  if (!existing || spam || existing.status === 'confirmed') return false

  if (!options.doubleOptIn) {
    if (existing.status === 'subscribed') return false
    await db
      .updateTable('newsletter_subscriber')
      .set({ status: 'subscribed', spam_reason: null, updated_at: now })
      .where('id', '=', existing.id)
      .where('status', '!=', 'confirmed')
      .execute()
    return false
  }

  const lastMailAt = existing.mail_sent_at ? Date.parse(existing.mail_sent_at) : undefined
  const mailAgain =
    existing.mail_status === 'failed' ||
    (existing.mail_status !== 'pending' &&
      (lastMailAt === undefined || options.receivedAt.getTime() - lastMailAt >= RESEND_AFTER_MS))
  if (existing.status === 'pending' && !mailAgain) return false
  await db
    .updateTable('newsletter_subscriber')
    .set({
      status: 'pending',
      spam_reason: null,
      updated_at: now,
      ...(mailAgain
        ? { mail_status: 'pending', mail_attempts: 0, next_attempt_at: now, last_error: null }
        : {}),
    })
    .where('id', '=', existing.id)
    .where('status', '!=', 'confirmed')
    .execute()
  return mailAgain
}

/**
 * Uses a confirmation token. A token works once: using it again answers "already-confirmed"
 * without changing anything, and only the newest mailed token of an address is valid.
 */
export async function confirmSubscription(
  db: Db,
  token: unknown,
  now: Date,
): Promise<NewsletterConfirmState> {
  if (!isTokenShaped(token)) return 'invalid'
  const hash = hashToken(token)
  const row = await db
    .selectFrom('newsletter_subscriber')
    .selectAll()
    .where('token_hash', '=', hash)
    .executeTakeFirst()
  if (!row) return 'invalid'
  if (row.status === 'confirmed') return 'already-confirmed'
  if (row.status !== 'pending') return 'invalid'
  if (!row.token_expires_at || row.token_expires_at <= now.toISOString()) return 'expired'
  const result = await db
    .updateTable('newsletter_subscriber')
    .set({
      status: 'confirmed',
      confirmed_at: now.toISOString(),
      updated_at: now.toISOString(),
      // A resend still waiting in the outbox is no longer needed.
      ...(row.mail_status === 'pending'
        ? { mail_status: 'none' as const, next_attempt_at: null }
        : {}),
    })
    .where('id', '=', row.id)
    .where('token_hash', '=', hash)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1 ? 'confirmed' : 'already-confirmed'
}

/** Every subscriber, oldest first, read in pages. */
export async function* listSubscribers(
  db: Db,
  options: { since?: string | undefined; includeSpam?: boolean; pageSize?: number } = {},
): AsyncGenerator<StoredSubscriber> {
  yield* keysetPages((after, limit) => {
    let query = db.selectFrom('newsletter_subscriber').selectAll()
    if (options.since) query = query.where('created_at', '>=', options.since)
    if (!options.includeSpam) query = query.where('status', '!=', 'spam')
    if (after) query = query.where(afterCursor(after))
    return query.orderBy('created_at').orderBy('id').limit(limit).execute()
  }, options.pageSize)
}

/**
 * The outbox queue of confirmation mails. The token is made when the mail is sent, so the stored
 * hash always belongs to the newest mail and its lifetime starts when it leaves.
 */
export function confirmationQueue(
  db: Db,
  env: Pick<Env, 'PUBLIC_SITE_URL' | 'MAIL_FROM' | 'NEWSLETTER_CONFIRM_TTL_HOURS'>,
): MailQueue {
  return rowQueue<StoredSubscriber, { token: string; expiresAt: Date }>(db, {
    name: 'newsletter-confirmation',
    table: 'newsletter_subscriber',
    columns: { status: 'mail_status', attempts: 'mail_attempts', sentAt: 'mail_sent_at' },
    extraWhere: { status: 'pending' },
    onClaim(now) {
      const { token, hash } = newConfirmationToken()
      const expiresAt = new Date(now.getTime() + env.NEWSLETTER_CONFIRM_TTL_HOURS * 3_600_000)
      return {
        set: { token_hash: hash, token_expires_at: expiresAt.toISOString() },
        context: { token, expiresAt },
      }
    },
    compose: (row, claim) => confirmationMail(row, claim!.token, claim!.expiresAt, env),
  })
}
