/**
 * The names the resend queue shares between the part every page loads (resend-queue-lazy.ts), the
 * resend queue itself (resend-queue.ts) and the forms: a leaf module, so none of them imports another for
 * these (lint forbids import cycles).
 */

/** Where the resend queue lives in localStorage. */
export const RESEND_QUEUE_KEY = 'docucommons:form-outbox'

/**
 * A random UUID. crypto.randomUUID() exists only on secure origins (https, localhost), so plain
 * http falls back to getRandomValues, which works everywhere.
 */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
