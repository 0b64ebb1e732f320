/**
 * What the photo and the Markdown block look like while editing. They are atoms: selected with
 * the arrow keys (or a click), then changed with the toolbar's Edit button and removed with
 * Delete; the small buttons on them are for the mouse (keyboard users have the toolbar), so that
 * Tab leaves the text instead of visiting every photo.
 */
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react'
import { createContext, use, type ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'
import { usePictures, Thumbnail } from '#app/admin/content/pictures.tsx'
import { markdownToDocument } from './markdown-document.ts'

export interface EditorActions {
  editPhoto: (position: number) => void
  editMarkdown: (position: number) => void
}

export const EditorActionsContext = createContext<EditorActions>({
  editPhoto: () => {},
  editMarkdown: () => {},
})

/** A caption's Markdown as the page shows it: emphasis, strong, links' text, code. */
export function CaptionText({ markdown }: { markdown: string }) {
  const paragraph = markdownToDocument(markdown).content?.[0]
  if (paragraph?.type !== 'paragraph') return <>{markdown}</>
  return (
    <>
      {(paragraph.content ?? []).map((node, index) => {
        if (node.type !== 'text') return ' '
        let text: ReactNode = node.text
        for (const mark of node.marks ?? []) {
          if (mark.type === 'italic') text = <em>{text}</em>
          else if (mark.type === 'bold') text = <strong>{text}</strong>
          else if (mark.type === 'code') text = <code>{text}</code>
          else if (mark.type === 'link') text = <span className="underline">{text}</span>
        }
        return <span key={index}>{text}</span>
      })}
    </>
  )
}

export function PhotoView({ node, selected, getPos, deleteNode }: ReactNodeViewProps) {
  const { editPhoto } = use(EditorActionsContext)
  const picture = usePictures().get(String(node.attrs['image']))
  const alt = String(node.attrs['alt'] ?? '')
  const caption = String(node.attrs['caption'] ?? '')
  return (
    <NodeViewWrapper
      as="figure"
      data-photo=""
      className={cn(
        'article-photo my-6 rounded-card bg-white/70 p-3 ring-1 ring-ink/10',
        selected && 'ring-3 ring-clay',
      )}
    >
      <div contentEditable={false} className="flex flex-col gap-2">
        <Thumbnail picture={picture} alt={alt} className="max-h-96 w-full" />
        <figcaption className="text-sm text-ink-soft">
          {caption ? <CaptionText markdown={caption} /> : <em>No caption yet</em>}
        </figcaption>
        <p className="text-xs text-ink-soft">
          <span className="font-semibold">Alt text:</span> {alt || <em>missing</em>}
          {!picture && ` · picture “${String(node.attrs['image'])}” not found`}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            tabIndex={-1}
            onClick={() => {
              const position = getPos()
              if (typeof position === 'number') editPhoto(position)
            }}
            className="min-h-9 rounded-full border border-ink/25 bg-paper px-3 text-sm font-semibold"
          >
            Edit photo
          </button>
          <button
            type="button"
            tabIndex={-1}
            onClick={() => deleteNode()}
            className="min-h-9 rounded-full border border-danger/40 bg-paper px-3 text-sm font-semibold text-danger"
          >
            Remove
          </button>
        </div>
      </div>
    </NodeViewWrapper>
  )
}

export function MarkdownBlockView({ node, selected, getPos }: ReactNodeViewProps) {
  const { editMarkdown } = use(EditorActionsContext)
  return (
    <NodeViewWrapper
      className={cn(
        'my-6 rounded-card border border-dashed border-ink/40 bg-paper-deep p-3',
        selected && 'ring-3 ring-clay',
      )}
    >
      <div contentEditable={false} className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-eyebrow text-ink-soft uppercase">
          Markdown, shown as written
        </p>
        <pre className="overflow-x-auto font-mono text-sm whitespace-pre-wrap">
          {String(node.attrs['source'])}
        </pre>
        <div>
          <button
            type="button"
            tabIndex={-1}
            onClick={() => {
              const position = getPos()
              if (typeof position === 'number') editMarkdown(position)
            }}
            className="min-h-9 rounded-full border border-ink/25 bg-paper px-3 text-sm font-semibold"
          >
            Edit Markdown
          </button>
        </div>
      </div>
    </NodeViewWrapper>
  )
}
