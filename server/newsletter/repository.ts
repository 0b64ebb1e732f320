/**
 * Newsletter subscribers in the database: sign-up, confirmation, unsubscribe, export, the back
 * office's list, erasure, retention and the confirmation mail queue.
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely'
import type { NewsletterConfirmState, NewsletterSignup } from '#common/contact-schemas.ts'
import { afterCursor, beforeCursor, keysetPages, type KeysetCursor } from '#server/db/keyset.ts'
import type { DatabaseSchema, NewsletterSubscriberTable } from '#server/db/schema.ts'
import { containing } from '#server/db/search.ts'
import type { Env } from '#server/env.ts'
import type { SpamReason } from '#server/http/form-route.ts'
import type { MailQueue } from '#server/mail/outbox.ts'
import { rowQueue } from '#server/mail/row-queue.ts'
import { newRowId } from '#server/db/ids.ts'
import { hashToken, isTokenShaped, newToken } from '#server/http/tokens.ts'
import { confirmationMail } from './confirmation.ts'

type Db = Kysely<DatabaseSchema>
export type SubscriberRow = Selectable<NewsletterSubscriberTable>
export type SubscriberStatus = NewsletterSubscriberTable['status']

/** The states an operator may send the newsletter to: confirmed, or single opt-in without mail. */
export const MAILABLE_STATUSES: readonly SubscriberStatus[] = ['confirmed', 'subscribed']

/** A second sign-up for a pending address mails a new link only if the last one is this old. */
export const RESEND_AFTER_MS = 10 * 60_000

const DAY_MS = 24 * 3_600_000

/**
 * Fresh tokens for a confirmation mail about to be queued: its confirmation token and its
 * unsubscribe token. Both stay on the row until the mail is sent or given up; then only their
 * hashes remain (token_hash, and a row of newsletter_unsubscribe_token, which queueMail adds).
 */
function queuedConfirmation(now: string) {
  const token = newToken()
  return {
    mail_status: 'pending' as const,
    mail_attempts: 0,
    next_attempt_at: now,
    last_error: null,
    mail_token: token,
    token_hash: hashToken(token),
    // Set when the mail first leaves, so the visitor gets the whole confirmation window.
    token_expires_at: null,
    mail_unsubscribe_token: newToken(),
  }
}

/** Keeps the hash of a queued mail's unsubscribe token: its link works from now on, for good. */
async function rememberUnsubscribeToken(
  db: Db,
  subscriberId: string,
  queued: { mail_unsubscribe_token: string },
  now: string,
) {
  await db
    .insertInto('newsletter_unsubscribe_token')
    .values({
      token_hash: hashToken(queued.mail_unsubscribe_token),
      subscriber_id: subscriberId,
      created_at: now,
    })
    .execute()
}

export interface SignupOptions {
  receivedAt: Date
  spamReason: SpamReason | null
  doubleOptIn: boolean
  /** How consent was given, recorded for the export (e.g. "newsletter form (double opt-in)"). */
  source: string
}

/**
 * Records a sign-up; idempotent per address, whatever its case. Returns true when a
 * confirmation mail was queued. An unsubscribe stands (issue 21): a sign-up never lowers an
 * address's state (confirmed and subscribed stay as they are; only the subscriber's own link
 * takes an address off the list), spam never changes a real person's row, and an address that
 * unsubscribed becomes mailable again only by confirming a new double opt-in: without mail set
 * up it stays unsubscribed; with it, it waits as pending, its unsubscribed_at kept, and goes
 * back to unsubscribed if the link is never used (deleteExpiredSubscribers). The caller answers
 * every sign-up alike, so none of this shows.
 */
export function subscribe(
  db: Db,
  input: NewsletterSignup,
  options: SignupOptions,
): Promise<boolean> {
  // The row, its queued mail and that mail's unsubscribe link commit together.
  return db.transaction().execute((trx) => subscribeIn(trx, input, options))
}

