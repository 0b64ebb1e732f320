/**
 * How the site reads an article body, apart from what it does with it: the dialect's parser
 * (CommonMark + GFM + remark-directive, with `:word` in running text kept as text) and the rule
 * for link addresses. The site's checks and renderer (./markdown.ts) and the staff app's editor
 * (app/admin/editor/) both read bodies through these, so what the editor shows is what the page
 * renders. No rendering code here: the staff app's bundle takes this module alone.
 */
import type { Root as MdastRoot, RootContent as MdastContent, Text } from 'mdast'
import remarkDirective from 'remark-directive'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])

/**
 * Why a link address may not be used, or undefined when it may. Browsers ignore tabs, line
 * breaks and leading control characters in a URL and read the scheme in any case, so
 * "JaVa&#x09;script:" is javascript: too; micromark has already decoded the entities.
 */
export function unsafeUrlReason(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- exactly the characters browsers strip
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase()
  if (scheme === undefined || SAFE_SCHEMES.has(scheme)) return undefined
  return `a link may go to an http(s), mailto: or tel: address, a path such as /about or an #anchor; "${scheme}:" is not allowed`
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective)

export interface Positioned {
  position?: { start: { line: number; column: number; offset?: number }; end: { offset?: number } }
}

/** The part of `body` a node was read from ('' when the node has no position). */
export function sourceOf(body: string, node: Positioned): string {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  return start === undefined || end === undefined ? '' : body.slice(start, end)
}

/**
 * The body as a Markdown tree. This dialect has no inline directives, so `:word` in running
 * text ("at 6:40", "Note:") is text again, as a writer means it; one with a [label] or
 * {attributes} is kept as a directive for the checks to refuse.
 */
export function parseMarkdown(body: string): MdastRoot {
  const tree = parser.parse(body)
  const restore = (node: MdastRoot | MdastContent) => {
    if (!('children' in node)) return
    const list = node.children as MdastContent[]
    for (let i = 0; i < list.length; i++) {
      const child = list[i]!
      if (child.type === 'textDirective') {
        const source = sourceOf(body, child)
        if (source === `:${child.name}`) {
          list[i] = { type: 'text', value: source, position: child.position } as Text
          continue
        }
      }
      restore(child)
    }
    // Adjacent text nodes become one, so punctuation is read across them ("6:40").
    for (let i = list.length - 1; i > 0; i--) {
      const [before, after] = [list[i - 1]!, list[i]!]
      if (before.type === 'text' && after.type === 'text') {
        before.value += after.value
        if (before.position && after.position) before.position.end = after.position.end
        list.splice(i, 1)
      }
    }
  }
  restore(tree)
  return tree
}
