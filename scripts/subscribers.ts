/**
 * npm run subscribers -- [--since <date>] [--csv] [--all]
 * Prints the newsletter addresses that may be mailed (confirmed, or subscribed while the site had
 * no confirmation mail), oldest first, with what a mailing tool imports: the address, its state
 * and the record of consent. --all adds every other state (pending, unsubscribed, spam).
 * See README.md#reading-what-arrived.
 */
import { listSubscribers, type SubscriberRow } from '#server/newsletter/repository.ts'
import { runRowsCommand, type RowsCommand } from './rows-cli.ts'

export const subscribersCommand: RowsCommand<SubscriberRow> = {
  name: 'subscribers',
  noun: 'newsletter subscribers who may be mailed',
  flags: { all: 'every state: also pending, unsubscribed and spam (never mail these)' },
  list: (db, options) =>
    listSubscribers(db, {
      since: options.since,
      all: options.flags.all,
      includeSpam: options.includeSpam,
    }),
  columns: {
    email: (row) => row.email,
    status: (row) => row.status,
    consentAt: (row) => row.consent_at,
    consentSource: (row) => row.consent_source,
    confirmedAt: (row) => row.confirmed_at,
  },
}

if (import.meta.main) await runRowsCommand(subscribersCommand, process.argv.slice(2))
