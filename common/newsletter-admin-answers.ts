/**
 * What the letters' routes of the back office answer (server/newsletter/letter-routes.ts), as
 * zod schemas checked against the types the staff app reads (newsletter-admin.ts).
 */
import { z } from 'zod'
import {
  LETTER_KINDS,
  type LetterDetail,
  type LetterListAnswer,
  type LetterPreview,
  type LetterSummary,
} from './newsletter-admin.ts'

const letterSummary = {
  id: z.string(),
  kind: z.enum(LETTER_KINDS),
  slug: z.string(),
  subject: z.string(),
  preheader: z.string(),
  status: z.enum(['draft', 'scheduled', 'sending', 'sent']),
  sendAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  recipients: z.number().int().nullable(),
  updatedAt: z.string(),
}

const LetterSummarySchema = z.strictObject(letterSummary) satisfies z.ZodType<LetterSummary>

export const LetterListAnswerSchema = z.strictObject({
  letters: z.array(LetterSummarySchema),
  readers: z.number().int(),
  sources: z.array(
    z.strictObject({
      kind: z.enum(['episode', 'article']),
      slug: z.string(),
      title: z.string(),
      date: z.string(),
    }),
  ),
}) satisfies z.ZodType<LetterListAnswer>

export const LetterDetailSchema = z.strictObject({
  ...letterSummary,
  body: z.string(),
  version: z.number().int(),
  sourceKey: z.string().nullable(),
  progress: z.strictObject({
    queued: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    bounced: z.number().int(),
    skipped: z.number().int(),
  }),
  failedAddresses: z.array(
    z.strictObject({ email: z.string(), status: z.string(), error: z.string().nullable() }),
  ),
  readers: z.number().int(),
  canSend: z.union([
    z.strictObject({ ok: z.literal(true) }),
    z.strictObject({ ok: z.literal(false), reason: z.string() }),
  ]),
}) satisfies z.ZodType<LetterDetail>

export const LetterPreviewSchema = z.strictObject({
  subject: z.string(),
  preheader: z.string(),
  html: z.string(),
  text: z.string(),
  bytes: z.number().int(),
}) satisfies z.ZodType<LetterPreview>

/** POST /letters/:id/test: sent to the person asking. */
export const TestSentAnswer = z.strictObject({ ok: z.literal(true), to: z.string() })
