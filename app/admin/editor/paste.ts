/**
 * Pasted and dropped HTML (from a word processor, a web page), read without running any of it.
 * ProseMirror would read it into a document made with createHTMLDocument, where Chromium loads
 * images and fires their handlers (`<img onerror>`; only the CSP stopped it). Here it is parsed
 * by DOMParser, whose documents are inert (no script, no loading, no handlers), through the one
 * Trusted Types policy the staff app's CSP allows, `article-paste`; then the editor's schema
 * keeps only what an article may contain (the Link mark refuses addresses the site refuses).
 * Plain text is left to ProseMirror, which parses no HTML for it.
 */
import { DOMParser as SchemaParser, Slice, type Schema } from '@tiptap/pm/model'
import type { EditorView } from '@tiptap/pm/view'

export const PASTE_POLICY = 'article-paste'

interface TrustedTypesLike {
  createPolicy(
    name: string,
    rules: { createHTML: (html: string) => string },
  ): {
    createHTML(html: string): unknown
  }
}

let policy: ReturnType<TrustedTypesLike['createPolicy']> | undefined

/** The HTML as something DOMParser accepts under the CSP (a TrustedHTML where it is enforced). */
function trusted(html: string): string {
  const types = (globalThis as { trustedTypes?: TrustedTypesLike }).trustedTypes
  if (!types) return html
  // Inert: DOMParser's document never runs or loads anything; the schema then keeps only text
  // and the marks and blocks an article may have.
  policy ??= types.createPolicy(PASTE_POLICY, { createHTML: (value) => value })
  return policy.createHTML(html) as string
}

/** A start tag, its attributes read with their quotes (so a ">" inside a value is not its end). */
const START_TAG =
  /<[a-zA-Z][^\s/>]*(?:\s+[^\s/>"'=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*\s*\/?>/g
const INLINE_CODE = /\s(?:on[a-z]+|style)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/gi

/**
 * The HTML without event handlers and style attributes in its tags. Not a defence (the document
 * is inert, and the schema keeps neither): Chromium reports each one to the CSP as it parses
 * them, and a word processor's paste carries hundreds.
 */
export function withoutInlineCode(html: string): string {
  return html.replace(START_TAG, (tag) => tag.replace(INLINE_CODE, ''))
}

/** The pasted HTML as a slice of the editor's schema, open at both ends as ProseMirror's own is. */
export function sliceOfHtml(html: string, schema: Schema): Slice {
  const document = new DOMParser().parseFromString(trusted(withoutInlineCode(html)), 'text/html')
  const parsed = SchemaParser.fromSchema(schema).parseSlice(document.body, {
    preserveWhitespace: false,
  })
  return Slice.maxOpen(parsed.content)
}

/** The editor's paste handler: HTML through sliceOfHtml; anything else to ProseMirror. */
export function pasteHtml(view: EditorView, event: ClipboardEvent): boolean {
  const html = event.clipboardData?.getData('text/html')
  if (!html || !view.editable) return false
  event.preventDefault()
  view.dispatch(
    view.state.tr.replaceSelection(sliceOfHtml(html, view.state.schema)).scrollIntoView(),
  )
  return true
}

/** The same for HTML dropped from another program (moves inside the editor stay ProseMirror's). */
export function dropHtml(view: EditorView, event: DragEvent): boolean {
  if (view.dragging || !view.editable) return false
  const html = event.dataTransfer?.getData('text/html')
  if (!html) return false
  const at = view.posAtCoords({ left: event.clientX, top: event.clientY })
  if (!at) return false
  event.preventDefault()
  const slice = sliceOfHtml(html, view.state.schema)
  view.dispatch(view.state.tr.replaceRange(at.pos, at.pos, slice).scrollIntoView())
  return true
}
