/**
 * An article body between its Markdown and the editor's document (Tiptap's JSON), both ways.
 *
 * Markdown is read by the site's own parser (`parseMarkdown`, common/content/markdown-syntax.ts),
 * so the editor shows what the page renders, and written by mdast-util-to-markdown in the style
 * the sample articles are written in (`##` headings, `*emphasis*`, `**strong**`, `-` bullets,
 * fenced code). Two kinds of block are kept exactly as written:
 *
 * - a photo (`::photo[caption]{image=… alt="…"}`) is one node with three attributes; one the
 *   writer has not changed is written back byte for byte, a changed one in the canonical form;
 * - anything the editor has no node for (a table, a footnote, raw HTML, a link to a refused
 *   address, a level-1 heading, another directive…) becomes a "Markdown block" holding its
 *   source: shown as written, never lost, and reported by the site's checks with its line.
 *
 * Pure functions, no DOM: the round-trip test runs them on every sample article.
 */
import type { JSONContent } from '@tiptap/core'
import type {
  BlockContent,
  Heading,
  List,
  ListItem,
  PhrasingContent,
  Root,
  RootContent,
  Text,
} from 'mdast'
import { gfmToMarkdown } from 'mdast-util-gfm'
import { defaultHandlers, toMarkdown, type Handle, type Options } from 'mdast-util-to-markdown'
import { parseMarkdown, sourceOf, unsafeUrlReason } from '#common/content/markdown-syntax.ts'

/** The attributes of the photo node. `source` is the line it was read from, if any. */
export interface PhotoAttributes {
  image: string
  alt: string
  /** Markdown (emphasis, links), as written between the brackets. */
  caption: string
  source?: string | null
}

/** Thrown while reading a block the editor cannot show as rich text. */
class NotRichText extends Error {}

// ── Markdown → document ──────────────────────────────────────────────────────────────────────

/** The editor's document for an article body. */
export function markdownToDocument(body: string): JSONContent {
  const tree = parseMarkdown(body)
  const content = tree.children.flatMap((node) => topLevelBlock(node, body))
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] }
}

function topLevelBlock(node: RootContent, body: string): JSONContent[] {
  try {
    return block(node, body)
  } catch (error) {
    if (!(error instanceof NotRichText)) throw error
    return [{ type: 'markdownBlock', attrs: { source: sourceOf(body, node) } }]
  }
}

function block(node: RootContent, body: string): JSONContent[] {
  switch (node.type) {
    case 'paragraph':
      return [withContent({ type: 'paragraph' }, inline(node.children, []))]
    case 'heading':
      // The headline is the page's only level-1 heading: the site refuses "#" and so the editor
      // keeps one as written, for the writer to see the check's message about it.
      if (node.depth === 1) throw new NotRichText()
      return [
        withContent({ type: 'heading', attrs: { level: node.depth } }, inline(node.children, [])),
      ]
    case 'blockquote': {
      const content = node.children.flatMap((child) => block(child, body))
      if (content.length === 0) throw new NotRichText()
      return [{ type: 'blockquote', content }]
    }
    case 'list':
      return [list(node, body)]
    case 'thematicBreak':
      return [{ type: 'horizontalRule' }]
    case 'code':
      if (node.meta) throw new NotRichText()
      return [
        withContent(
          { type: 'codeBlock', attrs: { language: node.lang ?? null } },
          node.value ? [{ type: 'text', text: node.value }] : [],
        ),
      ]
    case 'leafDirective':
      if (node.name === 'photo') return [photo(node, body)]
      throw new NotRichText()
    default:
      // html, table, definition, footnoteDefinition, containerDirective, …
      throw new NotRichText()
  }
}

function list(node: List, body: string): JSONContent {
  const items = node.children.map((item) => listItem(item, body))
  return node.ordered
    ? {
        type: 'orderedList',
        attrs: { start: node.start ?? 1, spread: Boolean(node.spread) },
        content: items,
      }
    : { type: 'bulletList', attrs: { spread: Boolean(node.spread) }, content: items }
}

