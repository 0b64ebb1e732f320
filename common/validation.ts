/**
 * Checks every form shares, the site's and the back office's: whether a string is an e-mail
 * address we can write to, and a zod error as one message per field.
 */
import type { z } from 'zod'

/** What a 400 answer names: one message per field. */
export type FieldErrors = Record<string, string>

/** The longest address SMTP carries (RFC 5321: a 256-octet path less its angle brackets). */
const EMAIL_MAX_LENGTH = 254

/**
 * The address syntax the server accepts: RFC 5321 dot-atom local part (so apostrophes, "+" and
 * the other atext characters work) of at most 64 characters, and a domain of DNS labels with an
 * alphabetic or punycode top-level label. Stricter than the browser's check on purpose: it
 * requires a dot in the domain, because "someone@localhost" cannot receive our mail.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@')
  if (at < 1 || value.length > EMAIL_MAX_LENGTH) return false
  const local = value.slice(0, at)
  const labels = value.slice(at + 1).split('.')
  return (
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LABEL.test(labels.at(-1)!)
  )
}

/**
 * One message per field (the first problem found), for the API's 400 answer. Unknown fields are
 * named too; a problem with the body as a whole goes under "_".
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= 'This field is not part of the form.'
      continue
    }
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_'
    fields[key] ??= key === '_' ? 'Please send the form as a JSON object.' : issue.message
  }
  return fields
}
