/**
 * The outbox queue of letters (server/mail/outbox.ts): one delivery row per reader and letter
 * (./sending.ts wrote them), each sent on its own with the reader's own unsubscribe link.
 *
 * - Only readers: a row is claimed only while its subscriber is still mailable (confirmed or
 *   subscribed, never bounced); a row whose reader left (unsubscribed, erased: the row is gone
 *   with the subscriber) is skipped, so nothing more reaches them once they leave.
 * - Each reader once: the claim is the outbox's conditional UPDATE with a lease; a process killed
 *   mid-send leaves the row due again when its lease runs out, and any process sends it then.
 * - The throttle: every claim also takes a slot of the per-minute window in rate_limit_window
 *   (key "newsletter-send"), in the same transaction, so all processes together send at most
 *   NEWSLETTER_PER_MINUTE a minute; with the window full, due() finds nothing until it turns.
 * - A permanent refusal (5xx) marks the address bounced: it is never mailed again.
 * - The unsubscribe token of a copy is made at its first claim and kept on the row until it is
 *   sent (a retry repeats the same link and Message-ID); only its hash stays, for good.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import type { DatabaseSchema, NewsletterDeliveryTable } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import type { ClaimedMail, MailQueue } from '#server/mail/outbox.ts'
import { senderDomain } from '#server/mail/transport.ts'
import { hashToken, newToken } from '#server/http/tokens.ts'
import { listUnsubscribeHeaders, unsubscribeUrl } from './confirmation.ts'
import { finishIfDone, findLetter, type LetterRow } from './letters.ts'
import { personalise, type RenderedLetter } from './letter-copy.ts'
import { MAILABLE_STATUSES } from './repository.ts'
import { startDueLetters } from './sending.ts'

type Db = Kysely<DatabaseSchema>
type DeliveryRow = Selectable<NewsletterDeliveryTable>

export const THROTTLE_KEY = 'newsletter-send'
const WINDOW_MS = 60_000

export interface DeliveryQueueOptions {
  env: Pick<Env, 'PUBLIC_SITE_URL' | 'MAIL_FROM' | 'NEWSLETTER_PER_MINUTE'>
  /** Renders a letter (cached by the caller: every copy of a letter shares one rendering). */
  render(letter: LetterRow): Promise<RenderedLetter>
  log?: { info(object: object, message: string): void }
}

/** The List-Id of the newsletter (RFC 2919): a name and an id under the sender's domain. */
export function listId(env: Pick<Env, 'MAIL_FROM'>): string {
  return `DocuCommons newsletter <newsletter.${senderDomain(env)}>`
}

/** Whether the window has room: a read, so due() does not hand out rows no claim may take. */
async function windowHasRoom(db: Db, limit: number, at: number): Promise<boolean> {
  const row = await db
    .selectFrom('rate_limit_window')
    .select(['count', 'reset_at'])
    .where('key', '=', THROTTLE_KEY)
    .executeTakeFirst()
  return !row || Number(row.reset_at) <= at || Number(row.count) < limit
}

