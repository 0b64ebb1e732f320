import { useEffect, useRef, useState } from 'react'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { Honeypot } from './honeypot.tsx'
import { cn } from '#app/lib/cn.ts'
import {
  CONTACT_LIMITS,
  HONEYPOT_FIELD,
  LETTER_ARCHIVE_PATH,
  NEWSLETTER_ENDPOINT,
} from '#common/contact.ts'
import { queueLazily, sendLazily, syncResendQueueIfPending } from './resend-queue-lazy.ts'
import { newSubmissionId } from './submission.ts'
import type { SendOutcome } from './send-form.ts'

const messages = {
  confirmByEmail:
    'Thank you! Please check your inbox: we have sent you a link to confirm your subscription.',
  subscribed: 'Thank you! You are subscribed to the DocuCommons newsletter.',
  queued:
    'We could not reach our server. Your sign-up is saved in this browser and will be sent when the connection is back.',
  refused: 'Sorry, we could not sign you up. Please try again later.',
} as const

/**
 * The footer's newsletter sign-up: an e-mail field and a button; the outcome is announced in a
 * status region. Without JavaScript the browser posts the form itself and the server answers
 * with a 303 to a result page (/newsletter/check-your-inbox and the like). Being on every page,
 * it also sends the browser's resend queue.
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
    return syncResendQueueIfPending()
  }, [])

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
      <p className="mt-4 text-paper/85">
        New stories, episodes and courses, about once a month.{' '}
        <a
          href={LETTER_ARCHIVE_PATH}
          className="font-medium text-gold-soft underline underline-offset-4 hover:text-gold"
        >
          Read past letters
        </a>
      </p>
      <form
        aria-labelledby="newsletter-title"
        className="mt-4"
        action={NEWSLETTER_ENDPOINT}
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
            maxLength={CONTACT_LIMITS.email}
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
      <p className="mt-3 text-sm text-paper/85">
        Only for the newsletter, and you can leave in one click.{' '}
        <a
          href="/privacy"
          className="font-medium text-gold-soft underline underline-offset-4 hover:text-gold"
        >
          Privacy
        </a>
      </p>
    </section>
  )
}
