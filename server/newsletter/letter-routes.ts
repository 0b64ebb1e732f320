/**
 * The back office's Newsletter section (docs/newsletter.md): editors write letters (or make one
 * from a published episode or article, or the weekly letter), preview them and mail themselves
 * a test; administrators send them to readers, now or at a time. Every step is in the audit log.
 * Sending to readers is the outbox's work (./delivery-queue.ts); a test goes out within the
 * request, so the person who asked sees at once whether the mail server took it.
 */
import * as newsletterApi from '#common/newsletter-contracts.ts'
import { OkAnswer } from '#common/back-office-answers.ts'
import {
  LetterDetailSchema,
  LetterListAnswerSchema,
  LetterPreviewSchema,
  TestSentAnswer,
} from '#common/newsletter-admin-answers.ts'
import type { FastifyReply } from 'fastify'
import {
  LetterEdit,
  LetterIdParams,
  LetterSchedule,
  LetterSend,
  NewLetter,
  type LetterDetail,
  type LetterListAnswer,
  type LetterPreview,
  type LetterSummary,
} from '#common/newsletter-admin.ts'
import { MarkdownError } from '#common/content/markdown.ts'
import type { Database } from '#server/db/index.ts'
import type { Env } from '#server/env.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { MailOutbox } from '#server/mail/outbox.ts'
import { createSmtpTransport, describeMailError, senderDomain } from '#server/mail/transport.ts'
import type { AuditEntry } from '#server/back-office/audit.ts'
import type { BackOffice } from '#server/back-office/table.ts'
import { ADMIN_ONLY, SIGNED_IN } from '#server/back-office/roles.ts'
import { UNSUBSCRIBE_PAGE } from './confirmation.ts'
import { deliveryQueue, listId } from './delivery-queue.ts'
import { personalise } from './letter-copy.ts'
import { letterPreviewViews } from './letter-preview.ts'
import { createLetterRenderer, siteUrlOf, type ReadPublished } from './letter-render.ts'
import { announce, announceKey, type AnnounceOptions } from './announcement.ts'
import {
  letterFromItem,
  publishedItems,
  weeklyLetter,
  type PublishedItem,
} from './letter-sources.ts'
import {
  createLetter,
  deleteDraft,
  failedAddresses,
  findLetter,
  letterProgress,
  listLetters,
  saveLetter,
  scheduleLetter,
  type LetterRow,
} from './letters.ts'
import { countReaders, startSending } from './sending.ts'

const TEST_TIMEOUT_MS = 30_000

export interface LetterRoutesOptions {
  env: Env
  database: Database
  outbox: MailOutbox
  /** What visitors see now (server/app.ts reads it from the content repository). */
  readPublished: ReadPublished
  /** "Send this episode to readers": how to tell its page is live (./announcement.ts). */
  announce?: AnnounceOptions
  /** The time a send starts at (the back office's clock). */
  clock?: () => Date
}

function summary(row: LetterRow): LetterSummary {
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    subject: row.subject,
    preheader: row.preheader,
    status: row.status,
    sendAt: row.send_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    recipients: row.recipients,
    updatedAt: row.updated_at,
  }
}

const target = (row: Pick<LetterRow, 'id'>) => ({ type: 'newsletter letter', id: row.id })

interface StartContext {
  staffId: string
  now: Date
  reply: FastifyReply
  audit: (entry: AuditEntry) => Promise<void>
}

