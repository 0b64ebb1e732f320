/**
 * The columns of a subscriber export (what a mailing tool imports and what shows consent), shared
 * by `npm run subscribers` and the back office's CSV download, and the eraser of a person's
 * subscription.
 */
import type { Columns } from '#server/export/csv.ts'
import type { PersonalDataEraser } from '#server/privacy/erasure.ts'
import { forgetSubscriber, subscriptionOf, type SubscriberRow } from './repository.ts'

export const subscriberColumns: Columns<SubscriberRow> = {
  email: (row) => row.email,
  status: (row) => row.status,
  consentAt: (row) => row.consent_at,
  consentSource: (row) => row.consent_source,
  confirmedAt: (row) => row.confirmed_at,
}

const describe = (row: Pick<SubscriberRow, 'email' | 'status' | 'created_at'>) =>
  `${row.email} (${row.status}, since ${row.created_at})`

/** Erasure on request: the address's subscription, with any confirmation mail still queued. */
export const newsletterEraser: PersonalDataEraser = {
  label: 'Newsletter subscription',
  noun: 'newsletter subscription',
  preview: async (db, email) => (await subscriptionOf(db, email)).map(describe),
  erase: async (db, email) => (await forgetSubscriber(db, email)).map(describe),
}
