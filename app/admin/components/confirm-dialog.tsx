/**
 * "Are you sure?" before anything that cannot be undone: the browser's own modal dialog (it keeps
 * focus inside, closes on Escape and returns focus to the button that opened it).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { buttonClass } from './ui.tsx'

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  confirmDisabled,
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  /** Runs the action; the dialog shows it is busy and closes when it resolves. */
  onConfirm: () => Promise<void>
  onClose: () => void
  confirmDisabled?: boolean
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [busy, setBusy] = useState(false)
  const titleId = useId()
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-11/12 max-w-lg rounded-card bg-paper p-0 text-ink shadow-card backdrop:bg-ink/50"
    >
      <form
        method="dialog"
        className="flex flex-col gap-4 p-6"
        onSubmit={async (event) => {
          event.preventDefault()
          setBusy(true)
          try {
            await onConfirm()
          } finally {
            setBusy(false)
          }
        }}
      >
        <h2 id={titleId} className="font-display text-2xl font-semibold">
          {title}
        </h2>
        <div className="flex flex-col gap-3">{children}</div>
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonClass('outline')} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={buttonClass('primary')}
            disabled={busy || confirmDisabled}
            aria-busy={busy || undefined}
          >
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  )
}
