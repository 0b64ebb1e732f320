/**
 * Store descriptions arrive as HTML (Shopify's body_html, WooCommerce's short_description). The
 * catalogue keeps plain text only: the site renders it as text, so markup would show as literal
 * tags, and nothing from a store is ever turned back into HTML. Entities are decoded last, so
 * "&lt;b&gt;" comes out as the visible characters "<b>", not as a tag.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  bull: '\u2022',
  middot: '\u00b7',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  sect: '\u00a7',
  para: '\u00b6',
  frac12: '\u00bd',
  frac14: '\u00bc',
  frac34: '\u00be',
  times: '\u00d7',
  eacute: '\u00e9',
  egrave: '\u00e8',
  aacute: '\u00e1',
  agrave: '\u00e0',
  ccedil: '\u00e7',
  ntilde: '\u00f1',
  uuml: '\u00fc',
  ouml: '\u00f6',
}

/** Elements whose content is never text a reader should see. */
const HIDDEN_ELEMENTS =
  /<(script|style|template|noscript|iframe|object|svg|math|head|title)\b[\s\S]*?(?:<\/\1\s*>|$)/gi
/** Elements that break a line in a browser: they become a space, so words do not run together. */
const BLOCK_TAGS =
  /<\/?(?:p|div|br|hr|h[1-6]|ul|ol|dl|dt|dd|table|thead|tbody|tr|td|th|section|article|aside|header|footer|blockquote|pre|figure|figcaption)\b[^>]*>/gi
const LIST_ITEM = /<li\b[^>]*>/gi
const ANY_TAG = /<\/?[a-zA-Z][^>]*>|<![^>]*>|<\?[^>]*>/g
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g
const ENTITY = /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi
// C0/C1 controls other than whitespace, and lone surrogates: never meant to be shown.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10)
      if (
        !Number.isFinite(code) ||
        code === 0 ||
        code > 0x10ffff ||
        (code >= 0xd800 && code <= 0xdfff)
      )
        return '\ufffd'
      return String.fromCodePoint(code)
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** Turns an HTML fragment into one line of plain text, at most maxLength characters. */
export function htmlToText(html: string, maxLength = 2000): string {
  const text = decodeEntities(
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
