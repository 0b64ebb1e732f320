/**
 * Article bodies: CommonMark + GitHub Flavored Markdown, with one directive (remark-directive
 * syntax) for what Markdown cannot say, a photo with its caption:
 *
 *   ::photo[The caption, with *emphasis* if needed.]{image=articles/marisol-vega/photo-1 alt="…"}
 *
 * Nothing a writer types is code: `checkMarkdown` refuses raw HTML, links whose address is not
 * http(s), mailto:, tel:, a path or an #anchor, Markdown images, unknown directives and photos
 * the media manifest does not have, each with its line and column; `renderMarkdown` refuses the
 * same (it never silently drops anything) and renders without raw HTML through a sanitiser with
 * the explicit schema below, so even a bug in the checks cannot put a script on a page.
 * See docs/content.md and docs/decisions/014-content-as-data.md.
 */
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast'
import type { Root as MdastRoot, RootContent as MdastContent, Parent } from 'mdast'
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkRehype from 'remark-rehype'
import remarkSmartypants from 'remark-smartypants'
import { unified } from 'unified'
import { parseMarkdown, unsafeUrlReason, type Positioned } from './markdown-syntax.ts'
import type { ImageSource } from './media.ts'

export { parseMarkdown, unsafeUrlReason }

export interface MarkdownProblem {
  line: number
  column: number
  message: string
  /**
   * What the site never stores, not even in a draft: raw HTML, a link to a script. Other
   * problems (a photo without its caption, a level-1 heading) only keep a draft from going live.
   */
  unsafe?: true
}

/** Thrown by renderMarkdown for a body checkMarkdown refuses. */
export class MarkdownError extends Error {
  override name = 'MarkdownError'
  readonly problems: MarkdownProblem[]
  constructor(problems: MarkdownProblem[]) {
    super(problems.map((p) => `line ${p.line}, column ${p.column}: ${p.message}`).join('\n'))
    this.problems = problems
  }
}

/** The photo directive's attributes: the picture's media id and its text alternative. */
const PHOTO_ATTRIBUTES = ['image', 'alt'] as const

/** How a photo is written, for messages. */
export const PHOTO_SYNTAX = '::photo[Caption]{image=media/id alt="What the picture shows"}'

/** The sizes attribute of an article photo: the reading column, or the window on a phone. */
const PHOTO_SIZES = '(min-width: 768px) 48rem, 100vw'

function at(node: Positioned, message: string): MarkdownProblem {
  return {
    line: node.position?.start.line ?? 1,
    column: node.position?.start.column ?? 1,
    message,
  }
}

type AnyNode = MdastContent | MdastRoot

function children(node: AnyNode): MdastContent[] {
  return 'children' in node ? (node.children as MdastContent[]) : []
}

function plainText(node: AnyNode): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  return children(node).map(plainText).join('')
}

export interface CheckOptions {
  /** Whether the media manifest has a picture with this id. */
  imageExists: (id: string) => boolean
}

/**
 * The problems of bodies checked lately, with the photos' pictures still to look up: every
 * change is checked with everything published (server/content/repository.ts), and parsing the
 * unchanged articles again each time held the server's event loop for tens of milliseconds.
 */
const checked = new Map<string, (MarkdownProblem | MissingPicture)[]>()
const CHECKED_MAX = 256

interface MissingPicture extends Omit<MarkdownProblem, 'message'> {
  /** The problem, if the media library has no picture with this id. */
  picture: string
}

/** Everything in a body that the site refuses to publish, in reading order. */
export function checkMarkdown(body: string, options: CheckOptions): MarkdownProblem[] {
  let found = checked.get(body)
  if (found) {
    // Most recently used last: the first is the one to drop.
    checked.delete(body)
  } else {
    found = problemsIn(parseMarkdown(body))
    if (checked.size >= CHECKED_MAX) checked.delete(checked.keys().next().value!)
  }
  checked.set(body, found)
  return withPictures(found, options)
}

/** The problems with the photos' pictures looked up in the media library. */
function withPictures(
  found: (MarkdownProblem | MissingPicture)[],
  options: CheckOptions,
): MarkdownProblem[] {
  return found.flatMap((problem) => {
    if (!('picture' in problem)) return [problem]
    if (options.imageExists(problem.picture)) return []
    const { picture, ...position } = problem
    return [{ ...position, message: `there is no picture "${picture}" in the media library` }]
  })
}