async function subscribeIn(
  db: Db,
  input: NewsletterSignup,
  options: SignupOptions,
): Promise<boolean> {
  const now = options.receivedAt.toISOString()
  const key = input.email.toLowerCase()
  const spam = options.spamReason !== null
  const queue = !spam && options.doubleOptIn
  const consent = { consent_at: now, consent_source: options.source }
  const id = newRowId()
  const queued = queue ? queuedConfirmation(now) : undefined
  const inserted = await db
    .insertInto('newsletter_subscriber')
    .values({
      id,
      email: input.email,
      email_key: key,
      status: spam ? 'spam' : options.doubleOptIn ? 'pending' : 'subscribed',
      spam_reason: options.spamReason,
      created_at: now,
      updated_at: now,
      confirmed_at: null,
      token_hash: null,
      token_expires_at: null,
      mail_status: 'none',
      next_attempt_at: null,
      last_error: null,
      mail_sent_at: null,
      consent_at: spam ? null : now,
      consent_source: spam ? null : options.source,
      unsubscribed_at: null,
      mail_token: null,
      mail_unsubscribe_token: null,
      ...queued,
    })
    .onConflict((oc) => oc.column('email_key').doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
    if (queued) await rememberUnsubscribeToken(db, id, queued, now)
    return queue
  }

  const existing = await db
    .selectFrom('newsletter_subscriber')
    .selectAll()
    .where('email_key', '=', key)
    .executeTakeFirst()
  if (!existing || spam) return false
  const { status } = existing
  if (status === 'confirmed' || status === 'subscribed') return false
  // Unsubscribed, or pending again after an unsubscribe: only a confirmation lifts it.
  const unsubscribed = status === 'unsubscribed' || existing.unsubscribed_at !== null

  // unsubscribed_at is kept: it marks a new sign-up of an address that left, until confirmed.
  const renewed = { spam_reason: null, updated_at: now, confirmed_at: null, ...consent }
  if (!options.doubleOptIn) {
    if (unsubscribed) return false
    await db
      .updateTable('newsletter_subscriber')
      .set({
        ...renewed,
        status: 'subscribed',
        mail_status: 'none',
        next_attempt_at: null,
        mail_token: null,
        mail_unsubscribe_token: null,
        token_hash: null,
      })
      .where('id', '=', existing.id)
      .where('status', '=', status)
      .execute()
    return false
  }

  const lastMailAt = existing.mail_sent_at ? Date.parse(existing.mail_sent_at) : undefined
  const mailAgain =
    status !== 'pending' ||
    existing.mail_status === 'failed' ||
    (existing.mail_status !== 'pending' &&
      (lastMailAt === undefined || options.receivedAt.getTime() - lastMailAt >= RESEND_AFTER_MS))
  if (!mailAgain) return false
  const again = queuedConfirmation(now)
  // Only from the state just read: a confirmation or an unsubscribe in between wins.
  const updated = await db
    .updateTable('newsletter_subscriber')
    .set({ ...renewed, status: 'pending', ...again })
    .where('id', '=', existing.id)
    .where('status', '=', status)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) return false
  await rememberUnsubscribeToken(db, existing.id, again, now)
  return true
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
      unsubscribed_at: null,
      // A retry still waiting in the outbox is no longer needed.
      ...(row.mail_status === 'pending'
        ? {
            mail_status: 'none' as const,
            next_attempt_at: null,
            mail_token: null,
            mail_unsubscribe_token: null,
          }
        : {}),
    })
    .where('id', '=', row.id)
    .where('token_hash', '=', hash)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1 ? 'confirmed' : 'already-confirmed'
}

/**
 * What unsubscribing sets besides the state: a queued confirmation is dropped, and its link (and
 * any earlier one) stops confirming.
 */
const OFF_THE_LIST = {
  mail_status: sql<'none'>`case when mail_status = 'pending' then 'none' else mail_status end`,
  next_attempt_at: null,
  mail_token: null,
  mail_unsubscribe_token: null,
  token_hash: null,
  token_expires_at: null,
} as const

/**
 * Takes an address off the list for good: whatever its state, it is never mailed again (a
 * queued confirmation is dropped and its link stops working). Using the token again is harmless.
 * The token is looked up by its hash: the plain token is never stored once its mail is out.
 */
