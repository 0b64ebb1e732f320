/**
 * What the lists of the back office share: their views as a row of links with counts (the current
 * one marked), a search form whose words live in the URL, and the link back to a list.
 */
import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '#app/lib/cn.ts'
import { buttonClass } from './ui.tsx'

export interface View {
  label: string
  to: string
  current: boolean
  count?: number | undefined
}

export function ViewLinks({ label, views }: { label: string; views: View[] }) {
  return (
    <nav aria-label={label} className="mb-5">
      <ul className="flex flex-wrap gap-2">
        {views.map((view) => (
          <li key={view.to}>
            <Link
              to={view.to}
              aria-current={view.current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold whitespace-nowrap',
                view.current ? 'border-ink bg-ink text-paper' : 'border-ink/25 hover:bg-paper-deep',
              )}
            >
              {view.label}
              {view.count !== undefined && (
                <span className={cn('text-sm', view.current ? 'text-paper' : 'text-ink-soft')}>
                  {view.count.toLocaleString('en-US')}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * A search form: `onSearch` gets the words (trimmed) on submit, and '' from "Clear search" (shown
 * while there are words).
 */
export function SearchForm({
  label,
  placeholder,
  search,
  onSearch,
}: {
  /** For screen readers, e.g. "Search messages". */
  label: string
  placeholder: string
  /** The words the results are for. */
  search: string
  onSearch: (words: string) => void
}) {
  const [draft, setDraft] = useState(search)
  const id = useId()
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(draft.trim())
      }}
      className="mb-6 flex flex-wrap gap-3"
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={placeholder}
        maxLength={200}
        className="min-h-11 min-w-0 grow rounded-full border border-ink/25 bg-white px-4"
      />
      <button type="submit" className={buttonClass('dark')}>
        Search
      </button>
      {search && (
        <button
          type="button"
          className={buttonClass('outline')}
          onClick={() => {
            setDraft('')
            onSearch('')
          }}
        >
          Clear search
        </button>
      )}
    </form>
  )
}

/** "← All messages": back to the list a page belongs to. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex min-h-11 items-center font-semibold text-teal underline underline-offset-4"
    >
      ← {children}
    </Link>
  )
}