/** The problems of a parsed body; a photo's picture is for withPictures to look up. */
function problemsIn(tree: MdastRoot): (MarkdownProblem | MissingPicture)[] {
  const problems: (MarkdownProblem | MissingPicture)[] = []
  const visit = (node: AnyNode) => {
    switch (node.type) {
      case 'html': {
        const shown = node.value.trim().split('\n', 1)[0]!.slice(0, 60)
        problems.push({
          ...at(
            node,
            `raw HTML is not allowed (${shown}): write Markdown, or ${PHOTO_SYNTAX} for a photo`,
          ),
          unsafe: true,
        })
        return
      }
      case 'heading':
        if (node.depth === 1)
          problems.push(
            at(
              node,
              'a level-1 heading (# …) is not allowed: the headline is the page’s only one; start sections with ##',
            ),
          )
        break
      case 'link':
      case 'definition': {
        const reason = unsafeUrlReason(node.url)
        if (reason) problems.push({ ...at(node, reason), unsafe: true })
        break
      }
      case 'image':
      case 'imageReference':
        problems.push(
          at(
            node,
            `a Markdown image is not allowed: place a picture from the media library with ${PHOTO_SYNTAX}`,
          ),
        )
        return
      case 'textDirective':
        problems.push(
          at(
            node,
            `":${node.name}[…]" / ":${node.name}{…}" is not a directive this site knows; the only directive is ${PHOTO_SYNTAX}, on a line of its own`,
          ),
        )
        return
      case 'containerDirective':
        problems.push(
          at(
            node,
            node.name === 'photo'
              ? `a photo is one line, not a block: ${PHOTO_SYNTAX}`
              : `":::${node.name}" is not a directive this site knows; the only directive is ${PHOTO_SYNTAX}`,
          ),
        )
        return
      case 'leafDirective':
        problems.push(...photoProblems(node))
        break
      case 'paragraph': {
        const first = node.children[0]
        if (first?.type === 'text' && /^:{2,}[a-z]/i.test(first.value))
          problems.push(
            at(
              node,
              `this line starts like a directive but cannot be read (check its brackets and quotes): a photo is written ${PHOTO_SYNTAX}`,
            ),
          )
        break
      }
    }
    for (const child of children(node)) visit(child)
  }
  visit(tree)
  return problems
}

function photoProblems(
  node: Extract<MdastContent, { type: 'leafDirective' }>,
): (MarkdownProblem | MissingPicture)[] {
  if (node.name !== 'photo')
    return [
      at(
        node,
        `"::${node.name}" is not a directive this site knows; the only directive is ${PHOTO_SYNTAX}`,
      ),
    ]
  const problems: (MarkdownProblem | MissingPicture)[] = []
  const attributes = node.attributes ?? {}
  const unknown = Object.keys(attributes).filter(
    (name) => !(PHOTO_ATTRIBUTES as readonly string[]).includes(name),
  )
  if (unknown.length > 0)
    problems.push(
      at(
        node,
        `a photo takes only image and alt, not ${unknown.map((name) => (name === 'class' ? '.class' : name === 'id' ? '#id' : name)).join(', ')}: ${PHOTO_SYNTAX}`,
      ),
    )
  const image = attributes['image']?.trim() ?? ''
  if (!image)
    problems.push(at(node, `a photo needs image=…, the picture’s media id: ${PHOTO_SYNTAX}`))
  else {
    const { line, column } = at(node, '')
    problems.push({ line, column, picture: image })
  }
  if (!(attributes['alt'] ?? '').trim())
    problems.push(
      at(
        node,
        `a photo needs alt="…", a text alternative that says what the picture shows: ${PHOTO_SYNTAX}`,
      ),
    )
  if (!plainText(node).trim())
    problems.push(at(node, `a photo needs a caption in its brackets: ${PHOTO_SYNTAX}`))
  return problems
}

/** The words of a body as a reader counts them: photos (captions included) left out. */
export function articleWordCount(body: string): number {
  return body
    .replace(/^::photo\b.*$/gm, ' ')
    .split(/\s+/)
    .filter((word) => /\w/.test(word)).length
}

export interface RenderOptions extends CheckOptions {
  /** The sources of a manifest picture (undefined when there is none). */
  image: (id: string, alt: string) => ImageSource | undefined
}

/**
 * Photos become <figure> elements (the same markup as app/components/ui/picture.tsx, which a
 * test holds them to) before the tree is turned into HTML. The caption is a paragraph until
 * then, so typographic quotes treat it as the start of a text of its own.
 */
function photoFigures(options: RenderOptions) {
  return (tree: MdastRoot) => {
    const replace = (node: AnyNode) => {
      const list = children(node)
      list.forEach((child, index) => {
        if (child.type === 'leafDirective' && child.name === 'photo') {
          const alt = child.attributes?.['alt'] ?? ''
          const source = options.image(child.attributes?.['image'] ?? '', alt)
          if (!source) throw new Error(`photo "${child.attributes?.['image']}" has no sources`)
          list[index] = photoFigure(source, child.children, child.position) as MdastContent
        } else replace(child)
      })
    }
    replace(tree)
  }
}

function photoFigure(source: ImageSource, caption: Parent['children'], position: unknown) {
  const img: Element = {
    type: 'element',
    tagName: 'img',
    properties: {
      src: source.src,
      alt: source.alt,
      width: source.width,
      height: source.height,
      loading: 'lazy',
      decoding: 'async',
      style: `background-color:${source.color}`,
      className: ['h-auto', 'w-full'],
    },
    children: [],
  }
  const sourceElement = (type: string, srcSet: string): Element => ({
    type: 'element',
    tagName: 'source',
    properties: { type, srcSet, sizes: PHOTO_SIZES },
    children: [],
  })
  return {
    type: 'photoFigure',
    position,
    data: { hName: 'figure', hProperties: { className: ['article-figure'] } },
    children: [
      {
        type: 'photoPicture',
        data: {
          hName: 'picture',
          hProperties: { className: ['block'] },
          hChildren: [
            sourceElement('image/avif', source.avifSrcSet),
            sourceElement('image/webp', source.webpSrcSet),
            img,
          ],
        },
        children: [],
      },
      { type: 'paragraph', data: { hName: 'figcaption' }, children: caption },
    ],
  }
}

