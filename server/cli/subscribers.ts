/**
 * npm run subscribers -- [--since <date>] [--csv] [--all]
 * (node server/cli/subscribers.ts on a host): prints the newsletter addresses that may be mailed
 * (confirmed, or subscribed while the site had no confirmation mail), oldest first, with what a
 * mailing tool imports: the address, its state and the record of consent (the back office's
 * download has the same columns). --all adds every other state (pending, unsubscribed, spam).
 */
import { subscriberColumns } from '#server/newsletter/export.ts'
import { listSubscribers, type SubscriberRow } from '#server/newsletter/repository.ts'
import { runRowsCommand, type RowsCommand } from './rows.ts'

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
  columns: subscriberColumns,
}

if (import.meta.main) await runRowsCommand(subscribersCommand, process.argv.slice(2))