export async function unsubscribe(
  db: Db,
  token: unknown,
  now: Date,
): Promise<'unsubscribed' | 'invalid'> {
  if (!isTokenShaped(token)) return 'invalid'
  const row = await db
    .selectFrom('newsletter_unsubscribe_token as token')
    .innerJoin('newsletter_subscriber as subscriber', 'subscriber.id', 'token.subscriber_id')
    .select(['subscriber.id', 'subscriber.status'])
    .where('token.token_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!row || row.status === 'spam') return 'invalid'
  if (row.status !== 'unsubscribed') await markUnsubscribed(db, row.id, now)
  return 'unsubscribed'
}

/**
 * Unsubscribes an address on the person's request, from the back office; 'spam' and 'missing'
 * say why nothing changed.
 */
export async function unsubscribeById(
  db: Db,
  id: string,
  now: Date,
): Promise<'unsubscribed' | 'already' | 'spam' | 'missing'> {
  const row = await db
    .selectFrom('newsletter_subscriber')
    .select(['id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return 'missing'
  if (row.status === 'spam') return 'spam'
  if (row.status === 'unsubscribed') return 'already'
  await markUnsubscribed(db, row.id, now)
  return 'unsubscribed'
}

async function markUnsubscribed(db: Db, id: string, now: Date) {
  await db
    .updateTable('newsletter_subscriber')
    .set({
      status: 'unsubscribed',
      unsubscribed_at: now.toISOString(),
      updated_at: now.toISOString(),
      ...OFF_THE_LIST,
    })
    .where('id', '=', id)
    .where('status', '!=', 'unsubscribed')
    .execute()
}

/**
 * Subscribers oldest first, read in pages: by default only those who may be mailed;
 * `includeSpam` adds spam, `all` every state (pending, unsubscribed and spam too).
 */
export async function* listSubscribers(
  db: Db,
  options: {
    since?: string | undefined
    all?: boolean | undefined
    includeSpam?: boolean | undefined
    pageSize?: number
  } = {},
): AsyncGenerator<SubscriberRow> {
  const statuses: SubscriberStatus[] = [...MAILABLE_STATUSES]
  if (options.includeSpam) statuses.push('spam')
  yield* keysetPages((after, limit) => {
    let query = db.selectFrom('newsletter_subscriber').selectAll()
    if (options.since) query = query.where('created_at', '>=', options.since)
    if (!options.all) query = query.where('status', 'in', statuses)
    if (after) query = query.where(afterCursor(after))
    return query.orderBy('created_at').orderBy('id').limit(limit).execute()
  }, options.pageSize)
}

/** The subscription of an address, whatever its case (at most one row). */
export async function subscriptionOf(
  db: Db,
  email: string,
): Promise<Pick<SubscriberRow, 'email' | 'status' | 'created_at'>[]> {
  return db
    .selectFrom('newsletter_subscriber')
    .select(['email', 'status', 'created_at'])
    .where('email_key', '=', email.trim().toLowerCase())
    .execute()
}

/** Deletes the subscription of an address, whatever its case, with its queued mail. */
export async function forgetSubscriber(
  db: Db,
  email: string,
): Promise<Pick<SubscriberRow, 'email' | 'status' | 'created_at'>[]> {
  return db
    .deleteFrom('newsletter_subscriber')
    .where('email_key', '=', email.trim().toLowerCase())
    .returning(['email', 'status', 'created_at'])
    .execute()
}

// ── The back office's list ────────────────────────────────────────────────────────────────

/** A status, the mailable ones (MAILABLE_STATUSES) or every state. */
export type SubscriberView = SubscriberStatus | 'mailable' | 'all'

export async function subscriberPage(
  db: Db,
  query: {
    view: SubscriberView
    search?: string | undefined
    before?: KeysetCursor | undefined
    limit: number
  },
): Promise<SubscriberRow[]> {
  let select = db.selectFrom('newsletter_subscriber').selectAll()
  if (query.view === 'mailable') select = select.where('status', 'in', [...MAILABLE_STATUSES])
  else if (query.view !== 'all') select = select.where('status', '=', query.view)
  if (query.search) select = select.where(containing(['email_key'], query.search))
  if (query.before) select = select.where(beforeCursor(query.before))
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute()
}

export async function findSubscriber(db: Db, id: string): Promise<SubscriberRow | undefined> {
  return db.selectFrom('newsletter_subscriber').selectAll().where('id', '=', id).executeTakeFirst()
}

/** How many addresses are in each state. */
export async function countSubscribers(db: Db): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .selectFrom('newsletter_subscriber')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute()
  const counts: Record<SubscriberStatus, number> = {
    confirmed: 0,
    subscribed: 0,
    pending: 0,
    unsubscribed: 0,
    spam: 0,
  }
  for (const row of rows) counts[row.status] = Number(row.count)
  return counts
}

/**
 * Retention: spam sign-ups after spamDays, and sign-ups never confirmed a day after their
 * confirmation window ended (or, when no mail ever left, a day after it would have). An address
 * that had unsubscribed before that sign-up is not deleted but unsubscribed again: its
 * unsubscribe stands.
 */
export async function deleteExpiredSubscribers(
  db: Db,
  options: { now: Date; spamDays: number; confirmTtlHours: number },
): Promise<{ spam: number; unconfirmed: number; unsubscribedAgain: number }> {
  const at = options.now.getTime()
  const spam = await db
    .deleteFrom('newsletter_subscriber')
    .where('status', '=', 'spam')
    .where('updated_at', '<', new Date(at - options.spamDays * DAY_MS).toISOString())
    .executeTakeFirst()
  const expiredBefore = new Date(at - DAY_MS).toISOString()
  const signedUpBefore = new Date(at - options.confirmTtlHours * 3_600_000 - DAY_MS).toISOString()
  const expired = (eb: ExpressionBuilder<DatabaseSchema, 'newsletter_subscriber'>) =>
    eb.or([
      eb('token_expires_at', '<', expiredBefore),
      eb.and([eb('token_expires_at', 'is', null), eb('updated_at', '<', signedUpBefore)]),
    ])
  const unsubscribedAgain = await db
    .updateTable('newsletter_subscriber')
    .set({
      status: 'unsubscribed',
      updated_at: options.now.toISOString(),
      ...OFF_THE_LIST,
    })
    .where('status', '=', 'pending')
    .where('unsubscribed_at', 'is not', null)
    .where(expired)
    .executeTakeFirst()
  const unconfirmed = await db
    .deleteFrom('newsletter_subscriber')
    .where('status', '=', 'pending')
    .where('unsubscribed_at', 'is', null)
    .where(expired)
    .executeTakeFirst()
  return {
    spam: Number(spam.numDeletedRows),
    unconfirmed: Number(unconfirmed.numDeletedRows),
    unsubscribedAgain: Number(unsubscribedAgain.numUpdatedRows),
  }
}

/**
 * The outbox queue of confirmation mails. The token is made when the mail is queued and kept
 * until it is sent, so a retry (after a mail server took the mail but the connection dropped)
 * sends the same link and Message-ID; the link's lifetime starts at the first attempt.
 */
export function confirmationQueue(
  db: Db,
  env: Pick<Env, 'PUBLIC_SITE_URL' | 'MAIL_FROM' | 'NEWSLETTER_CONFIRM_TTL_HOURS'>,
): MailQueue {
  return rowQueue<SubscriberRow>(db, {
    name: 'newsletter-confirmation',
    table: 'newsletter_subscriber',
    columns: { status: 'mail_status', attempts: 'mail_attempts', sentAt: 'mail_sent_at' },
    extraWhere: { status: 'pending' },
    onClaim(now) {
      const expiresAt = new Date(now.getTime() + env.NEWSLETTER_CONFIRM_TTL_HOURS * 3_600_000)
      return {
        set: { token_expires_at: sql`coalesce(token_expires_at, ${expiresAt.toISOString()})` },
        context: undefined,
      }
    },
    onSettled: { mail_token: null, mail_unsubscribe_token: null },
    compose(row) {
      if (!row.mail_token || !row.mail_unsubscribe_token || !row.token_expires_at)
        throw new Error('a queued confirmation has no token')
      return confirmationMail(
        row,
        { confirm: row.mail_token, unsubscribe: row.mail_unsubscribe_token },
        new Date(row.token_expires_at),
        env,
      )
    },
  })
}