/** Outbound links (the subjects' organisations) open in a new tab, without an opener. */
function externalLinks() {
  return (tree: HastRoot) => {
    const visit = (node: HastRoot | HastContent) => {
      if (node.type === 'element' && node.tagName === 'a') {
        const href = String(node.properties['href'] ?? '')
        if (/^https?:\/\//i.test(href)) {
          node.properties['rel'] = ['noopener']
          node.properties['target'] = '_blank'
        }
      }
      if ('children' in node) node.children.forEach(visit)
    }
    visit(tree)
  }
}

const MEDIA_URL = '/media/[a-z0-9/-]+-\\d+\\.(?:avif|webp)'

/**
 * The ids of footnotes and their references (remark-rehype's prefix, then the label, encoded),
 * and of the footnotes' heading.
 */
const FOOTNOTE_ID = /^(?:user-content-[\w%.-]+|footnote-label)$/

/**
 * Every element and attribute an article may contain; anything else is removed. The checks
 * above refuse what a writer could type that would fall foul of it; this is the net beneath.
 */
export const ARTICLE_SCHEMA: SanitizeSchema = {
  tagNames: [
    'p',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'a',
    'em',
    'strong',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'input',
    'sup',
    'section',
    'figure',
    'picture',
    'source',
    'img',
    'figcaption',
  ],
  attributes: {
    a: [
      'href',
      ['rel', 'noopener'],
      ['target', '_blank'],
      ['id', FOOTNOTE_ID],
      ['ariaDescribedBy', FOOTNOTE_ID],
      'ariaLabel',
      'dataFootnoteRef',
      'dataFootnoteBackref',
      ['className', 'data-footnote-backref'],
    ],
    code: [['className', /^language-[\w-]+$/]],
    ol: ['start', ['className', 'contains-task-list']],
    ul: [['className', 'contains-task-list']],
    li: [
      ['id', FOOTNOTE_ID],
      ['className', 'task-list-item'],
    ],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    th: [['align', 'left', 'center', 'right']],
    td: [['align', 'left', 'center', 'right']],
    h2: [
      ['id', FOOTNOTE_ID],
      ['className', 'sr-only'],
    ],
    section: ['dataFootnotes', ['className', 'footnotes']],
    figure: [['className', 'article-figure']],
    picture: [['className', 'block']],
    source: [
      ['type', 'image/avif', 'image/webp'],
      ['srcSet', new RegExp(`^${MEDIA_URL} \\d+w(?:, ${MEDIA_URL} \\d+w)*$`)],
      ['sizes', PHOTO_SIZES],
    ],
    img: [
      ['src', new RegExp(`^${MEDIA_URL}$`)],
      'alt',
      'width',
      'height',
      ['loading', 'lazy'],
      ['decoding', 'async'],
      ['style', /^background-color:#[0-9a-f]{6}$/i],
      ['className', 'h-auto', 'w-full'],
    ],
  },
  required: { input: { type: 'checkbox', disabled: true } },
  protocols: { href: ['http', 'https', 'mailto', 'tel'] },
  ancestors: {
    tbody: ['table'],
    td: ['table'],
    th: ['table'],
    thead: ['table'],
    tr: ['table'],
    li: ['ol', 'ul'],
    figcaption: ['figure'],
    source: ['picture'],
  },
  // Ids come only from footnotes, already prefixed by remark-rehype (so they cannot clobber a
  // global such as window.location) and matched by their links: the schema keeps them as they are.
  clobber: [],
  strip: ['script', 'style'],
}

/**
 * A body as HTML: typographic quotes and dashes (as the rest of the page's copy), photos as
 * figures, outbound links in a new tab; sanitised. Throws a MarkdownError, with every problem,
 * for a body checkMarkdown refuses.
 */
export function renderMarkdown(body: string, options: RenderOptions): string {
  return unified().use(rehypeStringify).stringify(renderMarkdownTree(body, options))
}

/**
 * The sanitised HTML tree renderMarkdown turns into text, for a renderer of its own (the
 * newsletter's e-mail, server/newsletter/letter-body.ts, which styles each element inline).
 */
export function renderMarkdownTree(body: string, options: RenderOptions): HastRoot {
  const tree = parseMarkdown(body)
  const problems = withPictures(problemsIn(tree), options)
  if (problems.length > 0) throw new MarkdownError(problems)
  const transform = unified()
    .use(remarkSmartypants)
    .use(() => photoFigures(options))
    // No allowDangerousHtml: raw HTML (refused above) would be dropped, never passed through.
    .use(remarkRehype)
    .use(() => externalLinks())
    .use(rehypeSanitize, ARTICLE_SCHEMA)
  return transform.runSync(tree) as HastRoot
}
