/**
 * Sending a letter (docs/newsletter.md): a test to oneself, within the request, so the person who
 * asked sees at once whether the mail server took it; to readers now or at a time (the outbox's
 * work, ./delivery-queue.ts), which is the administrators'; and "send this episode to readers".
 */
import * as newsletterApi from '#common/newsletter-contracts.ts'
import { LetterDetailSchema, TestSentAnswer } from '#common/newsletter-admin-answers.ts'
import { LetterIdParams, LetterSchedule, LetterSend } from '#common/newsletter-admin.ts'
import { MarkdownError } from '#common/content/markdown.ts'
import { sendApiError } from '#server/http/api-error.ts'
import { createSmtpTransport, describeMailError, senderDomain } from '#server/mail/transport.ts'
import { ADMIN_ONLY, SIGNED_IN } from '#server/back-office/roles.ts'
import { UNSUBSCRIBE_PAGE } from './confirmation.ts'
import { listId } from './delivery-queue.ts'
import { personalise } from './letter-copy.ts'
import { siteUrlOf } from './letter-render.ts'
import { announce, announceKey } from './announcement.ts'
import { letterFromItem, type PublishedItem } from './letter-sources.ts'
import { findLetter, scheduleLetter, type LetterRow } from './letters.ts'
import { startSending } from './sending.ts'
import {
  cannotSend,
  letterDetail,
  refuseBody,
  rendered,
  target,
  type LetterContext,
  type StartContext,
} from './letter-context.ts'

const TEST_TIMEOUT_MS = 30_000

/**
 * "Send this episode to readers" (./announcement.ts): one letter per episode or article, sent
 * once its page is live. A retry answers the letter the first request made (200, not 201).
 */
export async function announceAndAnswer(
  context: LetterContext,
  item: PublishedItem,
  start: StartContext,
) {
  const { db, options } = context
  const reason = cannotSend(context)
  if (reason) return sendApiError(start.reply, 409, reason)
  const check = await rendered(context, { ...letterFromItem(item), slug: item.slug })
  if (check instanceof MarkdownError) return refuseBody(start.reply, check)
  const outcome = await announce(
    db,
    item,
    { staffId: start.staffId, clock: options.clock ?? (() => new Date()) },
    options.announce ?? {},
  )
  const { row } = outcome
  if (outcome.created)
    await start.audit({
      action: 'letter.create',
      summary: `wrote a new ${item.kind} letter “${row.subject}” to announce it`,
      target: target(row),
    })
  if (outcome.kind === 'not-live')
    return sendApiError(
      start.reply,
      503,
      `The ${item.kind}’s page is not live yet, so nothing was sent. Try again in a minute: the same letter goes, once.`,
      { retryAfterSeconds: 30 },
    )
  if (outcome.kind === 'started') {
    await start.audit({
      action: 'letter.send',
      summary: `sent “${row.subject}” to ${outcome.recipients} reader${outcome.recipients === 1 ? '' : 's'}`,
      target: target(row),
      details: { recipients: outcome.recipients, announces: announceKey(item) },
    })
    context.outbox.wake()
  }
  start.reply.code(outcome.created ? 201 : 200)
  return letterDetail(context, row)
}

export async function startAndAnswer(context: LetterContext, row: LetterRow, start: StartContext) {
  const { db } = context
  const reason = cannotSend(context)
  if (reason) return sendApiError(start.reply, 409, reason)
  const check = await rendered(context, row)
  if (check instanceof MarkdownError) return refuseBody(start.reply, check)
  const outcome = await startSending(db, row.id, { staffId: start.staffId, now: start.now })
  if (!outcome.started)
    return sendApiError(start.reply, 409, 'This letter is already being sent or was sent.')
  await start.audit({
    action: 'letter.send',
    summary: `sent “${row.subject}” to ${outcome.recipients} reader${outcome.recipients === 1 ? '' : 's'}`,
    target: target(row),
    details: { recipients: outcome.recipients },
  })
  context.outbox.wake()
  return letterDetail(context, (await findLetter(db, row.id))!)
}

