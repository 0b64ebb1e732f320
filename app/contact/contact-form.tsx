import { useEffect, useRef, useState } from 'react'
import { buttonClass } from '~/components/ui/button-styles'

export const TOAST_MS = 3000

const field =
  'mt-2 block w-full rounded-xl border border-ink/20 bg-white px-4 py-3 text-ink shadow-xs placeholder:text-ink-soft/70 focus:border-teal focus:ring-2 focus:ring-teal/30 focus:outline-none user-invalid:border-danger'

/**
 * The contact form (SPEC section 5): the browser's own checks run first (name and e-mail
 * required, e-mail and website formats); a valid submit never navigates away and shows the
 * "Response Submitted!" toast for 3 seconds.
 */
export function ContactForm({ heading, intro, onValidSubmit }: { heading: string; intro: string; onValidSubmit?: (form: HTMLFormElement) => void }) {
  const [toast, setToast] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  return (
    <div className="relative">
      <h2 id="contact-form-title" className="text-3xl font-semibold">
        {heading}
      </h2>
      <p className="mt-2 text-ink-soft">{intro}</p>
      <form
        aria-labelledby="contact-form-title"
        className="mt-8 grid gap-5"
        method="post"
        onSubmit={(event) => {
          event.preventDefault()
          onValidSubmit?.(event.currentTarget)
          setToast(true)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setToast(false), TOAST_MS)
        }}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <label className="block font-medium">
            Name <span className="text-clay" aria-hidden="true">*</span>
            <input className={field} type="text" name="name" autoComplete="name" required maxLength={200} />
          </label>
          <label className="block font-medium">
            Email <span className="text-clay" aria-hidden="true">*</span>
            <input className={field} type="email" name="email" autoComplete="email" required maxLength={254} />
          </label>
        </div>
        <label className="block font-medium">
          Website <span className="font-normal text-ink-soft">(optional)</span>
          <input className={field} type="url" name="website" autoComplete="url" placeholder="https://" maxLength={2048} />
        </label>
        <label className="block font-medium">
          Message <span className="font-normal text-ink-soft">(optional)</span>
          <textarea className={field} name="message" rows={6} maxLength={5000} />
        </label>
        <p className="text-sm text-ink-soft">
          <span className="text-clay" aria-hidden="true">*</span> Required
        </p>
        <div>
          <button type="submit" className={buttonClass('primary', 'px-8')}>
            Send message
          </button>
        </div>
      </form>
      <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-gutter">
        {toast && (
          <p className="pointer-events-auto flex items-center gap-3 rounded-full bg-ink px-6 py-3.5 font-semibold text-paper shadow-card" data-testid="toast">
            <svg viewBox="0 0 20 20" className="size-5 text-gold" aria-hidden="true" fill="currentColor">
              <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zm-1.3 12.3L4.9 10l1.4-1.4 2.4 2.4 5-5 1.4 1.4-6.4 6.4z" />
            </svg>
            Response Submitted!
          </p>
        )}
      </div>
    </div>
  )
}
