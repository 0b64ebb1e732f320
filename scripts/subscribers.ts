/**
 * npm run subscribers -- [--since <date>] [--csv] [--include-spam]
 * Prints the newsletter sign-ups, oldest first, with their confirmation state (README.md#reading-what-arrived).
 */
import { listSubscribers, type StoredSubscriber } from '#server/newsletter/store.ts'
import { runRowsCommand, type RowsCommand } from './rows-cli.ts'

export const subscribersCommand: RowsCommand<StoredSubscriber> = {
  name: 'subscribers',
  noun: 'newsletter subscribers',
  list: listSubscribers,
  columns: {
    id: (row) => row.id,
    subscribedAt: (row) => row.created_at,
    email: (row) => row.email,
    status: (row) => row.status,
    confirmedAt: (row) => row.confirmed_at,
    spamReason: (row) => row.spam_reason,
    mailStatus: (row) => row.mail_status,
    mailAttempts: (row) => Number(row.mail_attempts),
    nextAttemptAt: (row) => row.next_attempt_at,
    lastError: (row) => row.last_error,
    mailSentAt: (row) => row.mail_sent_at,
    updatedAt: (row) => row.updated_at,
  },
}

if (import.meta.main) await runRowsCommand(subscribersCommand, process.argv.slice(2))
