/**
 * Starting a send. The readers are taken when the send starts, in one transaction that moves the
 * letter to "sending" and writes one delivery row per mailable reader with one set-based
 * INSERT … SELECT: the list never passes through this process's memory, whatever its length,
 * and a reader who signs up a second later is not in it. The delivery row's id is
 * "<letter>:<subscriber>", so no reader can get two rows of one letter. The outbox then mails
 * the rows (./delivery-queue.ts). The same transaction raises the content version: the letter's
 * public copy and the archive list are pages of the site, which every process then renders
 * (ADR 024).
 */
import { sql, type Kysely } from 'kysely'
import { raiseContentVersion } from '#server/db/content-version.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'
import { MAILABLE_STATUSES } from './repository.ts'

type Db = Kysely<DatabaseSchema>

/** How many readers a send starting now would take (the confirmation dialog names it). */
export async function countReaders(db: Db): Promise<number> {
  const row = await db
    .selectFrom('newsletter_subscriber')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', 'in', [...MAILABLE_STATUSES])
    .where('bounced_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export type StartOutcome =
  { started: true; recipients: number } | { started: false; reason: 'missing' | 'already-sent' }

/**
 * Starts sending a draft or scheduled letter now. Two starts of one letter (two clicks, two
 * processes finding it due) cannot both happen: only the one whose UPDATE moved it to "sending"
 * writes the rows, in the same transaction.
 */
export function startSending(
  db: Db,
  letterId: string,
  by: {
    staffId: string | null
    now: Date
    onlyIfDue?: boolean
    /** No copy goes before this time (a page it links to must be live on every process). */
    notBefore?: Date
  },
): Promise<StartOutcome> {
  const now = by.now.toISOString()
  const firstAttempt = by.notBefore && by.notBefore > by.now ? by.notBefore.toISOString() : now
  return db.transaction().execute(async (trx) => {
    let claim = trx
      .updateTable('newsletter_letter')
      .set({
        status: 'sending',
        started_at: now,
        updated_at: now,
        ...(by.staffId ? { sent_by: by.staffId } : {}),
      })
      .where('id', '=', letterId)
    claim = by.onlyIfDue
      ? claim.where('status', '=', 'scheduled').where('send_at', '<=', now)
      : claim.where('status', 'in', ['draft', 'scheduled'])
    const claimed = await claim.executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) {
      const exists = await trx
        .selectFrom('newsletter_letter')
        .select('id')
        .where('id', '=', letterId)
        .executeTakeFirst()
      return { started: false, reason: exists ? 'already-sent' : 'missing' }
    }
    const inserted = await trx
      .insertInto('newsletter_delivery')
      .columns(['id', 'letter_id', 'subscriber_id', 'status', 'attempts', 'next_attempt_at'])
      .expression((eb) =>
        eb
          .selectFrom('newsletter_subscriber')
          .select([
            sql<string>`${letterId} || ':' || id`.as('id'),
            sql<string>`${letterId}`.as('letter_id'),
            'id as subscriber_id',
            sql<string>`'pending'`.as('status'),
            sql<number>`0`.as('attempts'),
            sql<string>`${firstAttempt}`.as('next_attempt_at'),
          ])
          .where('status', 'in', [...MAILABLE_STATUSES])
          .where('bounced_at', 'is', null),
      )
      .executeTakeFirst()
    const recipients = Number(inserted.numInsertedOrUpdatedRows ?? 0)
    await trx
      .updateTable('newsletter_letter')
      .set({
        recipients,
        // A letter to nobody is sent at once.
        ...(recipients === 0 ? { status: 'sent' as const, finished_at: now } : {}),
      })
      .where('id', '=', letterId)
      .execute()
    await raiseContentVersion(trx, now)
    return { started: true, recipients }
  })
}

/** Starts every scheduled letter whose time has come; returns how many it started. */
export async function startDueLetters(db: Db, now: Date): Promise<number> {
  const due = await db
    .selectFrom('newsletter_letter')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('send_at', '<=', now.toISOString())
    .execute()
  let started = 0
  for (const { id } of due) {
    const outcome = await startSending(db, id, { staffId: null, now, onlyIfDue: true })
    if (outcome.started) started++
  }
  return started
}
