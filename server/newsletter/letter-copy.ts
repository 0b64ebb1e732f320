/**
 * A rendered letter and one reader's copy of it, apart from the rendering (letter-mail.ts, which
 * loads React Email: about 0.7 s at a process's start, so the server imports it only when it
 * renders a letter). The rendered letter holds slots for each reader's own values.
 */

/** Where each reader's own values go in the rendered letter. */
export const UNSUBSCRIBE_SLOT = 'https://unsubscribe.invalid/reader-link'
export const ADDRESS_SLOT = 'reader-address@letter.invalid'

export interface RenderedLetter {
  subject: string
  html: string
  text: string
}

export interface ReaderCopy {
  html: string
  text: string
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** One reader's copy: their unsubscribe link and their address in the rendered letter. */
export function personalise(
  letter: RenderedLetter,
  reader: { email: string; unsubscribeUrl: string },
): ReaderCopy {
  return {
    html: letter.html
      .replaceAll(UNSUBSCRIBE_SLOT, escapeHtml(reader.unsubscribeUrl))
      .replaceAll(ADDRESS_SLOT, escapeHtml(reader.email)),
    text: letter.text
      .replaceAll(UNSUBSCRIBE_SLOT, reader.unsubscribeUrl)
      .replaceAll(ADDRESS_SLOT, reader.email),
  }
}
