/**
 * The article body, edited as the page will show it (Tiptap on ProseMirror) and kept as the
 * site's Markdown (./markdown-document.ts). With the keyboard alone: the text is one labelled
 * field; the toolbar (Alt+F10 from the text, Escape back) is one Tab stop whose buttons the
 * arrow keys move between; the usual shortcuts (Ctrl+B, Ctrl+I, Ctrl+K for a link, Ctrl+Alt+2
 * for a heading…); a photo or a Markdown block is selected with the arrow keys and opened with
 * Enter.
 */
import { NodeSelection } from '@tiptap/pm/state'
import {
  EditorContent,
  ReactNodeViewRenderer,
  useEditor,
  useEditorState,
  type Editor,
} from '@tiptap/react'
import { Placeholder } from '@tiptap/extensions'
import {
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { cn } from '#app/lib/cn.ts'
import { BodyDialogs, type MarkdownDraft } from './body-dialogs.tsx'
import { type LinkDraft, type PhotoDraft } from './editor-dialogs.tsx'
import {
  documentToMarkdown,
  markdownToDocument,
  type PhotoAttributes,
} from './markdown-document.ts'
import { EditorActionsContext, MarkdownBlockView, PhotoView } from './node-views.tsx'
import { dropHtml, pasteHtml } from './paste.ts'
import { articleExtensions, MarkdownBlock, Photo } from './schema.ts'

const SHORTCUT_HINT =
  'Alt+F10 moves to the formatting buttons. Ctrl+B bold, Ctrl+I italic, Ctrl+K link. A photo is selected with the arrow keys; then Alt+F10 and Edit photo change it, and Enter adds a paragraph after it.'

/** The article schema with its React views of photos and Markdown blocks, made once. */
function useArticleExtensions() {
  return useMemo(
    () => [
      ...articleExtensions({
        photo: Photo.extend({ addNodeView: () => ReactNodeViewRenderer(PhotoView) }),
        markdownBlock: MarkdownBlock.extend({
          addNodeView: () => ReactNodeViewRenderer(MarkdownBlockView),
        }),
      }),
      Placeholder.configure({ placeholder: 'Start writing…' }),
    ],
    [],
  )
}

/** Where the selected node is (of that type, if one is named), when a whole node is selected. */
function selectedNode(editor: Editor, type?: string): number | undefined {
  const selection = editor.state.selection
  if (!(selection instanceof NodeSelection)) return undefined
  return type === undefined || selection.node.type.name === type ? selection.from : undefined
}

export function ArticleBodyEditor({
  body,
  onChange,
  label = 'Article text',
  error,
}: {
  /** The Markdown the editor starts from (later changes of the prop are ignored). */
  body: string
  onChange: (markdown: string) => void
  label?: string
  /** The server's or the check's message about the body. */
  error?: string | undefined
}) {
  const labelId = useId()
  const hintId = useId()
  const errorId = useId()
  const [link, setLink] = useState<LinkDraft>()
  const [photo, setPhoto] = useState<PhotoDraft>()
  const [markdown, setMarkdown] = useState<MarkdownDraft>()
  const onChangeRef = useRef(onChange)
  useLayoutEffect(() => {
    onChangeRef.current = onChange
  })

  const extensions = useArticleExtensions()

  const editor = useEditor({
    extensions,
    content: markdownToDocument(body),
    // The staff app's CSP allows no inline style: the editor's rules are in admin.css.
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': error ? `${hintId} ${errorId}` : hintId,
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: 'article-editor min-h-96 px-4 py-5 focus:outline-none sm:px-8',
      },
      handleDOMEvents: { paste: pasteHtml, drop: dropHtml },
      handleKeyDown(_, event) {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault()
          openLink()
          return true
        }
        if (event.altKey && event.key === 'F10') {
          event.preventDefault()
          toolbar.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus()
          return true
        }
        return false
      },
    },
    onUpdate: ({ editor: changed }) => onChangeRef.current(documentToMarkdown(changed.getJSON())),
  })

  function openLink() {
    if (!editor) return
    const { empty } = editor.state.selection
    const href = editor.getAttributes('link')['href'] as string | undefined
    if (href) editor.chain().extendMarkRange('link').run()
    setLink({
      href: href ?? '',
      existing: Boolean(href),
      ...(empty && !href ? { text: '' } : {}),
    })
  }

  function openPhoto(position?: number) {
    if (!editor) return
    if (position === undefined) return setPhoto({ image: '', alt: '', caption: '' })
    const node = editor.state.doc.nodeAt(position)
    if (node?.type.name === 'photo') setPhoto({ ...(node.attrs as PhotoAttributes), position })
  }

  function openMarkdown(position: number) {
    const node = editor?.state.doc.nodeAt(position)
    if (node?.type.name === 'markdownBlock')
      setMarkdown({ position, source: String(node.attrs['source']) })
  }

  const toolbar = useRef<HTMLDivElement>(null)
  const actions = useMemo(
    () => ({ editPhoto: (position: number) => openPhoto(position), editMarkdown: openMarkdown }),
    // The editor instance is stable for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor],
  )

  return (
    <EditorActionsContext value={actions}>
      <div className="flex flex-col gap-1.5">
        <p id={labelId} className="font-semibold">
          {label}
        </p>
        <p id={hintId} className="sr-only">
          {SHORTCUT_HINT}
        </p>
        <div
          className={cn(
            'rounded-card bg-white ring-1 focus-within:ring-3',
            error ? 'ring-danger focus-within:ring-danger' : 'ring-ink/15 focus-within:ring-clay',
          )}
        >
          {editor && (
            <Toolbar
              editor={editor}
              ref={toolbar}
              onLink={openLink}
              onPhoto={() => openPhoto(selectedNode(editor, 'photo'))}
              onMarkdown={() => {
                const position = selectedNode(editor)
                if (position !== undefined) openMarkdown(position)
              }}
            />
          )}
          <EditorContent editor={editor} />
        </div>
        {error && (
          <p id={errorId} className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
      <BodyDialogs
        editor={editor}
        link={link}
        photo={photo}
        markdown={markdown}
        closeLink={() => setLink(undefined)}
        closePhoto={() => setPhoto(undefined)}
        closeMarkdown={() => setMarkdown(undefined)}
      />
    </EditorActionsContext>
  )
}

interface ToolbarProps {
  editor: Editor
  ref: React.Ref<HTMLDivElement>
  onLink: () => void
  onPhoto: () => void
  onMarkdown: () => void
}

/** Which formatting is on where the cursor is, for the toolbar's pressed states. */
function useFormatting(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      paragraph: e.isActive('paragraph'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      link: e.isActive('link'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      photo:
        e.state.selection instanceof NodeSelection && e.state.selection.node.type.name === 'photo',
      markdown:
        e.state.selection instanceof NodeSelection &&
        e.state.selection.node.type.name === 'markdownBlock',
      inList: e.isActive('listItem'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
}

/**
 * The formatting buttons: one Tab stop (a toolbar with a roving tabindex), arrow keys, Home and
 * End between buttons, Escape back to the text.
 */
function Toolbar({ editor, ref, onLink, onPhoto, onMarkdown }: ToolbarProps) {
  const on = useFormatting(editor)
  const [current, setCurrent] = useState(0)
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    command(editor.chain().focus()).run()

  const buttons: {
    label: string
    shown?: ReactNode
    pressed?: boolean
    keys?: string
    disabled?: boolean
    action: () => void
  }[] = [
    {
      label: 'Heading',
      pressed: on.h2,
      keys: 'Control+Alt+2',
      action: () => run((c) => c.toggleHeading({ level: 2 })),
    },
    {
      label: 'Subheading',
      pressed: on.h3,
      keys: 'Control+Alt+3',
      action: () => run((c) => c.toggleHeading({ level: 3 })),
    },
    {
      label: 'Bold',
      shown: <strong>Bold</strong>,
      pressed: on.bold,
      keys: 'Control+B',
      action: () => run((c) => c.toggleBold()),
    },
    {
      label: 'Italic',
      shown: <em>Italic</em>,
      pressed: on.italic,
      keys: 'Control+I',
      action: () => run((c) => c.toggleItalic()),
    },
    { label: 'Link', pressed: on.link, keys: 'Control+K', action: onLink },
    {
      label: 'Bulleted list',
      pressed: on.bulletList,
      keys: 'Control+Shift+8',
      action: () => run((c) => c.toggleBulletList()),
    },
    {
      label: 'Numbered list',
      pressed: on.orderedList,
      keys: 'Control+Shift+7',
      action: () => run((c) => c.toggleOrderedList()),
    },
    {
      label: 'Indent list item',
      shown: 'Indent',
      keys: 'Control+]',
      disabled: !on.inList,
      action: () => run((c) => c.sinkListItem('listItem')),
    },
    {
      label: 'Outdent list item',
      shown: 'Outdent',
      keys: 'Control+[',
      disabled: !on.inList,
      action: () => run((c) => c.liftListItem('listItem')),
    },
    {
      label: 'Quote',
      pressed: on.blockquote,
      keys: 'Control+Shift+B',
      action: () => run((c) => c.toggleBlockquote()),
    },
    { label: on.photo ? 'Edit photo' : 'Photo', action: onPhoto },
    ...(on.markdown ? [{ label: 'Edit Markdown', action: onMarkdown }] : []),
    {
      label: 'Undo',
      keys: 'Control+Z',
      disabled: !on.canUndo,
      action: () => run((c) => c.undo()),
    },
    {
      label: 'Redo',
      keys: 'Control+Shift+Z',
      disabled: !on.canRedo,
      action: () => run((c) => c.redo()),
    },
  ]

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const all = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')]
    const index = all.indexOf(document.activeElement as HTMLButtonElement)
    let next: number | undefined
    if (event.key === 'ArrowRight') next = (index + 1) % all.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + all.length) % all.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = all.length - 1
    else if (event.key === 'Escape') {
      event.preventDefault()
      editor.commands.focus()
      return
    }
    if (next === undefined) return
    event.preventDefault()
    setCurrent(next)
    all[next]!.focus()
  }

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={move}
      className="sticky top-0 z-10 flex flex-wrap gap-1 rounded-t-card border-b border-ink/10 bg-paper-deep p-2"
    >
      {buttons.map((button, index) => (
        <button
          key={button.label}
          type="button"
          tabIndex={index === current ? 0 : -1}
          aria-label={typeof button.shown === 'string' ? button.label : undefined}
          aria-pressed={button.pressed}
          aria-keyshortcuts={button.keys}
          aria-disabled={button.disabled || undefined}
          title={
            button.keys
              ? `${button.label} (${button.keys.replace('Control', 'Ctrl')})`
              : button.label
          }
          onFocus={() => setCurrent(index)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => !button.disabled && button.action()}
          className={cn(
            'min-h-10 rounded-lg px-2.5 text-sm font-semibold',
            button.pressed ? 'bg-ink text-paper' : 'hover:bg-paper',
            button.disabled && 'opacity-50',
          )}
        >
          {button.shown ?? button.label}
        </button>
      ))}
    </div>
  )
}
