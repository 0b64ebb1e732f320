/**
 * Toasts: short confirmations ("Marked as handled") and errors, announced by screen readers
 * through live regions that exist from the start (a region added with its message is often not
 * read). Each toast stays 6 seconds, or until dismissed.
 */
import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'

type Tone = 'success' | 'error'
interface Toast {
  id: number
  tone: Tone
  message: string
}

const ToastContext = createContext<(message: string, tone?: Tone) => void>(() => {})

export const useToast = () => use(ToastContext)

const SHOWN_MS = 6000

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(0)
  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  )
  const notify = useCallback(
    (message: string, tone: Tone = 'success') => {
      const id = ++next.current
      setToasts((all) => [...all.slice(-2), { id, tone, message }])
      setTimeout(() => dismiss(id), SHOWN_MS)
    },
    [dismiss],
  )
  const value = useMemo(() => notify, [notify])
  const region = (tone: Tone) => (
    <ul className="flex flex-col gap-2">
      {toasts
        .filter((toast) => toast.tone === tone)
        .map((toast) => (
          <li
            key={toast.id}
            className={cn(
              'flex items-start gap-3 rounded-card px-4 py-3 shadow-card',
              tone === 'success' ? 'bg-ink text-paper' : 'bg-danger-soft text-danger',
            )}
          >
            <p className="grow text-sm font-medium">{toast.message}</p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="-my-1 min-h-8 rounded-full px-2 text-sm underline underline-offset-2"
            >
              Dismiss
            </button>
          </li>
        ))}
    </ul>
  )
  return (
    <ToastContext value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col gap-2 sm:left-auto sm:w-96">
        <div role="status" aria-live="polite" className="pointer-events-auto">
          {region('success')}
        </div>
        <div role="alert" aria-live="assertive" className="pointer-events-auto">
          {region('error')}
        </div>
      </div>
    </ToastContext>
  )
}