/** A test of the letter to the person asking: its unsubscribe link opens the page, no token. */
export function testLetterRoute(context: LetterContext) {
  const { backOffice, env, db } = context
  backOffice.route(SIGNED_IN, newsletterApi.testLetter, {
    response: TestSentAnswer,
    params: LetterIdParams,
    async handler({ params, staff, reply, audit }) {
      const row = await findLetter(db, params.id)
      if (!row) return sendApiError(reply, 404, 'There is no such letter.')
      const reason = cannotSend(context)
      if (reason) return sendApiError(reply, 409, reason)
      const letter = await rendered(context, row)
      if (letter instanceof MarkdownError) return refuseBody(reply, letter)
      // A test is not to a reader: its unsubscribe link opens the page, with no token to use.
      const unsubscribe = new URL(UNSUBSCRIBE_PAGE, siteUrlOf(env)).toString()
      const copy = personalise(letter, { email: staff.email, unsubscribeUrl: unsubscribe })
      const transport = createSmtpTransport(env)
      try {
        await transport.send(
          {
            to: staff.email,
            subject: `[Test] ${row.subject}`,
            text: copy.text,
            html: copy.html,
            messageId: `<letter-test-${row.id}-${Date.now()}@${senderDomain(env)}>`,
            headers: { 'List-Id': listId(env), 'List-Unsubscribe': `<${unsubscribe}>` },
          },
          AbortSignal.timeout(TEST_TIMEOUT_MS),
        )
      } catch (error) {
        return sendApiError(
          reply,
          502,
          `The mail server did not take the test: ${describeMailError(error)}`,
        )
      } finally {
        transport.close()
      }
      await audit({
        action: 'letter.test',
        summary: `mailed a test of “${row.subject}” to themselves`,
        target: target(row),
      })
      return { ok: true as const, to: staff.email }
    },
  })
}

/** Sending to readers, now or at a time (or taking a scheduled letter back): administrators. */
export function sendToReadersRoutes(context: LetterContext) {
  const { backOffice, db } = context
  backOffice.route(ADMIN_ONLY, newsletterApi.sendLetter, {
    response: LetterDetailSchema,
    params: LetterIdParams,
    body: LetterSend,
    async handler({ params, staff, now, reply, audit }) {
      const row = await findLetter(db, params.id)
      if (!row) return sendApiError(reply, 404, 'There is no such letter.')
      return startAndAnswer(context, row, { staffId: staff.id, now, reply, audit })
    },
  })

  backOffice.route(ADMIN_ONLY, newsletterApi.scheduleLetter, {
    response: LetterDetailSchema,
    params: LetterIdParams,
    body: LetterSchedule,
    async handler({ params, body, staff, now, reply, audit }) {
      const row = await findLetter(db, params.id)
      if (!row) return sendApiError(reply, 404, 'There is no such letter.')
      const sendAt = body.sendAt ? new Date(body.sendAt) : null
      if (sendAt && sendAt <= now)
        return sendApiError(reply, 400, 'Choose a time in the future, or send it now.', {
          fields: { sendAt: 'Choose a time in the future.' },
        })
      if (sendAt) {
        const reason = cannotSend(context)
        if (reason) return sendApiError(reply, 409, reason)
        const check = await rendered(context, row)
        if (check instanceof MarkdownError) return refuseBody(reply, check)
      }
      const outcome = await scheduleLetter(db, params.id, sendAt, { staffId: staff.id, now })
      if (outcome === 'not-a-draft')
        return sendApiError(reply, 409, 'This letter is already being sent or was sent.')
      if (outcome === 'missing') return sendApiError(reply, 404, 'There is no such letter.')
      await audit({
        action: outcome === 'scheduled' ? 'letter.schedule' : 'letter.unschedule',
        summary:
          outcome === 'scheduled'
            ? `scheduled “${row.subject}” for ${sendAt!.toISOString()}`
            : `took “${row.subject}” back to a draft`,
        target: target(row),
      })
      return letterDetail(context, (await findLetter(db, params.id))!)
    },
  })
}