function listItem(item: ListItem, body: string): JSONContent {
  // Task lists ("- [ ]") have no node of their own here.
  if (item.checked !== null && item.checked !== undefined) throw new NotRichText()
  const content = item.children.flatMap((child) => block(child, body))
  if (content.length === 0) content.push({ type: 'paragraph' })
  else if (content[0]!.type !== 'paragraph') throw new NotRichText()
  return { type: 'listItem', attrs: { spread: Boolean(item.spread) }, content }
}

function photo(node: Extract<RootContent, { type: 'leafDirective' }>, body: string): JSONContent {
  const source = sourceOf(body, node)
  const attributes = node.attributes ?? {}
  const names = Object.keys(attributes)
  // Only a photo as the site writes it: a caption in brackets, image and alt, nothing else.
  if (
    !source.startsWith('::photo[') ||
    names.length !== 2 ||
    typeof attributes['image'] !== 'string' ||
    typeof attributes['alt'] !== 'string'
  )
    throw new NotRichText()
  const [first, last] = [node.children[0], node.children.at(-1)]
  const caption =
    first?.position?.start.offset !== undefined && last?.position?.end.offset !== undefined
      ? body.slice(first.position.start.offset, last.position.end.offset)
      : ''
  const attrs: PhotoAttributes = {
    image: attributes['image'],
    alt: attributes['alt'],
    caption,
    source,
  }
  return { type: 'photo', attrs }
}

type MarkJSON = { type: string; attrs?: Record<string, unknown> }

function inline(nodes: PhrasingContent[], marks: MarkJSON[]): JSONContent[] {
  return nodes.flatMap((node): JSONContent[] => {
    switch (node.type) {
      case 'text':
        return node.value ? [text(node.value, marks)] : []
      case 'emphasis':
        return inline(node.children, withMark(marks, 'italic'))
      case 'strong':
        return inline(node.children, withMark(marks, 'bold'))
      case 'delete':
        return inline(node.children, withMark(marks, 'strike'))
      case 'inlineCode':
        return [text(node.value, [...marks, { type: 'code' }])]
      case 'break':
        return [{ type: 'hardBreak' }]
      case 'link':
        // A link the site refuses stays in a Markdown block, where the check points at it; so
        // does one without text, which the editor could not show.
        if (unsafeUrlReason(node.url) || node.children.length === 0) throw new NotRichText()
        return inline(node.children, [
          ...marks,
          { type: 'link', attrs: { href: node.url, title: node.title ?? null } },
        ])
      default:
        // image, imageReference, linkReference, footnoteReference, html, textDirective
        throw new NotRichText()
    }
  })
}

/**
 * The marks with one more. Emphasis inside emphasis (`*a *b* c*`) has no rich text (a mark is on
 * or off): such a paragraph stays as written.
 */
function withMark(marks: MarkJSON[], type: string): MarkJSON[] {
  if (marks.some((mark) => mark.type === type)) throw new NotRichText()
  return [...marks, { type }]
}

function text(value: string, marks: MarkJSON[]): JSONContent {
  return marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value }
}

function withContent(node: JSONContent, content: JSONContent[]): JSONContent {
  return content.length > 0 ? { ...node, content } : node
}

// ── document → Markdown ──────────────────────────────────────────────────────────────────────

interface PhotoNode {
  type: 'photo'
  attrs: PhotoAttributes
}
interface SourceNode {
  type: 'markdownSource'
  value: string
}

