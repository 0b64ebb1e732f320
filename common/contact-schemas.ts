/**
 * What a visitor sends from the contact form and the newsletter sign-up, as one zod schema per
 * form that both the site and the server use. The server parses every request with these; the
 * site relies on the browser's native checks (docs/requirements.md#forms) and shows the server's per-field
 * answers next to the fields.
 */
import { z } from 'zod'

export * from './contact.ts'
import { BAD_IN_TEXT, CONTACT_LIMITS, HONEYPOT_FIELD, isHttpUrl, NOT_ONE_LINE } from './contact.ts'
import { isEmailAddress } from './validation.ts'

const wellFormed = (value: string) => value.isWellFormed()
const blankToUndefined = (value: string | undefined) => (value === '' ? undefined : value)

const name = z
  .string({ error: 'Please enter your name.' })
  .refine((v) => !NOT_ONE_LINE.test(v), 'Your name must fit on one line.')
  .refine(wellFormed, 'Your name contains characters we cannot read.')
  .trim()
  .min(1, 'Please enter your name.')
  .max(CONTACT_LIMITS.name, `Please keep your name to ${CONTACT_LIMITS.name} characters.`)

export const emailAddress = z
  .string({ error: 'Please enter your e-mail address.' })
  .refine((v) => !NOT_ONE_LINE.test(v), 'Your e-mail address must fit on one line.')
  .trim()
  .min(1, 'Please enter your e-mail address.')
  .max(CONTACT_LIMITS.email, `An e-mail address has at most ${CONTACT_LIMITS.email} characters.`)
  .refine(isEmailAddress, 'Please enter a valid e-mail address, such as name@example.org.')

const website = z
  .string({ error: 'Please enter a web address or leave the field empty.' })
  .refine((v) => !NOT_ONE_LINE.test(v), 'The web address must fit on one line.')
  .trim()
  .max(
    CONTACT_LIMITS.website,
    `Please keep the web address to ${CONTACT_LIMITS.website} characters.`,
  )
  .refine(
    (v) => v === '' || isHttpUrl(v),
    'Please enter a web address starting with http:// or https://.',
  )
  .optional()
  .transform(blankToUndefined)

const message = z
  .string({ error: 'Please write your message as text.' })
  .refine((v) => !BAD_IN_TEXT.test(v), 'Your message contains control characters we cannot store.')
  .refine(wellFormed, 'Your message contains characters we cannot read.')
  .trim()
  .max(CONTACT_LIMITS.message, `Please keep your message to ${CONTACT_LIMITS.message} characters.`)
  .optional()
  .transform(blankToUndefined)

/** The honeypot: any value at all marks the submission as spam (it is still answered 201). */
const honeypot = z.string({ error: 'Invalid value.' }).max(2048, 'Invalid value.').optional()

/**
 * When the visitor opened the form, in milliseconds since 1970 (the browser's clock). A
 * submission that arrives sooner than the minimum fill time after it is treated as spam.
 */
const startedAt = z
  .number({ error: 'Invalid form start time.' })
  .int('Invalid form start time.')
  .min(0, 'Invalid form start time.')
  .max(8.64e15, 'Invalid form start time.')
  .optional()

/**
 * A random id the browser gives each submission, so that sending it again from the offline
 * outbox (after a lost answer) stores it once.
 */
const submissionId = z.uuid({ error: 'Invalid submission id.' }).optional()

export const ContactSubmission = z.strictObject({
  name,
  email: emailAddress,
  website,
  message,
  [HONEYPOT_FIELD]: honeypot,
  startedAt,
  submissionId,
})
export type ContactSubmission = z.output<typeof ContactSubmission>

export const NewsletterSignup = z.strictObject({
  email: emailAddress,
  [HONEYPOT_FIELD]: honeypot,
  startedAt,
  submissionId,
})
export type NewsletterSignup = z.output<typeof NewsletterSignup>

/** The body of a 400 answer from the contact and newsletter endpoints. */
export const ValidationErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()),
})
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>
