/**
 * npm run messages -- [--since <date>] [--csv] [--include-spam]
 * Prints the stored contact messages, oldest first, with their delivery state (README.md#reading-what-arrived).
 */
import { listMessages, type MessageRow } from '#server/contact/repository.ts'
import { runRowsCommand, type RowsCommand } from './rows-cli.ts'

export const messagesCommand: RowsCommand<MessageRow> = {
  name: 'messages',
  noun: 'contact messages',
  list: listMessages,
  columns: {
    id: (row) => row.id,
    receivedAt: (row) => row.created_at,
    name: (row) => row.name,
    email: (row) => row.email,
    website: (row) => row.website,
    message: (row) => row.message,
    spam: (row) => row.spam_reason !== null,
    spamReason: (row) => row.spam_reason,
    deliveryStatus: (row) => row.delivery_status,
    deliveryAttempts: (row) => Number(row.delivery_attempts),
    nextAttemptAt: (row) => row.next_attempt_at,
    lastError: (row) => row.last_error,
    deliveredAt: (row) => row.delivered_at,
  },
}

if (import.meta.main) await runRowsCommand(messagesCommand, process.argv.slice(2))
