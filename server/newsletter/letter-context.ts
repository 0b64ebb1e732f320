/**
 * What the letters' route modules share (./letter-routes.ts, ./letter-send-routes.ts): the
 * options and the things made from them once, a letter's answer, and the checks that come before
 * any sending (mail set up, a postal address, a body that renders).
 */
import type { FastifyReply } from 'fastify'
import type { LetterDetail, LetterSummary } from '#common/newsletter-admin.ts'
import { MarkdownError } from '#common/content/markdown.ts'
import type { Database } from '#server/db/index.ts'
import type { Env } from '#server/env.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { MailOutbox } from '#server/mail/outbox.ts'
import type { AuditEntry } from '#server/back-office/audit.ts'
import type { BackOffice } from '#server/back-office/table.ts'
import { createLetterRenderer, type ReadPublished } from './letter-render.ts'
import type { AnnounceOptions } from './announcement.ts'
import { failedAddresses, letterProgress, type LetterRow } from './letters.ts'
import { countReaders } from './sending.ts'

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

export interface LetterContext {
  backOffice: BackOffice
  options: LetterRoutesOptions
  env: Env
  db: Database['db']
  outbox: MailOutbox
  renderer: ReturnType<typeof createLetterRenderer>
}

/** Who starts a send, when, and where the answer and the audit entry go. */
export interface StartContext {
  staffId: string
  now: Date
  reply: FastifyReply
  audit: (entry: AuditEntry) => Promise<void>
}

export function letterContext(backOffice: BackOffice, options: LetterRoutesOptions): LetterContext {
  const { env, database, outbox } = options
  return {
    backOffice,
    options,
    env,
    db: database.db,
    outbox,
    renderer: createLetterRenderer(env, options.readPublished),
  }
}

export function summary(row: LetterRow): LetterSummary {
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

export const target = (row: Pick<LetterRow, 'id'>) => ({ type: 'newsletter letter', id: row.id })

/** Why nothing can be mailed from this server, or undefined when it can. */
export function cannotSend({ env, outbox }: LetterContext): string | undefined {
  if (!outbox.enabled) return 'Mail is not set up on this server (SMTP_URL and MAIL_FROM).'
  if (!env.NEWSLETTER_POSTAL_ADDRESS)
    return 'Set NEWSLETTER_POSTAL_ADDRESS first: every letter must end with the organisation’s postal address.'
  return undefined
}

export async function letterDetail(context: LetterContext, row: LetterRow): Promise<LetterDetail> {
  const { db } = context
  const reason = cannotSend(context)
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

/** Checks a letter renders (its Markdown, its pictures): the letter, or its MarkdownError. */
export async function rendered(
  { renderer }: LetterContext,
  row: Pick<LetterRow, 'subject' | 'preheader' | 'body' | 'slug'>,
) {
  try {
    return await renderer.render(row)
  } catch (error) {
    if (error instanceof MarkdownError) return error
    throw error
  }
}

export const refuseBody = (reply: FastifyReply, error: MarkdownError) =>
  sendApiError(reply, 422, 'The body has problems; nothing was sent.', {
    fields: { body: error.message },
  })