export function letterRoutes(backOffice: BackOffice, options: LetterRoutesOptions) {
  const { env, database, outbox } = options
  const db = database.db
  const renderer = createLetterRenderer(env, options.readPublished)
  if (outbox.enabled) outbox.addQueue(deliveryQueue(db, { env, render: renderer.cached }))
  letterPreviewViews(backOffice, { env, database, renderer })

  const cannotSend = (): string | undefined => {
    if (!outbox.enabled) return 'Mail is not set up on this server (SMTP_URL and MAIL_FROM).'
    if (!env.NEWSLETTER_POSTAL_ADDRESS)
      return 'Set NEWSLETTER_POSTAL_ADDRESS first: every letter must end with the organisation’s postal address.'
    return undefined
  }

  async function detail(row: LetterRow): Promise<LetterDetail> {
    const reason = cannotSend()
    return {
      ...summary(row),
      body: row.body,
      version: row.version,
      sourceKey: row.source_key,
      progress: await letterProgress(db, row.id),
      failedAddresses: await failedAddresses(db, row.id),
      readers: await countReaders(db),
      canSend: reason ? { ok: false, reason } : { ok: true },
    }
  }

  /** Checks a letter renders (its Markdown, its pictures): undefined, or the reply sent. */
  async function rendered(row: Pick<LetterRow, 'subject' | 'preheader' | 'body' | 'slug'>) {
    try {
      return await renderer.render(row)
    } catch (error) {
      if (error instanceof MarkdownError) return error
      throw error
    }
  }
  const refuseBody = (reply: FastifyReply, error: MarkdownError) =>
    sendApiError(reply, 422, 'The body has problems; nothing was sent.', {
      fields: { body: error.message },
    })

  backOffice.page({ path: '/newsletter', access: SIGNED_IN, label: 'Newsletter', order: 15 })

  backOffice.route(SIGNED_IN, newsletterApi.letters, {
    response: LetterListAnswerSchema,
    async handler() {
      const snapshot = await options.readPublished()
      return {
        letters: (await listLetters(db)).map(summary),
        readers: await countReaders(db),
        sources: (snapshot ? publishedItems(snapshot) : []).map((item) => ({
          kind: item.kind,
          slug: item.slug,
          title: item.title,
          date: item.date,
        })),
      } satisfies LetterListAnswer
    },
  })

  backOffice.route(SIGNED_IN, newsletterApi.createLetter, {
    response: LetterDetailSchema,
    body: NewLetter,
    async handler({ body, staff, now, reply, audit }) {
      const by = { staffId: staff.id, now }
      let fields
      let sourceKey: string | null = null
      let item: PublishedItem | undefined
      if (body.kind === 'letter') fields = body
      else {
        const snapshot = await options.readPublished()
        if (!snapshot) return sendApiError(reply, 409, 'Nothing is published yet.')
        if (body.kind === 'weekly') fields = weeklyLetter(snapshot, now)
        else {
          item = publishedItems(snapshot).find(
            (candidate) => candidate.kind === body.kind && candidate.slug === body.slug,
          )
          if (!item)
            return sendApiError(reply, 404, `There is no published ${body.kind} “${body.slug}”.`)
          fields = letterFromItem(item)
          sourceKey = `${item.kind}/${item.slug}`
        }
      }
      const send = 'send' in body && body.send === true
      if (send && staff.role !== 'admin')
        return sendApiError(reply, 403, 'Only an administrator sends letters to readers.')
      if (send && item) return announceAndAnswer(item, { staffId: staff.id, now, reply, audit })
      const row = await createLetter(
        db,
        {
          subject: fields.subject,
          preheader: fields.preheader,
          body: fields.body,
          kind: body.kind,
          sourceKey,
        },
        by,
      )
      await audit({
        action: 'letter.create',
        summary: `wrote a new ${body.kind === 'letter' ? '' : `${body.kind} `}letter “${row.subject}”`,
        target: target(row),
      })
      if (send) return startAndAnswer(row, { staffId: staff.id, now, reply, audit })
      reply.code(201)
      return detail(row)
    },
  })

  /**
   * "Send this episode to readers" (./announcement.ts): one letter per episode or article, sent
   * once its page is live. A retry answers the letter the first request made (200, not 201).
   */
  async function announceAndAnswer(item: PublishedItem, context: StartContext) {
    const reason = cannotSend()
    if (reason) return sendApiError(context.reply, 409, reason)
    const check = await rendered({ ...letterFromItem(item), slug: item.slug })
    if (check instanceof MarkdownError) return refuseBody(context.reply, check)
    const outcome = await announce(
      db,
      item,
      { staffId: context.staffId, clock: options.clock ?? (() => new Date()) },
      options.announce ?? {},
    )
    const { row } = outcome
    if (outcome.created)
      await context.audit({
        action: 'letter.create',
        summary: `wrote a new ${item.kind} letter “${row.subject}” to announce it`,
        target: target(row),
      })
    if (outcome.kind === 'not-live')
      return sendApiError(
        context.reply,
        503,
        `The ${item.kind}’s page is not live yet, so nothing was sent. Try again in a minute: the same letter goes, once.`,
        { retryAfterSeconds: 30 },
      )
    if (outcome.kind === 'started') {
      await context.audit({
        action: 'letter.send',
        summary: `sent “${row.subject}” to ${outcome.recipients} reader${outcome.recipients === 1 ? '' : 's'}`,
        target: target(row),
        details: { recipients: outcome.recipients, announces: announceKey(item) },
      })
      outbox.wake()
    }
    context.reply.code(outcome.created ? 201 : 200)
    return detail(row)
  }

  async function startAndAnswer(row: LetterRow, context: StartContext) {
    const reason = cannotSend()
    if (reason) return sendApiError(context.reply, 409, reason)
    const check = await rendered(row)
    if (check instanceof MarkdownError) return refuseBody(context.reply, check)
    const outcome = await startSending(db, row.id, { staffId: context.staffId, now: context.now })
    if (!outcome.started)
      return sendApiError(context.reply, 409, 'This letter is already being sent or was sent.')
    await context.audit({
      action: 'letter.send',
      summary: `sent “${row.subject}” to ${outcome.recipients} reader${outcome.recipients === 1 ? '' : 's'}`,
      target: target(row),
      details: { recipients: outcome.recipients },
    })
    outbox.wake()
    return detail((await findLetter(db, row.id))!)
  }

  backOffice.route(SIGNED_IN, newsletterApi.letter, {
    response: LetterDetailSchema,
    params: LetterIdParams,
    async handler({ params, reply }) {
      const row = await findLetter(db, params.id)
      if (!row)
        return sendApiError(reply, 404, 'There is no such letter (it may have been deleted).')
      return detail(row)
    },
  })

  backOffice.route(SIGNED_IN, newsletterApi.editLetter, {
    response: LetterDetailSchema,
    params: LetterIdParams,
    body: LetterEdit,
    async handler({ params, body, now, reply, audit }) {
      const outcome = await saveLetter(db, params.id, body, now)
      if (outcome === 'missing') return sendApiError(reply, 404, 'There is no such letter.')
      if (outcome === 'not-a-draft')
        return sendApiError(reply, 409, 'This letter has been sent: it cannot change any more.')
      if (outcome === 'stale')
        return sendApiError(
          reply,
          409,
          'Someone saved this letter after you opened it. Copy your changes, reload and apply them again.',
        )
      const row = (await findLetter(db, params.id))!
      await audit({
        action: 'letter.save',
        summary: `saved the letter “${row.subject}”`,
        target: target(row),
      })
      return detail(row)
    },
  })

  backOffice.route(SIGNED_IN, newsletterApi.deleteLetter, {
    response: OkAnswer,
    params: LetterIdParams,
    async handler({ params, reply, audit }) {
      const row = await findLetter(db, params.id)
      const outcome = await deleteDraft(db, params.id)
      if (outcome === 'missing') return sendApiError(reply, 404, 'There is no such letter.')
      if (outcome === 'not-a-draft')
        return sendApiError(reply, 409, 'A letter that has been sent stays in the archive.')
      await audit({
        action: 'letter.delete',
        summary: `deleted the draft “${row!.subject}”`,
        target: target(row!),
      })
      return { ok: true as const }
    },
  })

  backOffice.route(SIGNED_IN, newsletterApi.letterPreview, {
    response: LetterPreviewSchema,
    params: LetterIdParams,
    async handler({ params, staff, reply }) {
      const row = await findLetter(db, params.id)
      if (!row) return sendApiError(reply, 404, 'There is no such letter.')
      const letter = await rendered(row)
      if (letter instanceof MarkdownError) return refuseBody(reply, letter)
      const copy = personalise(letter, {
        email: staff.email,
        unsubscribeUrl: new URL(UNSUBSCRIBE_PAGE, siteUrlOf(env)).toString(),
      })
      return {
        subject: row.subject,
        preheader: row.preheader,
        html: copy.html,
        text: copy.text,
        bytes: Buffer.byteLength(copy.html),
      } satisfies LetterPreview
    },
  })

  backOffice.route(SIGNED_IN, newsletterApi.testLetter, {
    response: TestSentAnswer,
    params: LetterIdParams,
    async handler({ params, staff, reply, audit }) {
      const row = await findLetter(db, params.id)
      if (!row) return sendApiError(reply, 404, 'There is no such letter.')
      const reason = cannotSend()
      if (reason) return sendApiError(reply, 409, reason)
      const letter = await rendered(row)
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

  backOffice.route(ADMIN_ONLY, newsletterApi.sendLetter, {
    response: LetterDetailSchema,
    params: LetterIdParams,
    body: LetterSend,
    async handler({ params, staff, now, reply, audit }) {
      const row = await findLetter(db, params.id)
      if (!row) return sendApiError(reply, 404, 'There is no such letter.')
      return startAndAnswer(row, { staffId: staff.id, now, reply, audit })
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
          fields: { sendAt: 'must be in the future' },
        })
      if (sendAt) {
        const reason = cannotSend()
        if (reason) return sendApiError(reply, 409, reason)
        const check = await rendered(row)
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
      return detail((await findLetter(db, params.id))!)
    },
  })
}
