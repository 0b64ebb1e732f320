/** Contact messages in the database: storing, exporting, and the notification outbox queue. */
import type { Kysely, Selectable } from 'kysely'
import { afterCursor, keysetPages } from '../db/keyset.ts'
import type { ContactMessageTable, DatabaseSchema } from '../db/schema.ts'
import type { Env } from '../env.ts'
import type { SpamReason } from './form-route.ts'
import { notificationMail } from './notification.ts'
import type { MailQueue } from './outbox.ts'
import { timeOrderedId } from './time-ordered-id.ts'

type Db = Kysely<DatabaseSchema>

/** A validated submission (ContactSubmission), or any message with these fields. */
export interface MessageInput {
  name: string
  email: string
  website?: string | undefined
  message?: string | undefined
  submissionId?: string | undefined
}

/**
 * Inserts the message in its own transaction (autocommit); when this resolves, the row is
 * committed. A submission id seen before is not stored again: the browser resends from its
 * outbox when it never got our answer.
 */
export async function storeMessage(
  db: Db,
  input: MessageInput,
  options: { receivedAt: Date; spamReason: SpamReason | null; notify: boolean },
): Promise<void> {
  const at = options.receivedAt.toISOString()
  await db
    .insertInto('contact_message')
    .values({
      id: timeOrderedId(options.receivedAt.getTime()),
      submission_id: input.submissionId ?? null,
      created_at: at,
      name: input.name,
      email: input.email,
      website: input.website ?? null,
      message: input.message ?? null,
      spam_reason: options.spamReason,
      delivery_status: options.notify ? 'pending' : 'none',
      next_attempt_at: options.notify ? at : null,
      last_error: null,
      delivered_at: null,
    })
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .execute()
}

export type StoredMessage = Selectable<ContactMessageTable>

/** Every stored message, oldest first, read in pages so any number of rows fits in memory. */
export async function* listMessages(
  db: Db,
  options: { since?: string | undefined; includeSpam?: boolean; pageSize?: number } = {},
): AsyncGenerator<StoredMessage> {
  yield* keysetPages((after, limit) => {
    let query = db.selectFrom('contact_message').selectAll()
    if (options.since) query = query.where('created_at', '>=', options.since)
    if (!options.includeSpam) query = query.where('spam_reason', 'is', null)
    if (after) query = query.where(afterCursor(after))
    return query.orderBy('created_at').orderBy('id').limit(limit).execute()
  }, options.pageSize)
}

/** The outbox queue of notification mails: the delivery columns of contact_message. */
export function contactNotificationQueue(
  db: Db,
  env: Pick<Env, 'CONTACT_NOTIFY_TO' | 'MAIL_FROM'>,
): MailQueue {
  return {
    name: 'contact-notification',
    async due(now, limit) {
      const rows = await db
        .selectFrom('contact_message')
        .select('id')
        .where('delivery_status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute()
      return rows.map((row) => row.id)
    },
    async claim(id, now, leaseUntil) {
      const result = await db
        .updateTable('contact_message')
        .set((eb) => ({
          delivery_attempts: eb('delivery_attempts', '+', 1),
          next_attempt_at: leaseUntil.toISOString(),
        }))
        .where('id', '=', id)
        .where('delivery_status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) return undefined
      const row = await db
        .selectFrom('contact_message')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      return { mail: notificationMail(row, env), attempts: row.delivery_attempts }
    },
    async sent(id, at) {
      await db
        .updateTable('contact_message')
        .set({
          delivery_status: 'sent',
          delivered_at: at.toISOString(),
          next_attempt_at: null,
          last_error: null,
        })
        .where('id', '=', id)
        .execute()
    },
    async retryLater(id, error, nextAttemptAt) {
      await db
        .updateTable('contact_message')
        .set({ last_error: error, next_attempt_at: nextAttemptAt.toISOString() })
        .where('id', '=', id)
        .execute()
    },
    async giveUp(id, error) {
      await db
        .updateTable('contact_message')
        .set({ delivery_status: 'failed', last_error: error, next_attempt_at: null })
        .where('id', '=', id)
        .execute()
    },
  }
}
