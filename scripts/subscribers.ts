/**
 * npm run subscribers -- [--since <date>] [--csv] [--include-spam]
 * Prints the newsletter sign-ups, oldest first, with their confirmation state (README.md#reading-what-arrived).
 */
import { listSubscribers } from '#server/newsletter/store.ts'
import { runRowsCommand, type RowsCommand } from './rows-cli.ts'

const columns = [
  'id',
  'subscribedAt',
  'email',
  'status',
  'confirmedAt',
  'spamReason',
  'mailStatus',
  'mailAttempts',
  'nextAttemptAt',
  'lastError',
  'mailSentAt',
  'updatedAt',
] as const
type SubscriberRow = Record<(typeof columns)[number], unknown>

export const subscribersCommand: RowsCommand<SubscriberRow> = {
  name: 'subscribers',
  noun: 'newsletter subscribers',
  columns,
  async *rows(database, options) {
    for await (const row of listSubscribers(database.db, options)) {
      yield {
        id: row.id,
        subscribedAt: row.created_at,
        email: row.email,
        status: row.status,
        confirmedAt: row.confirmed_at,
        spamReason: row.spam_reason,
        mailStatus: row.mail_status,
        mailAttempts: Number(row.mail_attempts),
        nextAttemptAt: row.next_attempt_at,
        lastError: row.last_error,
        mailSentAt: row.mail_sent_at,
        updatedAt: row.updated_at,
      }
    }
  },
}

if (import.meta.main) await runRowsCommand(subscribersCommand, process.argv.slice(2))
