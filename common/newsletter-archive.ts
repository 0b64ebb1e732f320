/**
 * The newsletter's public archive (docs/newsletter.md, ADR 024): what the site shows of a letter
 * that went out, and the addresses under /newsletter/ that the site's own pages hold. The server
 * reads sent letters from the database (server/newsletter/letters.ts) and hands them to the render
 * worker with the published content; the pages (app/routes/newsletter-*.tsx) read them from the
 * snapshot. Nothing about readers is here: a letter is the same words for everyone.
 */
import { LETTER_ARCHIVE_PATH } from './contact.ts'

/** A letter that went out (or started to), as its public copy shows it. */
export interface ArchivedLetter {
  /** Its address, /newsletter/<slug>: fixed once the send started. */
  slug: string
  subject: string
  preheader: string
  /** The Markdown body, as in the mail (the articles' Markdown, pictures from the media library). */
  body: string
  /** When the send started (ISO): the date the archive shows and sorts by. */
  sentAt: string
}

export { LETTER_ARCHIVE_PATH }
export const NEWSLETTER_PATH = '/newsletter'
export const letterPath = (slug: string) => `${NEWSLETTER_PATH}/${slug}`

/**
 * Names under /newsletter/ that are the site's own pages (app/page-paths.ts: the archive and
 * the sign-up's form pages), and the sign-up's API name: no letter's slug may be one of them.
 * app/page-paths.test.ts checks that every page under /newsletter/ is listed here.
 */
export const RESERVED_LETTER_SLUGS: ReadonlySet<string> = new Set([
  'archive',
  'confirm',
  'confirmed',
  'already-confirmed',
  'expired',
  'invalid-link',
  'unsubscribe',
  'unsubscribed',
  'check-your-inbox',
  'subscribe',
  'subscribed',
  'not-sent',
])
