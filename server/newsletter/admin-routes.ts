/**
 * The back office's newsletter list (administrators): counts by state, a searchable list newest
 * first, the CSV download of the addresses that may be mailed (exactly `npm run subscribers`),
 * and unsubscribing an address on the person's request. The audit log names subscribers by id.
 */
import * as newsletterApi from '#common/newsletter-contracts.ts'
import {
  CSV_FILE,
  SubscriberAnswer,
  SubscriberListAnswerSchema,
} from '#common/back-office-answers.ts'
import { SubscriberIdParams, SubscriberListQuery } from '#common/back-office-schemas.ts'
import { type SubscriberListAnswer, type SubscriberSummary } from '#common/back-office.ts'
import type { Database } from '#server/db/index.ts'
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts'
import { sendCsv } from '#server/export/csv.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { BackOffice } from '#server/back-office/table.ts'
import { ADMIN_ONLY } from '#server/back-office/roles.ts'
import { subscriberColumns } from './export.ts'
import {
  countSubscribers,
  findSubscriber,
  listSubscribers,
  subscriberPage,
  unsubscribeById,
  type SubscriberRow,
} from './repository.ts'

const PAGE_SIZE = 50

function summary(row: SubscriberRow): SubscriberSummary {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.created_at,
    consentAt: row.consent_at,
    consentSource: row.consent_source,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
    bouncedAt: row.bounced_at,
  }
}

export function newsletterAdminRoutes(
  backOffice: BackOffice,
  { database }: { database: Database },
) {
  const db = database.db
  backOffice.page({ path: '/subscribers', access: ADMIN_ONLY, label: 'Subscribers', order: 20 })

  backOffice.route(ADMIN_ONLY, newsletterApi.subscribers, {
    response: SubscriberListAnswerSchema,
    query: SubscriberListQuery,
    async handler({ query }) {
      const rows = await subscriberPage(db, {
        view: query.status,
        search: query.q || undefined,
        before: decodeCursor(query.cursor),
        limit: PAGE_SIZE + 1,
      })
      const page = rows.slice(0, PAGE_SIZE)
      return {
        subscribers: page.map(summary),
        next: rows.length > PAGE_SIZE ? encodeCursor(page.at(-1)!) : null,
        counts: await countSubscribers(db),
      } satisfies SubscriberListAnswer
    },
  })

  backOffice.route(ADMIN_ONLY, newsletterApi.subscribersExport, {
    response: CSV_FILE,
    async handler({ reply, audit, now }) {
      const counts = await countSubscribers(db)
      const count = counts.confirmed + counts.subscribed
      await audit({
        action: 'subscribers.export',
        summary: `exported the ${count} address${count === 1 ? '' : 'es'} that may be mailed as CSV`,
        details: { count },
      })
      return sendCsv(
        reply,
        `subscribers-${now.toISOString().slice(0, 10)}.csv`,
        listSubscribers(db),
        subscriberColumns,
      )
    },
  })

  backOffice.route(ADMIN_ONLY, newsletterApi.unsubscribe, {
    response: SubscriberAnswer,
    params: SubscriberIdParams,
    async handler({ params, now, reply, audit }) {
      const outcome = await unsubscribeById(db, params.id, now)
      if (outcome === 'missing')
        return sendApiError(reply, 404, 'There is no such subscriber (it may have been erased).')
      if (outcome === 'spam')
        return sendApiError(reply, 409, 'This sign-up was taken for spam: it is never mailed.')
      if (outcome === 'unsubscribed')
        await audit({
          action: 'subscriber.unsubscribe',
          summary: `unsubscribed newsletter subscriber ${params.id} on their request`,
          target: { type: 'newsletter subscriber', id: params.id },
        })
      return summary((await findSubscriber(db, params.id))!)
    },
  })
}
