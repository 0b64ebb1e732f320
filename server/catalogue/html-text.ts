/**
 * Store descriptions arrive as HTML (Shopify's body_html, WooCommerce's short_description). The
 * catalogue keeps plain text only: the site renders it as text, so markup would show as literal
 * tags, and nothing from a store is ever turned back into HTML. Entities are decoded last, so
 * "&lt;b&gt;" comes out as the visible characters "<b>", not as a tag, and by the `entities`
 * package: the whole HTML list, named and numeric, read as a browser reads text, where a list
 * of our own would miss "&oacute;" or "&euro;".
 */
import { decodeHTML } from 'entities'

/** Elements whose content is never text a reader should see. */
const HIDDEN_ELEMENTS =
  /<(script|style|template|noscript|iframe|object|svg|math|head|title)\b[\s\S]*?(?:<\/\1\s*>|$)/gi
/** Elements that break a line in a browser: they become a space, so words do not run together. */
const BLOCK_TAGS =
  /<\/?(?:p|div|br|hr|h[1-6]|ul|ol|dl|dt|dd|table|thead|tbody|tr|td|th|section|article|aside|header|footer|blockquote|pre|figure|figcaption)\b[^>]*>/gi
const LIST_ITEM = /<li\b[^>]*>/gi
const ANY_TAG = /<\/?[a-zA-Z][^>]*>|<![^>]*>|<\?[^>]*>/g
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g
// C0/C1 controls other than whitespace, and lone surrogates: never meant to be shown.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Turns an HTML fragment into one line of plain text, at most maxLength characters. */
export function htmlToText(html: string, maxLength = 2000): string {
  const text = decodeHTML(
    html
      .replace(COMMENT, ' ')
      .replace(HIDDEN_ELEMENTS, ' ')
      .replace(LIST_ITEM, ' \u2022 ')
      .replace(BLOCK_TAGS, ' ')
      .replace(ANY_TAG, ''),
  )
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim()
  return truncate(text, maxLength)
}

/** Cuts at a word boundary where there is one near the limit, and marks the cut with an ellipsis. */
export function truncate(text: string, maxLength: number): string {
  const characters = Array.from(text)
  if (characters.length <= maxLength) return text
  const cut = characters.slice(0, maxLength - 1).join('')
  const space = cut.lastIndexOf(' ')
  return (space > maxLength * 0.8 ? cut.slice(0, space) : cut).trimEnd() + '\u2026'
}
