/**
 * A MailQueue whose rows are the feature's own table: the outbox columns (status, attempts,
 * next attempt, last error, sent time) live on the row they deliver, so the row and its delivery
 * state commit together. Contact notifications and newsletter mails differ only in their table,
 * the names of those columns, an extra condition and how a claimed row becomes a mail.
 */
import { sql, type Kysely } from 'kysely'
import type { ClaimedMail, MailQueue } from './outbox.ts'
import type { OutgoingMail } from './transport.ts'

export interface OutboxColumns {
  /** 'pending' | 'sent' | 'failed' | 'none' */
  status: string
  attempts: string
  sentAt: string
}

export interface RowQueueOptions<Row, Context = undefined> {
  name: string
  table: string
  columns: OutboxColumns
  /** Further conditions a row must meet to be sent, e.g. the subscriber is still pending. */
  extraWhere?: Record<string, string>
  /**
   * Extra values for the claiming UPDATE (e.g. a token whose lifetime starts now) and a context
   * handed to compose with that claim's row.
   */
  onClaim?: (now: Date) => { set: Record<string, unknown>; context: Context }
  /** Extra values written when the mail is sent or given up (e.g. clearing a kept token). */
  onSettled?: Record<string, string | number | null>
  compose(row: Row, context: Context | undefined): OutgoingMail
}

// The queue is generic over tables; Kysely's table types cannot express "any table with these
// columns", so the queries below are typed loosely and the options name the columns.
type LooseDb = Kysely<Record<string, Record<string, string | number | null>>>

export function rowQueue<Row extends { id: string }, Context = undefined>(
  database: object,
  options: RowQueueOptions<Row, Context>,
): MailQueue {
  const db = database as unknown as LooseDb
  const { table, columns } = options
  const extra = Object.entries(options.extraWhere ?? {})
  const pending = <Q extends { where: (c: string, op: '=', v: string) => Q }>(query: Q): Q => {
    let q = query.where(columns.status, '=', 'pending')
    for (const [column, value] of extra) q = q.where(column, '=', value)
    return q
  }

  return {
    name: options.name,
    async due(now, limit) {
      const rows = await pending(db.selectFrom(table).select('id'))
        .where('next_attempt_at', '<=', now.toISOString())
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute()
      return rows.map((row) => String(row.id))
    },
    async claim(id, now, leaseUntil): Promise<ClaimedMail | undefined> {
      const claim = options.onClaim?.(now)
      const result = await pending(
        db.updateTable(table).set({
          [columns.attempts]: sql`${sql.ref(columns.attempts)} + 1`,
          next_attempt_at: leaseUntil.toISOString(),
          ...claim?.set,
        } as never),
      )
        .where('id', '=', id)
        .where('next_attempt_at', '<=', now.toISOString())
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) return undefined
      const row = (await db
        .selectFrom(table)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as unknown as Row
      return {
        mail: options.compose(row, claim?.context),
        attempts: Number((row as Record<string, unknown>)[columns.attempts]),
      }
    },
    async renew(id, leaseUntil, newLeaseUntil) {
      // The lease's end is the claim's mark: only the worker whose claim it is moves it.
      const result = await pending(
        db.updateTable(table).set({ next_attempt_at: newLeaseUntil.toISOString() } as never),
      )
        .where('id', '=', id)
        .where('next_attempt_at', '=', leaseUntil.toISOString())
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
    async sent(id, at) {
      await db
        .updateTable(table)
        .set({
          [columns.status]: 'sent',
          [columns.sentAt]: at.toISOString(),
          next_attempt_at: null,
          last_error: null,
          ...options.onSettled,
        })
        .where('id', '=', id)
        .where(columns.status, '=', 'pending')
        .execute()
    },
    async retryLater(id, error, nextAttemptAt) {
      await db
        .updateTable(table)
        .set({ last_error: error, next_attempt_at: nextAttemptAt.toISOString() })
        .where('id', '=', id)
        .where(columns.status, '=', 'pending')
        .execute()
    },
    async giveUp(id, error) {
      await db
        .updateTable(table)
        .set({
          [columns.status]: 'failed',
          last_error: error,
          next_attempt_at: null,
          ...options.onSettled,
        })
        .where('id', '=', id)
        .where(columns.status, '=', 'pending')
        .execute()
    },
  }
}
