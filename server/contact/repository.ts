/**
 * Contact messages in the database: storing, exporting, erasure, retention and the notification
 * outbox queue.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import { afterCursor, keysetPages } from '#server/db/keyset.ts'
import type { ContactMessageTable, DatabaseSchema } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import type { SpamReason } from '#server/http/form-route.ts'
import { notificationMail } from './notification.ts'
import type { MailQueue } from '#server/mail/outbox.ts'
import { rowQueue } from '#server/mail/row-queue.ts'
import { newRowId } from '#server/db/ids.ts'

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
export async function saveMessage(
  db: Db,
  input: MessageInput,
  options: { receivedAt: Date; spamReason: SpamReason | null; notify: boolean },
): Promise<void> {
  const at = options.receivedAt.toISOString()
  await db
    .insertInto('contact_message')
    .values({
      id: newRowId(),
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

export type MessageRow = Selectable<ContactMessageTable>

/** Every stored message, oldest first, read in pages so any number of rows fits in memory. */
export async function* listMessages(
  db: Db,
  options: { since?: string | undefined; includeSpam?: boolean; pageSize?: number } = {},
): AsyncGenerator<MessageRow> {
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
  return rowQueue<MessageRow>(db, {
    name: 'contact-notification',
    table: 'contact_message',
    columns: { status: 'delivery_status', attempts: 'delivery_attempts', sentAt: 'delivered_at' },
    compose: (row) => notificationMail(row, env),
  })
}

/** Deletes every message sent with this address, whatever its case, with its queued mail. */
export async function forgetMessages(
  db: Db,
  email: string,
): Promise<Pick<MessageRow, 'created_at' | 'spam_reason'>[]> {
  // Stored addresses are ASCII (common/contact-constants.ts), where lower() agrees on both engines.
  return db
    .deleteFrom('contact_message')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .returning(['created_at', 'spam_reason'])
    .execute()
}

const DAY_MS = 24 * 3_600_000

/**
 * Retention: spam after spamDays; every message after messageDays when that is set, except one
 * whose notification is still being retried (it goes once it is sent or given up).
 */
export async function deleteExpiredMessages(
  db: Db,
  options: { now: Date; spamDays: number; messageDays: number | undefined },
): Promise<{ spam: number; messages: number }> {
  const at = options.now.getTime()
  const spam = await db
    .deleteFrom('contact_message')
    .where('spam_reason', 'is not', null)
    .where('created_at', '<', new Date(at - options.spamDays * DAY_MS).toISOString())
    .executeTakeFirst()
  let messages = 0
  if (options.messageDays !== undefined) {
    const result = await db
      .deleteFrom('contact_message')
      .where('created_at', '<', new Date(at - options.messageDays * DAY_MS).toISOString())
      .where('delivery_status', '!=', 'pending')
      .executeTakeFirst()
    messages = Number(result.numDeletedRows)
  }
  return { spam: Number(spam.numDeletedRows), messages }
}
