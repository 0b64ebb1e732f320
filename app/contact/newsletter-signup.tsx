import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { Honeypot } from './honeypot.tsx'
import { cn } from '#app/lib/cn.ts'
import {
  HONEYPOT_FIELD,
  NEWSLETTER_CONFIRM_PARAM,
  NEWSLETTER_ENDPOINT,
  newsletterConfirmStates,
  type NewsletterConfirmState,
} from '#common/contact-constants.ts'
import { newSubmissionId, queueLazily, sendLazily, syncOutboxIfPending } from './outbox-lazy.ts'
import type { SendOutcome } from './send-form.ts'

const messages = {
  confirmByEmail:
    'Thank you! Please check your inbox: we have sent you a link to confirm your subscription.',
  subscribed: 'Thank you! You are subscribed to the DocuCommons newsletter.',
  queued:
    'We could not reach our server. Your sign-up is saved in this browser and will be sent when the connection is back.',
  refused: 'Sorry, we could not sign you up. Please try again later.',
} as const

/** What the confirmation link's landing page (/?newsletter=<state>) tells the visitor. */
export const confirmMessages: Record<NewsletterConfirmState, string> = {
  confirmed: 'Your newsletter subscription is confirmed. Thank you!',
  'already-confirmed': 'Your newsletter subscription was already confirmed. Thank you!',
  expired: 'This confirmation link has expired. Please sign up again to receive a new one.',
  invalid: 'This confirmation link is not valid. Please sign up again to receive a new one.',
}

const LOCATION_CHANGED = 'docucommons:location-changed'

function subscribeToLocation(onChange: () => void) {
  window.addEventListener('popstate', onChange)
  window.addEventListener(LOCATION_CHANGED, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(LOCATION_CHANGED, onChange)
  }
}

/** The outcome of a confirmation link, read from the address: /?newsletter=<state>. */
function landingState(): NewsletterConfirmState | null {
  const state = new URLSearchParams(window.location.search).get(NEWSLETTER_CONFIRM_PARAM)
  return newsletterConfirmStates.find((known) => known === state) ?? null
}

/** Hides the notice by taking the state out of the address, so a reload does not show it again. */
function dismissLanding() {
  const url = new URL(window.location.href)
  url.searchParams.delete(NEWSLETTER_CONFIRM_PARAM)
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
  window.dispatchEvent(new Event(LOCATION_CHANGED))
}

/**
 * The footer's newsletter sign-up: an e-mail field and a button; the outcome is announced in a
 * status region. It also shows the outcome of a confirmation link (the API redirects to
 * /?newsletter=<state>) until dismissed and, being on every page, sends the browser's form outbox.
 */
export function NewsletterSignup({
  send = sendLazily,
}: {
  /** For tests; the real request by default. */
  send?: (endpoint: string, body: Record<string, unknown>) => Promise<SendOutcome>
}) {
  const [status, setStatus] = useState('')
  const [error, setError] = useState('')
  const [sending, setSending] = useState(false)
  const startedAt = useRef(0)

  useEffect(() => {
    startedAt.current = Date.now()
    return syncOutboxIfPending()
  }, [])

  const landing = useSyncExternalStore(subscribeToLocation, landingState, () => null)

  async function subscribe(form: HTMLFormElement) {
    const data = new FormData(form)
    const body = {
      email: String(data.get('email') ?? ''),
      [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD) ?? ''),
      startedAt: startedAt.current || Date.now(),
      submissionId: newSubmissionId(),
    }
    setSending(true)
    setStatus('')
    setError('')
    const outcome = await send(NEWSLETTER_ENDPOINT, body)
    setSending(false)
    if (outcome.kind === 'accepted') {
      form.reset()
      const confirm =
        (outcome.body as { confirmByEmail?: unknown } | undefined)?.confirmByEmail === true
      setStatus(confirm ? messages.confirmByEmail : messages.subscribed)
    } else if (outcome.kind === 'invalid') {
      setError(outcome.fields.email ?? messages.refused)
      ;(form.elements.namedItem('email') as HTMLInputElement | null)?.focus()
    } else if (outcome.kind === 'retry') {
      await queueLazily({ id: body.submissionId, endpoint: NEWSLETTER_ENDPOINT, body })
      setStatus(messages.queued)
    } else {
      setStatus(messages.refused)
    }
  }

  return (
    <section aria-labelledby="newsletter-title">
      <h2
        id="newsletter-title"
        className="font-sans text-xs font-semibold tracking-eyebrow text-gold uppercase"
      >
        Newsletter
      </h2>
      <p className="mt-4 text-paper/85">New stories, episodes and courses, about once a month.</p>
      <form
        aria-labelledby="newsletter-title"
        className="mt-4"
        method="post"
        onInput={() => setError('')}
        onSubmit={(event) => {
          event.preventDefault()
          void subscribe(event.currentTarget)
        }}
      >
        <label htmlFor="newsletter-email" className="block text-sm font-medium text-paper/85">
          Your email address
        </label>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row lg:flex-col">
          <input
            id="newsletter-email"
            type="email"
            name="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="you@example.org"
            className={cn(
              'min-h-11 w-full min-w-0 rounded-full border bg-paper px-5 py-2.5 text-ink placeholder:text-ink-soft/70 focus:ring-2 focus:outline-none',
              error
                ? 'border-danger ring-2 ring-danger-soft focus:ring-danger'
                : 'border-paper/30 focus:ring-gold',
            )}
            {...(error
              ? { 'aria-invalid': true, 'aria-describedby': 'newsletter-email-error' }
              : {})}
          />
          <Honeypot />
          <button type="submit" className={buttonClass('light', 'shrink-0')} disabled={sending}>
            Subscribe
          </button>
        </div>
        {error && (
          <p id="newsletter-email-error" className="mt-2 text-sm font-medium text-danger-soft">
            {error}
          </p>
        )}
      </form>
      <p role="status" className="mt-3 text-sm text-paper/85">
        {status}
      </p>
      <div
        role="status"
        className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-gutter"
      >
        {landing && (
          <p className="pointer-events-auto flex max-w-prose items-center gap-4 rounded-card bg-ink px-6 py-4 font-semibold text-paper shadow-card ring-1 ring-paper/20">
            <span>{confirmMessages[landing]}</span>
            <button
              type="button"
              className="shrink-0 rounded-full px-3 py-1 text-sm text-gold underline-offset-4 hover:underline"
              onClick={dismissLanding}
            >
              Dismiss
            </button>
          </p>
        )}
      </div>
    </section>
  )
}
