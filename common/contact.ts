/**
 * The plain facts of the contact and newsletter forms, without the schema library: limits,
 * endpoints, field names and the address checks. The browser imports this module (it keeps zod
 * out of every page's JavaScript); common/contact-schemas.ts builds the zod schemas on top of it.
 */

export const CONTACT_LIMITS = { name: 200, email: 254, website: 2048, message: 5000 } as const

/**
 * Spam defence without a CAPTCHA (docs/decisions/005-contact-delivery.md). The honeypot is an
 * input people never see; "fax" because bots fill it and browsers no longer autofill it.
 */
export const HONEYPOT_FIELD = 'fax'

/** Endpoints of the two forms, relative to the site's origin. */
export const CONTACT_ENDPOINT = '/api/contact/'
export const NEWSLETTER_ENDPOINT = '/api/newsletter/subscribe/'
/** The newsletter's public archive of sent letters (common/newsletter-archive.ts). */
export const LETTER_ARCHIVE_PATH = '/newsletter/archive'

/** Where the confirmation link of a newsletter sign-up lands: /?newsletter=<state>. */
export const NEWSLETTER_CONFIRM_PARAM = 'newsletter'
export const newsletterConfirmStates = [
  'confirmed',
  'already-confirmed',
  'expired',
  'invalid',
] as const
export type NewsletterConfirmState = (typeof newsletterConfirmStates)[number]

// C0 controls, DEL, NEL and the Unicode line/paragraph separators: none of them belongs in a
// one-line value, and a line break in a name or an address would end up in a mail header.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NOT_ONE_LINE = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/
// A message may span lines; it may not carry NUL (PostgreSQL text cannot store it) or other
// invisible controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const BAD_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
}

/** The field names of the contact form that can carry an error message. */
export const contactFields = ['name', 'email', 'website', 'message'] as const
export type ContactField = (typeof contactFields)[number]
