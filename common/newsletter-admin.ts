/**
 * The back office's newsletter letters (server/newsletter/letter-routes.ts and the staff app's
 * app/admin/pages/newsletter*.tsx): the request schemas both sides check and the answers' shapes.
 */
import { z } from 'zod'

export const LETTER_KINDS = ['letter', 'episode', 'article', 'weekly'] as const
export type LetterKind = (typeof LETTER_KINDS)[number]
export type LetterStatus = 'draft' | 'scheduled' | 'sending' | 'sent'

export const LETTER_LIMITS = { subject: 150, preheader: 200, body: 100_000 } as const

const subject = z
  .string()
  .trim()
  .min(1, 'Write a subject: it is the first thing a reader sees.')
  .max(LETTER_LIMITS.subject, `Keep the subject under ${LETTER_LIMITS.subject} characters.`)
const preheader = z
  .string()
  .trim()
  .max(LETTER_LIMITS.preheader, `Keep the preheader under ${LETTER_LIMITS.preheader} characters.`)
const body = z
  .string()
  .max(LETTER_LIMITS.body, `The body may be at most ${LETTER_LIMITS.body} characters.`)

export const NewLetter = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('letter'), subject, preheader: preheader.default(''), body }),
  z.strictObject({ kind: z.literal('weekly') }),
  z.strictObject({
    kind: z.enum(['episode', 'article']),
    /** The published slug of the episode or article. */
    slug: z.string().min(1, 'Choose what to send.').max(200),
    /** Start sending at once (administrators only): "Send this episode to readers". */
    send: z.boolean().optional(),
  }),
])
export type NewLetter = z.infer<typeof NewLetter>

/** A letter's id in a path. */
export const LetterIdParams = z.strictObject({ id: z.uuid({ error: 'There is no such letter.' }) })

export const LetterEdit = z.strictObject({
  subject,
  preheader,
  body,
  version: z.number().int().positive(),
})
export type LetterEdit = z.infer<typeof LetterEdit>

export const LetterSend = z.strictObject({
  /** The number of readers the confirmation named; sending needs the person to have seen one. */
  readers: z.number().int().nonnegative(),
})

export const LetterSchedule = z.strictObject({
  /** When to send (ISO date-time, in the future), or null to take it back to a draft. */
  sendAt: z.iso.datetime({ offset: true, error: 'Give a date and time.' }).nullable(),
})

export interface LetterProgress {
  queued: number
  sent: number
  failed: number
  bounced: number
  skipped: number
}

export interface LetterSummary {
  id: string
  kind: LetterKind
  slug: string
  subject: string
  preheader: string
  status: LetterStatus
  sendAt: string | null
  startedAt: string | null
  finishedAt: string | null
  recipients: number | null
  updatedAt: string
}

export interface LetterDetail extends LetterSummary {
  body: string
  version: number
  sourceKey: string | null
  progress: LetterProgress
  failedAddresses: { email: string; status: string; error: string | null }[]
  /** How many readers a send starting now would take. */
  readers: number
  /** Whether mail is set up and the postal address is given (else nothing can be sent). */
  canSend: { ok: true } | { ok: false; reason: string }
}

export interface LetterListAnswer {
  letters: LetterSummary[]
  readers: number
  /** Published episodes and articles a letter can be made from, newest first. */
  sources: { kind: 'episode' | 'article'; slug: string; title: string; date: string }[]
}

export interface LetterPreview {
  subject: string
  preheader: string
  html: string
  text: string
  /** The HTML's size in bytes (Gmail clips a message past 102 KB). */
  bytes: number
}