/** The photo as Markdown: its source line when unchanged, else the canonical form. */
export function photoMarkdown(attrs: PhotoAttributes): string {
  if (attrs.source) {
    const read = markdownToDocument(attrs.source).content?.[0]
    const was = read?.type === 'photo' ? (read.attrs as PhotoAttributes) : undefined
    if (was && was.image === attrs.image && was.alt === attrs.alt && was.caption === attrs.caption)
      return attrs.source
  }
  const image = /^[^\s"'<=>`{}]+$/.test(attrs.image) ? attrs.image : `"${attribute(attrs.image)}"`
  return `::photo[${oneLine(attrs.caption)}]{image=${image} alt="${attribute(attrs.alt)}"}`
}

/** A directive attribute's value in double quotes: quotes and what reads as an entity escaped. */
function attribute(value: string): string {
  return oneLine(value)
    .replace(/&(?=#?[a-z0-9]+;)/gi, '&amp;')
    .replace(/"/g, '&quot;')
}

const oneLine = (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' ')

/** The marker a Markdown block starts with, when it is a list: "-", "*", "+", "." or ")". */
function listMarker(node: unknown): string | undefined {
  if ((node as SourceNode | undefined)?.type !== 'markdownSource') return undefined
  const match = /^(?:([-*+])|\d{1,9}([.)]))(?=[ \t\n]|$)/.exec((node as SourceNode).value)
  return match?.[1] ?? match?.[2]
}

const handlers: Record<string, Handle> = {
  photo: (node) => photoMarkdown((node as unknown as PhotoNode).attrs),
  markdownSource: (node) => (node as unknown as SourceNode).value,
  /**
   * A list beside a Markdown block that is a list with the same marker would become one list
   * with it: the list takes the other marker, as to-markdown does for two lists side by side.
   */
  list(node, parent, state, info) {
    const siblings = (parent?.children ?? []) as unknown[]
    const index = siblings.indexOf(node)
    const own = (node as List).ordered ? '.' : '-'
    if ([siblings[index - 1], siblings[index + 1]].some((other) => listMarker(other) === own))
      state.bulletLastUsed = own
    return defaultHandlers.list(node as List, parent, state, info)
  },
}

const OPTIONS: Options = {
  bullet: '-',
  emphasis: '*',
  strong: '*',
  rule: '-',
  fence: '`',
  fences: true,
  listItemIndent: 'one',
  extensions: [gfmToMarkdown(), { handlers }],
  // This dialect has no inline directives (`:word` in running text is text), so a colon needs
  // a backslash only where it would start one: `:name[` or `:name{`, or `::` at a line's start.
  unsafe: [
    { character: ':', after: '[A-Za-z][\\w-]*[\\[{]', inConstruct: 'phrasing' },
    { character: ':', after: ':', atBreak: true },
  ],
}

/**
 * The Markdown of the editor's document, as the body is stored: "\n" line ends, no blank lines
 * at the start, one "\n" at the end. Empty paragraphs (Enter pressed twice) are left out:
 * Markdown has no such thing.
 */
export function documentToMarkdown(doc: JSONContent): string {
  const root: Root = { type: 'root', children: (doc.content ?? []).flatMap(flow) as RootContent[] }
  const markdown = root.children.length > 0 ? toMarkdown(root, OPTIONS) : ''
  return markdown.replace(/^\n+/, '').replace(/\s*$/, '\n')
}

function flow(node: JSONContent): (RootContent | PhotoNode | SourceNode)[] {
  const content = node.content ?? []
  switch (node.type) {
    case 'paragraph': {
      const children = phrasing(content)
      return children.length > 0 ? [{ type: 'paragraph', children }] : []
    }
    case 'heading': {
      const children = phrasing(content)
      const depth = Number(node.attrs?.['level'] ?? 2) as Heading['depth']
      return children.length > 0 ? [{ type: 'heading', depth, children }] : []
    }
    case 'blockquote': {
      const children = content.flatMap(flow) as BlockContent[]
      return children.length > 0 ? [{ type: 'blockquote', children }] : []
    }
    case 'bulletList':
    case 'orderedList': {
      const children = content.map((item): ListItem => ({
        type: 'listItem',
        spread: Boolean(item.attrs?.['spread']),
        children: (item.content ?? []).flatMap(flow) as BlockContent[],
      }))
      if (children.length === 0) return []
      const spread = Boolean(node.attrs?.['spread'])
      return [
        node.type === 'orderedList'
          ? {
              type: 'list',
              ordered: true,
              start: Number(node.attrs?.['start'] ?? 1),
              spread,
              children,
            }
          : { type: 'list', ordered: false, spread, children },
      ]
    }
    case 'horizontalRule':
      return [{ type: 'thematicBreak' }]
    case 'codeBlock':
      return [
        {
          type: 'code',
          lang: (node.attrs?.['language'] as string | null | undefined) || null,
          value: content.map((child) => child.text ?? '').join(''),
        },
      ]
    case 'photo':
      return [{ type: 'photo', attrs: node.attrs as PhotoAttributes }]
    case 'markdownBlock': {
      const value = String(node.attrs?.['source'] ?? '').trim()
      return value ? [{ type: 'markdownSource', value }] : []
    }
    default:
      throw new Error(`The editor has no Markdown for a "${node.type}" block.`)
  }
}

interface Run {
  node: JSONContent
  marks: MarkJSON[]
}

/**
 * The marks that wrap others, outermost first when two start and end together. A link is the
 * innermost, as GFM reads a bare address in bold (`**www.example.org**`).
 */
const WRAPPERS = ['bold', 'italic', 'strike', 'link'] as const

const sameMark = (a: MarkJSON, b: MarkJSON) =>
  a.type === b.type && JSON.stringify(a.attrs ?? {}) === JSON.stringify(b.attrs ?? {})

/**
 * ProseMirror's flat marks back into Markdown's nesting: at each point, the mark that lasts
 * longest is opened first (so `**a *b* c**` stays one strong run), and a code mark is the
 * innermost, as inline code holds only text.
 */
function phrasing(content: JSONContent[]): PhrasingContent[] {
  return nest(
    content.map((node) => ({ node, marks: (node.marks ?? []) as MarkJSON[] })),
    [],
  )
}

function nest(runs: Run[], open: MarkJSON[]): PhrasingContent[] {
  const result: PhrasingContent[] = []
  let index = 0
  while (index < runs.length) {
    const run = runs[index]!
    const pending = run.marks.filter(
      (mark) =>
        (WRAPPERS as readonly string[]).includes(mark.type) &&
        !open.some((done) => sameMark(done, mark)),
    )
    if (pending.length === 0) {
      result.push(leaf(run))
      index++
      continue
    }
    const reach = (mark: MarkJSON) => {
      let end = index
      while (end < runs.length && runs[end]!.marks.some((other) => sameMark(other, mark))) end++
      return end
    }
    const outer = pending
      .map((mark) => ({ mark, end: reach(mark) }))
      .sort(
        (a, b) =>
          b.end - a.end ||
          WRAPPERS.indexOf(a.mark.type as (typeof WRAPPERS)[number]) -
            WRAPPERS.indexOf(b.mark.type as (typeof WRAPPERS)[number]),
      )[0]!
    result.push(...wrap(outer.mark, nest(runs.slice(index, outer.end), [...open, outer.mark])))
    index = outer.end
  }
  return result
}

function leaf({ node, marks }: Run): PhrasingContent {
  if (node.type === 'hardBreak') return { type: 'break' }
  const value = node.text ?? ''
  return marks.some((mark) => mark.type === 'code')
    ? { type: 'inlineCode', value }
    : { type: 'text', value }
}

/**
 * A mark around its content. Emphasis cannot start or end with a space in Markdown
 * (`* word*` is not emphasis), so spaces at its edges move outside it.
 */
function wrap(mark: MarkJSON, children: PhrasingContent[]): PhrasingContent[] {
  if (mark.type === 'link') {
    const title = mark.attrs?.['title']
    return [
      {
        type: 'link',
        url: String(mark.attrs?.['href'] ?? ''),
        title: typeof title === 'string' && title ? title : null,
        children,
      },
    ]
  }
  const before = takeSpace(children, 'start')
  const after = takeSpace(children, 'end')
  const type = mark.type === 'bold' ? 'strong' : mark.type === 'italic' ? 'emphasis' : 'delete'
  const inner: PhrasingContent[] =
    children.length > 0 ? [{ type, children } as PhrasingContent] : []
  return [...(before ? [spaceText(before)] : []), ...inner, ...(after ? [spaceText(after)] : [])]
}

function takeSpace(children: PhrasingContent[], side: 'start' | 'end'): string {
  const index = side === 'start' ? 0 : children.length - 1
  const edge = children[index]
  if (edge?.type !== 'text') return ''
  const match = side === 'start' ? /^\s+/u.exec(edge.value) : /\s+$/u.exec(edge.value)
  if (!match) return ''
  edge.value =
    side === 'start' ? edge.value.slice(match[0].length) : edge.value.slice(0, match.index)
  if (!edge.value) children.splice(index, 1)
  return match[0]
}

const spaceText = (value: string): Text => ({ type: 'text', value })
