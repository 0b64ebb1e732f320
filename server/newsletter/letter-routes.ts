/**
 * The back office's Newsletter section (docs/newsletter.md): editors write letters (or make one
 * from a published episode or article, or the weekly letter), preview them and mail themselves
 * a test; administrators send them to readers, now or at a time. Every step is in the audit log.
 * Sending to readers is the outbox's work (./delivery-queue.ts); a test goes out within the
 * request, so the person who asked sees at once whether the mail server took it.
 *
 * Writing letters is here; sending them (a test, to readers, on a schedule) is in
 * ./letter-send-routes.ts; what both share, in ./letter-context.ts.
 */
import * as newsletterApi from '#common/newsletter-contracts.ts'
import { OkAnswer } from '#common/back-office-answers.ts'
import {
  LetterDetailSchema,
  LetterListAnswerSchema,
  LetterPreviewSchema,
} from '#common/newsletter-admin-answers.ts'
import {
  LetterEdit,
  LetterIdParams,
  NewLetter,
  type LetterListAnswer,
  type LetterPreview,
} from '#common/newsletter-admin.ts'
import { MarkdownError } from '#common/content/markdown.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { BackOffice } from '#server/back-office/table.ts'
import { SIGNED_IN } from '#server/back-office/roles.ts'
import { UNSUBSCRIBE_PAGE } from './confirmation.ts'
import { deliveryQueue } from './delivery-queue.ts'
import { personalise } from './letter-copy.ts'
import { letterPreviewViews } from './letter-preview.ts'
import { siteUrlOf } from './letter-render.ts'
import {
  letterFromItem,
  publishedItems,
  weeklyLetter,
  type PublishedItem,
} from './letter-sources.ts'
import { createLetter, deleteDraft, findLetter, listLetters, saveLetter } from './letters.ts'
import { countReaders } from './sending.ts'
import {
  letterContext,
  letterDetail,
  refuseBody,
  rendered,
  summary,
  target,
  type LetterContext,
  type LetterRoutesOptions,
} from './letter-context.ts'
import {
  announceAndAnswer,
  sendToReadersRoutes,
  startAndAnswer,
  testLetterRoute,
} from './letter-send-routes.ts'

export function letterRoutes(backOffice: BackOffice, options: LetterRoutesOptions) {
  const context = letterContext(backOffice, options)
  const { env, database, outbox } = options
  if (outbox.enabled)
    outbox.addQueue(deliveryQueue(database.db, { env, render: context.renderer.cached }))
  letterPreviewViews(backOffice, { env, database, renderer: context.renderer })

  backOffice.page({ path: '/newsletter', access: SIGNED_IN, label: 'Newsletter', order: 15 })
  listAndCreateRoutes(context)
  draftRoutes(context)
  testLetterRoute(context)
  sendToReadersRoutes(context)
}

/** The list of letters (and what a letter can be made from), and a new letter. */
function listAndCreateRoutes(context: LetterContext) {
  const { backOffice, db, options } = context
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
      const start = { staffId: staff.id, now, reply, audit }
      if (send && item) return announceAndAnswer(context, item, start)
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
      if (send) return startAndAnswer(context, row, start)
      reply.code(201)
      return letterDetail(context, row)
    },
  })
}

/** A letter: read, saved, deleted while a draft, previewed as a reader would get it. */
function draftRoutes(context: LetterContext) {
  const { backOffice, db, env } = context
  backOffice.route(SIGNED_IN, newsletterApi.letter, {
    response: LetterDetailSchema,
    params: LetterIdParams,
    async handler({ params, reply }) {
      const row = await findLetter(db, params.id)
      if (!row)
        return sendApiError(reply, 404, 'There is no such letter (it may have been deleted).')
      return letterDetail(context, row)
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
      return letterDetail(context, row)
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
      const letter = await rendered(context, row)
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
}
