/**
 * The body editor's dialogs (a link, a photo, a block kept as Markdown) and what applying each
 * does to the document. Closing one gives the focus back to the text.
 */
import type { Editor } from '@tiptap/react'
import {
  LinkDialog,
  MarkdownDialog,
  PhotoDialog,
  type LinkDraft,
  type PhotoDraft,
} from './editor-dialogs.tsx'
import { markdownToDocument } from './markdown-document.ts'

/** A Markdown block being edited: where it is in the document, and its source. */
export interface MarkdownDraft {
  position: number
  source: string
}

export function BodyDialogs({
  editor,
  link,
  photo,
  markdown,
  closeLink,
  closePhoto,
  closeMarkdown,
}: {
  editor: Editor | null
  link: LinkDraft | undefined
  photo: PhotoDraft | undefined
  markdown: MarkdownDraft | undefined
  closeLink: () => void
  closePhoto: () => void
  closeMarkdown: () => void
}) {
  return (
    <>
      <LinkDialog
        link={link}
        onClose={() => {
          closeLink()
          editor?.commands.focus()
        }}
        onApply={(href, text) => {
          closeLink()
          if (!editor) return
          const chain = editor.chain().focus()
          if (text !== undefined)
            chain
              .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
              .run()
          else chain.extendMarkRange('link').setLink({ href }).run()
        }}
        onRemove={() => {
          closeLink()
          editor?.chain().focus().extendMarkRange('link').unsetLink().run()
        }}
      />
      <PhotoDialog
        photo={photo}
        onClose={() => {
          closePhoto()
          editor?.commands.focus()
        }}
        onApply={(attrs) => {
          const position = photo?.position
          closePhoto()
          if (!editor) return
          if (position === undefined)
            editor.chain().focus().insertContent({ type: 'photo', attrs }).run()
          else
            editor
              .chain()
              .focus()
              .command(({ tr }) => {
                tr.setNodeMarkup(position, undefined, attrs)
                return true
              })
              .setNodeSelection(position)
              .run()
        }}
      />
      <MarkdownDialog
        source={markdown?.source}
        onClose={() => {
          closeMarkdown()
          editor?.commands.focus()
        }}
        onApply={(source) => {
          const position = markdown?.position
          closeMarkdown()
          if (!editor || position === undefined) return
          const node = editor.state.doc.nodeAt(position)
          if (!node) return
          const replacement = source.trim() ? (markdownToDocument(source).content ?? []) : []
          editor
            .chain()
            .focus()
            .insertContentAt({ from: position, to: position + node.nodeSize }, replacement)
            .run()
        }}
      />
    </>
  )
}
