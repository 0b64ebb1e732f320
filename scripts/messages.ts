/**
 * npm run messages -- [--since <date>] [--csv] [--include-spam]
 * Prints the stored contact messages, oldest first, with their delivery state (README.md#reading-what-arrived).
 */
import { listMessages } from '#server/contact/store.ts'
import { runRowsCommand, type RowsCommand } from './rows-cli.ts'

const columns = [
  'id',
  'receivedAt',
  'name',
  'email',
  'website',
  'message',
  'spam',
  'spamReason',
  'deliveryStatus',
  'deliveryAttempts',
  'nextAttemptAt',
  'lastError',
  'deliveredAt',
] as const
type MessageRow = Record<(typeof columns)[number], unknown>

export const messagesCommand: RowsCommand<MessageRow> = {
  name: 'messages',
  noun: 'contact messages',
  columns,
  async *rows(database, options) {
    for await (const row of listMessages(database.db, options)) {
      yield {
        id: row.id,
        receivedAt: row.created_at,
        name: row.name,
        email: row.email,
        website: row.website,
        message: row.message,
        spam: row.spam_reason !== null,
        spamReason: row.spam_reason,
        deliveryStatus: row.delivery_status,
        deliveryAttempts: Number(row.delivery_attempts),
        nextAttemptAt: row.next_attempt_at,
        lastError: row.last_error,
        deliveredAt: row.delivered_at,
      }
    }
  },
}

if (import.meta.main) await runRowsCommand(messagesCommand, process.argv.slice(2))
