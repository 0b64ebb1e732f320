/**
 * Contact messages in the database: storing, exporting, the back office's inbox, erasure,
 * retention and the notification outbox queue.
 */
import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely'
import type { MessageFilter } from '#common/back-office.ts'
import { afterCursor, beforeCursor, keysetPages, type KeysetCursor } from '#server/db/keyset.ts'
import type { ContactMessageTable, DatabaseSchema } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import type { CheckReason, SpamReason } from '#server/http/form-route.ts'
import { notificationMail } from './notification.ts'
import type { MailQueue } from '#server/mail/outbox.ts'
import { rowQueue } from '#server/mail/row-queue.ts'
import { newRowId } from '#server/db/ids.ts'
import { containing } from '#server/db/search.ts'

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
  options: {
    receivedAt: Date
    spamReason: SpamReason | null
    checkReason?: CheckReason | null
    notify: boolean
  },
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
      check_reason: options.checkReason ?? null,
      delivery_status: options.notify ? 'pending' : 'none',
      next_attempt_at: options.notify ? at : null,
      last_error: null,
      delivered_at: null,
      handled_at: null,
      handled_by: null,
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

// Stored addresses are ASCII (common/contact.ts), where lower() agrees on both engines.
const sameAddress = (email: string) => sql<SqlBool>`lower(email) = ${email.trim().toLowerCase()}`

/** The messages sent with this address, whatever its case, oldest first. */
export async function messagesFrom(
  db: Db,
  email: string,
): Promise<Pick<MessageRow, 'created_at' | 'spam_reason'>[]> {
  return db
    .selectFrom('contact_message')
    .select(['created_at', 'spam_reason'])
    .where(sameAddress(email))
    .orderBy('created_at')
    .execute()
}

/** Deletes every message sent with this address, whatever its case, with its queued mail. */
export async function forgetMessages(
  db: Db,
  email: string,
): Promise<Pick<MessageRow, 'created_at' | 'spam_reason'>[]> {
  const rows = await db
    .deleteFrom('contact_message')
    .where(sameAddress(email))
    .returning(['created_at', 'spam_reason'])
    .execute()
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at))
}

// ── The back office's inbox ─────────────────────────────────────────────────────────────────

/**
 * The condition of each view of the inbox, written exactly as the partial indexes of migration
 * 301 are, so that each view reads its own index.
 */
function inView(view: MessageFilter): Expression<SqlBool> {
  switch (view) {
    case 'new':
      return sql<SqlBool>`spam_reason is null and handled_at is null`
    case 'handled':
      return sql<SqlBool>`spam_reason is null and handled_at is not null`
    case 'spam':
      return sql<SqlBool>`spam_reason is not null`
    case 'all':
      return sql<SqlBool>`spam_reason is null`
  }
}

/** Search looks at the name, the address and the text. */
const SEARCHED = ['name', 'email', 'message']

export interface InboxQuery {
  view: MessageFilter
  search?: string | undefined
}

function inboxQuery(db: Db, query: InboxQuery) {
  let select = db.selectFrom('contact_message').selectAll().where(inView(query.view))
  if (query.search) select = select.where(containing(SEARCHED, query.search))
  return select
}

/** The query of one page of the inbox, newest first, after the cursor's row. */
export function inboxPageQuery(
  db: Db,
  query: InboxQuery & { before?: KeysetCursor | undefined; limit: number },
) {
  let select = inboxQuery(db, query)
  if (query.before) select = select.where(beforeCursor(query.before))
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit)
}

export async function inboxPage(
  db: Db,
  query: InboxQuery & { before?: KeysetCursor | undefined; limit: number },
): Promise<MessageRow[]> {
  return inboxPageQuery(db, query).execute()
}

/** Every message of the view, newest first, read in pages (the CSV download). */
export async function* inboxRows(db: Db, query: InboxQuery): AsyncGenerator<MessageRow> {
  yield* keysetPages((after, limit) => {
    let select = inboxQuery(db, query)
    if (after) select = select.where(beforeCursor(after))
    return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
  })
}

export async function countInbox(db: Db, query: InboxQuery): Promise<number> {
  let select = db
    .selectFrom('contact_message')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(inView(query.view))
  if (query.search) select = select.where(containing(SEARCHED, query.search))
  return Number((await select.executeTakeFirstOrThrow()).count)
}

/**
 * How many messages each view holds. "all but spam" is new plus handled, so three counts over
 * the views' partial indexes (at 100,000 messages about 60 ms on SQLite: scripts/bench/inbox.ts).
 */
export async function inboxCounts(db: Db): Promise<Record<MessageFilter, number>> {
  const [fresh, handled, spam] = await Promise.all(
    (['new', 'handled', 'spam'] as const).map((view) => countInbox(db, { view })),
  )
  return { new: fresh!, handled: handled!, spam: spam!, all: fresh! + handled! }
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('contact_message').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Marks a message handled (by whom) or new again; false when there is no such message. */
export async function markHandled(
  db: Db,
  id: string,
  handled: { at: Date; by: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('contact_message')
    .set({
      handled_at: handled ? handled.at.toISOString() : null,
      handled_by: handled ? handled.by : null,
    })
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The spam reason of a message staff marked as spam. */
export const MARKED_SPAM = 'marked by staff'

/**
 * Moves a message to spam (a notification still waiting is not sent) or back to the inbox;
 * false when there is no such message.
 */
export async function markSpam(db: Db, id: string, spam: boolean): Promise<boolean> {
  const result = await db
    .updateTable('contact_message')
    .set(
      spam
        ? {
            spam_reason: sql<string>`coalesce(spam_reason, ${MARKED_SPAM})`,
            delivery_status: sql<'none'>`case when delivery_status = 'pending' then 'none' else delivery_status end`,
          }
        : { spam_reason: null },
    )
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Queues a failed notification again, due now, with a fresh count of attempts; false unless the
 * message exists and its notification had failed.
 */
/** Queues a failed notification again; returns the message as queued, or undefined if it had not failed. */
export async function retryNotification(
  db: Db,
  id: string,
  now: Date,
): Promise<MessageRow | undefined> {
  return db
    .updateTable('contact_message')
    .set({ delivery_status: 'pending', delivery_attempts: 0, next_attempt_at: now.toISOString() })
    .where('id', '=', id)
    .where('delivery_status', '=', 'failed')
    .returningAll()
    .executeTakeFirst()
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
