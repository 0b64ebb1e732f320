/**
 * Store descriptions arrive as HTML (Shopify's body_html, WooCommerce's short_description). The
 * catalogue keeps plain text only: the site renders it as text, so markup would show as literal
 * tags, and nothing from a store is ever turned back into HTML.
 *
 * The markup is read by htmlparser2's tokenizer, a state machine that looks at each character
 * once: hostile markup (thousands of "<a" without a ">", deep nesting, floods of entities) costs
 * time in proportion to its length, never to its square, as regular expressions over tags did
 * (issue 21: 32,000 characters took 1.9 s). Entities are decoded by the same pass, the whole
 * HTML list, named and numeric, read as a browser reads text, so "&lt;b&gt;" comes out as the
 * visible characters "<b>", never as a tag. A tag left open at the end of the text is dropped,
 * as a browser drops it.
 */
import { Tokenizer } from 'htmlparser2'

/**
 * The most HTML read per field: the rest is cut off before parsing. A description keeps 2,000
 * characters of text; 100,000 characters of markup leave room for inline styles and pictures
 * before that text, and cost about a millisecond to read.
 */
export const MAX_HTML_LENGTH = 100_000

/** Elements whose content is never text a reader should see. */
const HIDDEN_ELEMENTS = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'svg',
  'math',
  'head',
  'title',
])
/** Elements that break a line in a browser: they become a space, so words do not run together. */
const BLOCK_ELEMENTS = new Set([
  'p',
  'div',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
])
// C0/C1 controls other than whitespace, and lone surrogates: never meant to be shown.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Turns an HTML fragment into one line of plain text, at most maxLength characters. */
export function htmlToText(html: string, maxLength = 2000): string {
  const source = html.length > MAX_HTML_LENGTH ? html.slice(0, MAX_HTML_LENGTH) : html
  const parts: string[] = []
  // Inside a hidden element: its name and how many of it are open (an <svg> in an <svg>).
  let hidden: string | undefined
  let hiddenDepth = 0
  let openTag = ''
  const leave = (name: string) => {
    if (name === hidden && --hiddenDepth === 0) hidden = undefined
  }
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext(start, end) {
        if (!hidden) parts.push(source.slice(start, end))
      },
      ontextentity(codepoint) {
        if (!hidden) parts.push(String.fromCodePoint(codepoint))
      },
      onopentagname(start, end) {
        openTag = source.slice(start, end).toLowerCase()
        if (hidden) {
          if (openTag === hidden) hiddenDepth++
        } else if (HIDDEN_ELEMENTS.has(openTag)) {
          hidden = openTag
          hiddenDepth = 1
        } else if (openTag === 'li') parts.push(' \u2022 ')
        else if (BLOCK_ELEMENTS.has(openTag)) parts.push(' ')
      },
      onselfclosingtag() {
        leave(openTag)
      },
      onclosetag(start, end) {
        const name = source.slice(start, end).toLowerCase()
        if (hidden) leave(name)
        else if (BLOCK_ELEMENTS.has(name)) parts.push(' ')
      },
      onattribdata() {},
      onattribentity() {},
      onattribend() {},
      onattribname() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onopentagend() {},
      onprocessinginstruction() {},
    },
  )
  tokenizer.write(source)
  tokenizer.end()
  const text = parts.join('').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()
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
