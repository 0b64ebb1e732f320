/**
 * A list that grows a page at a time: the loader's first page, then each "Show more" follows the
 * server's cursor and appends what it returns. The button says when it is loading; a failure is a
 * toast and the list stays as it was.
 */
import { useState } from 'react'
import { useToast } from './toast.tsx'
import { buttonClass } from './ui.tsx'

export function useMore<Item>(
  first: Item[],
  firstNext: string | null,
  load: (cursor: string) => Promise<{ items: Item[]; next: string | null }>,
  label: string,
) {
  const [items, setItems] = useState(first)
  const [next, setNext] = useState(firstNext)
  const [loading, setLoading] = useState(false)
  const notify = useToast()

  async function more() {
    if (!next) return
    setLoading(true)
    try {
      const page = await load(next)
      setItems((shown) => [...shown, ...page.items])
      setNext(page.next)
    } catch (error) {
      notify((error as Error).message, 'error')
    } finally {
      setLoading(false)
    }
  }

  const button = next ? (
    <div className="mt-6 flex justify-center">
      <button
        type="button"
        onClick={more}
        disabled={loading}
        aria-busy={loading || undefined}
        className={buttonClass('outline')}
      >
        {loading ? 'Loading…' : label}
      </button>
    </div>
  ) : null
  return { items, setItems, button }
}
