/**
 * The editor's document model (Tiptap extensions): what an article body may hold, and nothing
 * Markdown or the site could not say. Headings from level 2 (the headline is the page's only
 * level 1), no underline (Markdown has none), links only to the addresses the site accepts,
 * lists that remember whether they were written tight or with blank lines, the photo and the
 * Markdown block (./markdown-document.ts). The node views (what a photo looks like while
 * editing) are added by the editor component; this module has no DOM or React, so the round-trip
 * test builds the same schema.
 */
import { Node, mergeAttributes, type AnyExtension } from '@tiptap/core'
import { Code } from '@tiptap/extension-code'
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list'
import { StarterKit } from '@tiptap/starter-kit'
import { linkProblem } from './links.ts'

/** Inline code that may be bold or linked, as Markdown allows (`**\`x\`**`, `[\`x\`](…)`). */
const ArticleCode = Code.extend({ excludes: '' })

/** Whether a list or a list item was written with blank lines between its parts. */
const spread = {
  spread: {
    default: false,
    parseHTML: (element: HTMLElement) => element.hasAttribute('data-spread'),
    renderHTML: (attributes: Record<string, unknown>) =>
      attributes['spread'] ? { 'data-spread': '' } : {},
  },
}

const SpreadBulletList = BulletList.extend({
  addAttributes() {
    return { ...this.parent?.(), ...spread }
  },
})

const SpreadOrderedList = OrderedList.extend({
  addAttributes() {
    return { ...this.parent?.(), ...spread }
  },
})

/**
 * List items without Tab and Shift-Tab: in a page, Tab must move to the next control (a
 * keyboard user would otherwise be caught in a list). Nesting is Mod-] and Mod-[, and buttons.
 */
const ArticleListItem = ListItem.extend({
  addAttributes() {
    return { ...this.parent?.(), ...spread }
  },
  addKeyboardShortcuts() {
    return {
      Enter: () => this.editor.commands.splitListItem(this.name),
      'Mod-]': () => this.editor.commands.sinkListItem(this.name),
      'Mod-[': () => this.editor.commands.liftListItem(this.name),
    }
  },
})

const dataAttribute = (name: string) => ({
  default: '',
  parseHTML: (element: HTMLElement) => element.getAttribute(`data-${name}`) ?? '',
  renderHTML: (attributes: Record<string, unknown>) => ({
    [`data-${name}`]: String(attributes[name] ?? ''),
  }),
})

/** `::photo[caption]{image=… alt="…"}`: one picture from the media library with its caption. */
export const Photo = Node.create({
  name: 'photo',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      image: dataAttribute('image'),
      alt: dataAttribute('alt'),
      caption: dataAttribute('caption'),
      source: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-source'),
        renderHTML: (attributes: Record<string, unknown>) =>
          attributes['source'] ? { 'data-source': String(attributes['source']) } : {},
      },
    }
  },
  parseHTML() {
    return [{ tag: 'figure[data-photo]' }]
  },
  renderHTML({ HTMLAttributes }) {
    return ['figure', mergeAttributes({ 'data-photo': '' }, HTMLAttributes)]
  },
})

/** Markdown the editor has no rich-text node for, kept exactly as written. */
export const MarkdownBlock = Node.create({
  name: 'markdownBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return { source: dataAttribute('source') }
  },
  parseHTML() {
    return [{ tag: 'pre[data-markdown]' }]
  },
  renderHTML({ HTMLAttributes, node }) {
    return [
      'pre',
      mergeAttributes({ 'data-markdown': '' }, HTMLAttributes),
      String(node.attrs['source']),
    ]
  },
})

/** Every extension of the article editor; `views` adds the node views in the browser. */
export function articleExtensions(
  views: { photo?: AnyExtension; markdownBlock?: AnyExtension } = {},
): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4, 5, 6] },
      underline: false,
      code: false,
      bulletList: false,
      orderedList: false,
      listItem: false,
      // Its Tab handling would catch keyboard users in a list (see ArticleListItem).
      listKeymap: false,
      // An empty paragraph after a photo at the end, to write below it; empty paragraphs are
      // not written to the Markdown.
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        HTMLAttributes: { target: null, rel: null },
        isAllowedUri: (url) => linkProblem(url) === undefined,
      },
    }),
    ArticleCode,
    SpreadBulletList,
    SpreadOrderedList,
    ArticleListItem,
    views.photo ?? Photo,
    views.markdownBlock ?? MarkdownBlock,
  ]
}
