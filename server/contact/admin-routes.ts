/**
 * The back office's inbox of contact messages (administrators): the list, newest first with
 * keyset paging, per view (new, handled, spam, all) and search; one message with its delivery
 * state; handled / new again, spam / not spam, "send again" for a failed notification (back into
 * the outbox); and the CSV download of the current view (the columns of `npm run messages`).
 * Every action is in the audit log, which names the message by id, never the visitor.
 */
import * as contactApi from '#common/contact-contracts.ts'
import {
  CSV_FILE,
  MessageDetailSchema,
  MessageListAnswerSchema,
} from '#common/back-office-answers.ts'
import type { z } from 'zod'
import type { Contract } from '#common/api-contract.ts'
import {
  HandledRequest,
  MessageExportQuery,
  MessageIdParams,
  MessageListQuery,
  SpamRequest,
} from '#common/back-office-schemas.ts'
import {
  type MessageDetail,
  type MessageListAnswer,
  type MessageSummary,
} from '#common/back-office.ts'
import type { Database } from '#server/db/index.ts'
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts'
import type { Env } from '#server/env.ts'
import { sendCsv } from '#server/export/csv.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { MailOutbox } from '#server/mail/outbox.ts'
import type { BackOffice, Parsed } from '#server/back-office/table.ts'
import { ADMIN_ONLY } from '#server/back-office/roles.ts'
import { messageColumns } from './export.ts'
import {
  countInbox,
  findMessage,
  inboxCounts,
  inboxPage,
  inboxRows,
  markHandled,
  markSpam,
  retryNotification,
  type MessageRow,
} from './repository.ts'

const PAGE_SIZE = 25
const PREVIEW_CHARS = 160

function summary(row: MessageRow): MessageSummary {
  const text = (row.message ?? '').replace(/\s+/g, ' ').trim()
  return {
    id: row.id,
    receivedAt: row.created_at,
    name: row.name,
    email: row.email,
    preview: text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text,
    handledAt: row.handled_at,
    spam: row.spam_reason !== null,
    checkReason: row.check_reason,
    deliveryStatus: row.delivery_status,
  }
}

function detail(row: MessageRow, notify: boolean): MessageDetail {
  return {
    id: row.id,
    receivedAt: row.created_at,
    name: row.name,
    email: row.email,
    website: row.website,
    message: row.message,
    spamReason: row.spam_reason,
    checkReason: row.check_reason,
    handledAt: row.handled_at,
    handledBy: row.handled_by,
    delivery: {
      status: row.delivery_status,
      attempts: Number(row.delivery_attempts),
      nextAttemptAt: row.next_attempt_at,
      lastError: row.last_error,
      deliveredAt: row.delivered_at,
    },
    canSendAgain: notify && row.delivery_status === 'failed',
  }
}

type MarkSchemas<Body> = {
  params: typeof MessageIdParams
  body: Body
  response: typeof MessageDetailSchema
}
type MarkBody<Body> = Parsed<MarkSchemas<Body>, 'body'>