/** Takes one slot of the window (a new window when the last has ended); false when it is full. */
export async function takeSlot(db: Db, limit: number, at: number): Promise<boolean> {
  const resetAt = at + WINDOW_MS
  const row = await db
    .insertInto('rate_limit_window')
    .values({ key: THROTTLE_KEY, count: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({
          count: sql`case when rate_limit_window.reset_at <= ${at} then 1 else rate_limit_window.count + 1 end`,
          reset_at: sql`case when rate_limit_window.reset_at <= ${at} then ${resetAt} else rate_limit_window.reset_at end`,
        })
        .where((eb) =>
          eb.or([
            eb('rate_limit_window.reset_at', '<=', at),
            eb('rate_limit_window.count', '<', limit),
          ]),
        ),
    )
    .returning('count')
    .executeTakeFirst()
  return row !== undefined
}

const mailable = (db: Db) =>
  db
    .selectFrom('newsletter_subscriber as s')
    .select('s.id')
    .where('s.id', '=', sql<string>`newsletter_delivery.subscriber_id`)
    .where('s.status', 'in', [...MAILABLE_STATUSES])
    .where('s.bounced_at', 'is', null)

/**
 * A copy whose reader left before it went (unsubscribed, bounced): skipped, never sent. Asked of
 * one row when its claim found the reader gone, so no pass scans the whole send.
 */
async function skipIfLeft(db: Db, id: string, now: Date): Promise<string | undefined> {
  const skipped = await db
    .updateTable('newsletter_delivery')
    .set({ status: 'skipped', next_attempt_at: null, unsubscribe_token: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .where((eb) => eb.not(eb.exists(mailable(db))))
    .returning('letter_id')
    .executeTakeFirst()
  return skipped?.letter_id
}

export function deliveryQueue(
  db: Db,
  options: DeliveryQueueOptions,
): MailQueue & {
  /** Marks the address of a copy bounced (a 5xx refusal): the outbox calls it instead of retrying. */
  refused(id: string, error: string): Promise<void>
} {
  const { env } = options
  const limit = env.NEWSLETTER_PER_MINUTE

  async function settle(id: string, set: Record<string, unknown>) {
    const row = await db
      .updateTable('newsletter_delivery')
      .set({ next_attempt_at: null, unsubscribe_token: null, ...set })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning('letter_id')
      .executeTakeFirst()
    if (row) await finishIfDone(db, row.letter_id, new Date())
  }

  return {
    name: 'newsletter-letters',
    async due(now, max) {
      await startDueLetters(db, now)
      if (!(await windowHasRoom(db, limit, now.getTime()))) return []
      const rows = await db
        .selectFrom('newsletter_delivery')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(max)
        .execute()
      return rows.map((row) => row.id)
    },

    async claim(id, now, leaseUntil): Promise<ClaimedMail | undefined> {
      const claimed = await claimCopy(db, limit, id, now, leaseUntil)
      if (!claimed) {
        const letterId = await skipIfLeft(db, id, now)
        if (letterId) await finishIfDone(db, letterId, now)
        return undefined
      }
      return { mail: await compose(db, options, claimed), attempts: Number(claimed.attempts) }
    },

    async renew(id, leaseUntil, newLeaseUntil) {
      const result = await db
        .updateTable('newsletter_delivery')
        .set({ next_attempt_at: newLeaseUntil.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', leaseUntil.toISOString())
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
    async sent(id, at) {
      await settle(id, { status: 'sent', sent_at: at.toISOString(), last_error: null })
    },
    async retryLater(id, error, nextAttemptAt) {
      await db
        .updateTable('newsletter_delivery')
        .set({ last_error: error, next_attempt_at: nextAttemptAt.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute()
    },
    async giveUp(id, error) {
      await settle(id, { status: 'failed', last_error: error })
    },
    async refused(id, error) {
      const now = new Date().toISOString()
      const row = await db
        .selectFrom('newsletter_delivery')
        .select('subscriber_id')
        .where('id', '=', id)
        .executeTakeFirst()
      if (row)
        await db
          .updateTable('newsletter_subscriber')
          .set({ bounced_at: now, bounce_reason: error, updated_at: now })
          .where('id', '=', row.subscriber_id)
          .where('bounced_at', 'is', null)
          .execute()
      await settle(id, { status: 'bounced', last_error: error })
    },
  }
}

/**
 * Claims one pending copy for a sender until `leaseUntil`, in one transaction with a slot of this
 * minute's sending window and the copy's unsubscribe token; undefined if it is not due, its
 * subscriber left, or the window is full.
 */
async function claimCopy(db: Db, limit: number, id: string, now: Date, leaseUntil: Date) {
  const token = newToken()
  return db
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .updateTable('newsletter_delivery')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          next_attempt_at: leaseUntil.toISOString(),
          unsubscribe_token: eb.fn.coalesce('unsubscribe_token', sql.val(token)),
        }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .where((eb) => eb.exists(mailable(trx)))
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) return undefined
      // No slot this minute: the claim is undone with the transaction.
      if (!(await takeSlot(trx, limit, now.getTime()))) throw new WindowFull()
      const row = await trx
        .selectFrom('newsletter_delivery as delivery')
        .innerJoin('newsletter_subscriber as subscriber', 'subscriber.id', 'delivery.subscriber_id')
        .selectAll('delivery')
        .select('subscriber.email')
        .where('delivery.id', '=', id)
        .executeTakeFirstOrThrow()
      if (row.unsubscribe_token === token)
        await trx
          .insertInto('newsletter_unsubscribe_token')
          .values({
            token_hash: hashToken(token),
            subscriber_id: row.subscriber_id,
            created_at: now.toISOString(),
          })
          .execute()
      return row
    })
    .catch((error: unknown) => {
      if (error instanceof WindowFull) return undefined
      throw error
    })
}

/** The copy of a letter for one subscriber, with their unsubscribe link. */
async function compose(
  db: Db,
  options: DeliveryQueueOptions,
  row: DeliveryRow & { email: string },
) {
  const { env } = options
  const letter = await findLetter(db, row.letter_id)
  if (!letter || !row.unsubscribe_token) throw new Error('a claimed copy has no letter or token')
  const rendered = await options.render(letter)
  const copy = personalise(rendered, {
    email: row.email,
    unsubscribeUrl: unsubscribeUrl(env, row.unsubscribe_token),
  })
  return {
    to: row.email,
    subject: rendered.subject,
    text: copy.text,
    html: copy.html,
    // One Message-ID per copy: a retry repeats it, so a client can tell a repeat.
    messageId: `<letter-${row.id.replace(':', '.')}@${senderDomain(env)}>`,
    headers: {
      ...listUnsubscribeHeaders(env, row.unsubscribe_token),
      'List-Id': listId(env),
      Precedence: 'bulk',
    },
  }
}

class WindowFull extends Error {}
