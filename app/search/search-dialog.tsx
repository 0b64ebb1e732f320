import { useEffect, useId, useRef, useState } from 'react'
import { QUERY_LIMITS, type SearchAnswer } from '#common/search.ts'
import { SearchHitView } from './search-hit.tsx'

/** Wait this long after the last key before asking: one request per pause, not per letter. */
const TYPING_PAUSE_MS = 150

type State =
  | { status: 'idle' }
  /** A new search under way; the last answer stays shown (and focusable) until it comes. */
  | { status: 'loading'; previous?: SearchAnswer | undefined }
  | { status: 'done'; answer: SearchAnswer }
  | { status: 'failed'; message: string }

async function fetchAnswer(query: string, signal: AbortSignal): Promise<SearchAnswer> {
  const response = await fetch(`/api/search?${new URLSearchParams({ q: query })}`, {
    signal,
    headers: { accept: 'application/json' },
  })
  if (response.status === 429) throw new Error('Too many searches just now; wait a moment.')
  if (!response.ok) throw new Error('Search is not available right now; try again shortly.')
  return (await response.json()) as SearchAnswer
}

/** What the dialog's live region says of the search's state. */
/** The answer whose results are on screen in a state. */
const shownAnswer = (state: State): SearchAnswer | undefined =>
  state.status === 'done' ? state.answer : state.status === 'loading' ? state.previous : undefined

/**
 * Keys that follow a result from one answer to the next (its address, and which of the same
 * address it is), so that the result a visitor moved to keeps its element, and the focus, while
 * the answer to more of their typing comes in.
 */
function hitKeys(answer: SearchAnswer): string[] {
  const seen = new Map<string, number>()
  return answer.hits.map((hit) => {
    const nth = seen.get(hit.url) ?? 0
    seen.set(hit.url, nth + 1)
    return `${hit.url} ${nth}`
  })
}

function statusText(shown: State): string {
  if (shown.status === 'loading') return 'Searching…'
  if (shown.status === 'failed') return shown.message
  if (shown.status !== 'done') return ''
  const { answer } = shown
  if (answer.total === 0) return `Nothing found for “${answer.query}”.`
  const count = answer.total === 1 ? '1 result' : `${answer.total} results`
  const corrected = answer.correctedTo ? ` for “${answer.correctedTo}”` : ''
  return `${count}${corrected}. Use the arrow keys to move through them.`
}

/**
 * The header's search (app/components/layout/site-header.tsx), loaded only when a visitor opens
 * it: a modal dialog whose results appear as the visitor types. Arrow keys move from the box
 * through the results, Enter opens one (the box's Enter opens the full results page), Escape
 * closes. Without JavaScript the header's button is a link to /search.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const [query, setQuery] = useState('')
  const [state, setState] = useState<State>({ status: 'idle' })
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    dialog.showModal()
    inputRef.current?.focus()
    return () => dialog.close()
  }, [])

  useEffect(() => {
    const text = query.trim()
    if (!text) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setState((last) => ({ status: 'loading', previous: shownAnswer(last) }))
      fetchAnswer(text, controller.signal).then(
        (answer) => setState({ status: 'done', answer }),
        (error: unknown) => {
          if (!controller.signal.aborted)
            setState({ status: 'failed', message: (error as Error).message })
        },
      )
    }, TYPING_PAUSE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    /** Arrow keys: from the box into the results and between them; up from the first, back. */
    const onKeyDown = (event: KeyboardEvent) => {
      // Chrome lets a modal dialog ignore Escape when it opened without a click; not this one.
      if (event.key === 'Escape') {
        event.preventDefault()
        dialog.close()
        return
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
      const all = Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])
      if (all.length === 0) return
      event.preventDefault()
      const at = all.indexOf(document.activeElement as HTMLAnchorElement)
      const next = event.key === 'ArrowDown' ? Math.min(at + 1, all.length - 1) : at - 1
      if (next < 0) inputRef.current?.focus()
      else all[next]!.focus()
    }
    // A click on the backdrop (the dialog element itself, outside its box) closes it.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close()
    }
    const closed = () => onCloseRef.current()
    dialog.addEventListener('keydown', onKeyDown)
    dialog.addEventListener('click', onClick)
    dialog.addEventListener('close', closed)
    return () => {
      dialog.removeEventListener('keydown', onKeyDown)
      dialog.removeEventListener('click', onClick)
      dialog.removeEventListener('close', closed)
    }
  }, [])

  // An emptied box shows nothing, whatever the last answer was.
  const shown: State = query.trim() ? state : { status: 'idle' }
  const answer = shownAnswer(shown)
  const status = statusText(shown)
  const keys = answer ? hitKeys(answer) : []

  // A result that had the focus and is not in the new answer: the focus goes back to the box,
  // not to the page behind the dialog.
  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog?.open && !dialog.contains(document.activeElement)) inputRef.current?.focus()
  }, [answer])

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="mx-auto mt-4 mb-auto w-11/12 max-w-2xl rounded-card bg-paper p-0 text-ink shadow-card backdrop:bg-ink/60 md:mt-20"
    >
      <div className="flex max-h-dvh flex-col">
        <form role="search" method="get" action="/search" className="border-b border-ink/10 p-4">
          <div className="flex items-center justify-between gap-4">
            <h2 id={titleId} className="font-sans text-sm font-semibold text-ink-soft">
              Search episodes, transcripts, articles, pages and courses
            </h2>
            <button
              type="button"
              onClick={() => dialogRef.current?.close()}
              className="rounded-full px-3 py-1 text-sm font-medium text-ink-soft hover:bg-paper-deep"
            >
              Close
            </button>
          </div>
          <label htmlFor={`${titleId}-q`} className="sr-only">
            Search
          </label>
          <input
            ref={inputRef}
            id={`${titleId}-q`}
            type="search"
            name="q"
            autoComplete="off"
            maxLength={QUERY_LIMITS.characters}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="A name, a place, a sentence you remember"
            className="mt-3 min-h-12 w-full rounded-full border border-ink/20 bg-paper px-5 text-base focus:outline-2 focus:outline-offset-2 focus:outline-clay"
          />
        </form>
        <p role="status" className="px-5 pt-3 text-sm text-ink-soft empty:hidden">
          {status}
        </p>
        {answer && answer.hits.length > 0 && (
          <div className="overflow-y-auto px-5 pb-4">
            <ol ref={listRef} className="divide-y divide-ink/10">
              {answer.hits.map((hit, i) => (
                <li key={keys[i]}>
                  <SearchHitView hit={hit} headingLevel="h3" />
                </li>
              ))}
            </ol>
            {answer.pages > 1 && (
              <a
                href={`/search?${new URLSearchParams({ q: answer.query })}`}
                className="mt-2 inline-block font-semibold text-teal underline underline-offset-4"
              >
                All {answer.total} results
              </a>
            )}
          </div>
        )}
      </div>
    </dialog>
  )
}