export function contactAdminRoutes(
  backOffice: BackOffice,
  { env, database, outbox }: { env: Env; database: Database; outbox: MailOutbox },
) {
  const db = database.db
  const notify = outbox.enabled && env.CONTACT_NOTIFY_TO.length > 0
  const missing = (reply: Parameters<typeof sendApiError>[0]) =>
    sendApiError(reply, 404, 'There is no such message (it may have been erased).')

  backOffice.page({ path: '/messages', access: ADMIN_ONLY, label: 'Messages', order: 10 })

  backOffice.route(ADMIN_ONLY, contactApi.messages, {
    response: MessageListAnswerSchema,
    query: MessageListQuery,
    async handler({ query }) {
      const search = query.q || undefined
      const rows = await inboxPage(db, {
        view: query.filter,
        search,
        before: decodeCursor(query.cursor),
        limit: PAGE_SIZE + 1,
      })
      const page = rows.slice(0, PAGE_SIZE)
      return {
        messages: page.map(summary),
        next: rows.length > PAGE_SIZE ? encodeCursor(page.at(-1)!) : null,
        // The next pages of a view need no counts: the app keeps those of the first.
        counts: query.cursor ? null : await inboxCounts(db),
      } satisfies MessageListAnswer
    },
  })

  backOffice.route(ADMIN_ONLY, contactApi.messagesExport, {
    response: CSV_FILE,
    query: MessageExportQuery,
    async handler({ query, reply, audit, now }) {
      const view = { view: query.filter, search: query.q || undefined }
      const count = await countInbox(db, view)
      await audit({
        action: 'messages.export',
        summary: `exported ${count} contact message${count === 1 ? '' : 's'} as CSV (view: ${query.filter}${view.search ? ', with a search' : ''})`,
        details: { view: query.filter, searched: Boolean(view.search), count },
      })
      const day = now.toISOString().slice(0, 10)
      return sendCsv(
        reply,
        `messages-${query.filter}-${day}.csv`,
        inboxRows(db, view),
        messageColumns,
      )
    },
  })

  backOffice.route(ADMIN_ONLY, contactApi.message, {
    response: MessageDetailSchema,
    params: MessageIdParams,
    async handler({ params, reply, audit }) {
      const row = await findMessage(db, params.id)
      if (!row) return missing(reply)
      await audit({
        action: 'message.read',
        summary: `read contact message ${row.id}`,
        target: { type: 'contact message', id: row.id },
      })
      return detail(row, notify)
    },
  })

  /** A mark on a message (handled, spam): changed, audited, and the message as it now is. */
  function markRoute<Body extends z.ZodType>(
    route: Contract<{
      params: typeof MessageIdParams
      body: Body
      response: typeof MessageDetailSchema
    }>,
    body: Body,
    mark: (
      id: string,
      body: MarkBody<Body>,
      context: { now: Date; by: string },
    ) => Promise<boolean>,
    entry: (body: MarkBody<Body>) => { action: string; described: string },
  ) {
    backOffice.route(ADMIN_ONLY, route, {
      response: MessageDetailSchema,
      params: MessageIdParams,
      body,
      async handler({ params, body, staff, now, reply, audit }) {
        if (!(await mark(params.id, body, { now, by: staff.email }))) return missing(reply)
        const { action, described } = entry(body)
        await audit({
          action,
          summary: `marked contact message ${params.id} ${described}`,
          target: { type: 'contact message', id: params.id },
        })
        return detail((await findMessage(db, params.id))!, notify)
      },
    })
  }

  markRoute(
    contactApi.markHandled,
    HandledRequest,
    (id, { handled }, { now, by }) => markHandled(db, id, handled ? { at: now, by } : null),
    ({ handled }) =>
      handled
        ? { action: 'message.handled', described: 'handled' }
        : { action: 'message.unhandled', described: 'new again' },
  )
  markRoute(
    contactApi.markSpam,
    SpamRequest,
    (id, { spam }) => markSpam(db, id, spam),
    ({ spam }) =>
      spam
        ? { action: 'message.spam', described: 'as spam' }
        : { action: 'message.not-spam', described: 'as not spam' },
  )

  backOffice.route(ADMIN_ONLY, contactApi.sendAgain, {
    response: MessageDetailSchema,
    params: MessageIdParams,
    async handler({ params, now, reply, audit }) {
      if (!notify)
        return sendApiError(
          reply,
          409,
          'Notification mail is not set up on this server (SMTP_URL and CONTACT_NOTIFY_TO), so nothing can be sent.',
        )
      const row = await findMessage(db, params.id)
      if (!row) return missing(reply)
      // The answer is the message as queued, whatever the outbox (woken below, or polling)
      // does with it next.
      const queued = await retryNotification(db, params.id, now)
      if (!queued)
        return sendApiError(reply, 409, 'Only a notification that failed can be sent again.')
      outbox.wake()
      await audit({
        action: 'message.send-again',
        summary: `queued the notification of contact message ${params.id} again`,
        target: { type: 'contact message', id: params.id },
      })
      return detail(queued, notify)
    },
  })
}
