/**
 * A modal dialog with a title, its content and its buttons: the browser's own <dialog> (focus
 * stays inside, Escape closes it, focus goes back to what opened it). Long content scrolls inside
 * the dialog, whose title and buttons stay in view. Focus starts on the element marked
 * `data-autofocus` (the first field of a form), else on the first control.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'
import { buttonClass } from './ui.tsx'

export function Dialog({
  open,
  title,
  description,
  children,
  actions,
  onClose,
  wide,
}: {
  open: boolean
  title: string
  description?: ReactNode
  children?: ReactNode
  /** The buttons at the bottom. */
  actions?: ReactNode
  onClose: () => void
  wide?: boolean
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  // Whether the page wants it open: a close the page asked for (open → false) is not the
  // person closing it, and must not call onClose (the page may be opening another dialog).
  const wanted = useRef(open)
  const titleId = useId()
  const descriptionId = useId()
  useEffect(() => {
    wanted.current = open
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      element.showModal()
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    }
    if (!open && element.open) element.close()
  }, [open])
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        if (wanted.current) onClose()
      }}
      className={cn(
        'm-auto max-h-11/12 w-11/12 flex-col rounded-card bg-paper p-0 text-ink shadow-card backdrop:bg-ink/50 open:flex',
        wide ? 'max-w-4xl' : 'max-w-lg',
      )}
    >
      <div className="flex items-start justify-between gap-4 px-6 pt-6">
        <h2 id={titleId} className="font-display text-2xl font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-mt-1 -mr-2 min-h-11 shrink-0 rounded-full px-3 text-sm font-semibold underline underline-offset-2"
        >
          Close
        </button>
      </div>
      {description && (
        <div id={descriptionId} className="px-6 pt-2 text-ink-soft">
          {description}
        </div>
      )}
      {children && (
        <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-6 py-4">{children}</div>
      )}
      {actions && (
        <div className="flex flex-wrap justify-end gap-3 border-t border-ink/10 px-6 py-4">
          {actions}
        </div>
      )}
    </dialog>
  )
}

/** A dialog form's buttons: Cancel, and the action, which says so while it runs. */
export function FormButtons({
  onCancel,
  label,
  busyLabel,
  busy = false,
  children,
}: {
  onCancel: () => void
  label: string
  busyLabel?: string
  busy?: boolean
  /** More buttons, before Cancel (e.g. "Remove link"). */
  children?: ReactNode
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      {children}
      <button type="button" className={buttonClass('outline')} onClick={onCancel}>
        Cancel
      </button>
      <button
        type="submit"
        className={buttonClass('primary')}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? (busyLabel ?? label) : label}
      </button>
    </div>
  )
}
