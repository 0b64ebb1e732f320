/**
 * The header's keyboard handling (./site-header.tsx): the shortcuts that open the search, and
 * the open mobile menu's focus trap, Escape and page lock.
 */
import { useEffect, type RefObject } from 'react'

/** `/` (outside a text field) or Ctrl/⌘+K opens the search. */
function opensSearch(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false
  const target = event.target as HTMLElement | null
  return !target?.closest('input, textarea, select, [contenteditable="true"]')
}

/** Calls `openSearch` on the search shortcut anywhere on the page. */
export function useSearchShortcut(openSearch: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!opensSearch(event)) return
      event.preventDefault()
      openSearch()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [openSearch])
}

/**
 * While the menu is open: the page behind does not scroll, focus moves into the panel and Tab
 * cycles inside it, and Escape closes it, giving focus back to the menu button.
 */
export function useMenuFocusTrap(
  open: boolean,
  panelRef: RefObject<HTMLDivElement | null>,
  buttonRef: RefObject<HTMLButtonElement | null>,
  close: () => void,
) {
  useEffect(() => {
    if (!open) return
    const root = document.documentElement
    const previousOverflow = root.style.overflow
    root.style.overflow = 'hidden'
    const panel = panelRef.current
    const focusables = () =>
      Array.from(
        panel?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [],
      ).filter((el) => el.offsetParent !== null)
    focusables()[0]?.focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close()
        buttonRef.current?.focus()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables()
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) return
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      root.style.overflow = previousOverflow
    }
  }, [open, panelRef, buttonRef, close])
}
