/**
 * npm run subscribers -- [--since <date>] [--csv] [--all]
 * Prints the newsletter addresses that may be mailed (confirmed, or subscribed while the site had
 * no confirmation mail), oldest first, with what a mailing tool imports: the address, its state
 * and the record of consent. --all adds every other state (pending, unsubscribed, spam).
 * See README.md#reading-what-arrived.
 */
import { listSubscribers } from '#server/newsletter/store.ts'
import { runRowsCommand, type RowsCommand } from './rows-cli.ts'

const columns = ['email', 'status', 'consentAt', 'consentSource', 'confirmedAt'] as const
type SubscriberRow = Record<(typeof columns)[number], unknown>

export const subscribersCommand: RowsCommand<SubscriberRow> = {
  name: 'subscribers',
  noun: 'newsletter subscribers who may be mailed',
  columns,
  flags: { all: 'every state: also pending, unsubscribed and spam (never mail these)' },
  async *rows(database, options) {
    const rows = listSubscribers(database.db, {
      since: options.since,
      all: options.flags.all,
      includeSpam: options.includeSpam,
    })
    for await (const row of rows) {
      yield {
        email: row.email,
        status: row.status,
        consentAt: row.consent_at,
        consentSource: row.consent_source,
        confirmedAt: row.confirmed_at,
      }
    }
  },
}

if (import.meta.main) await runRowsCommand(subscribersCommand, process.argv.slice(2))
