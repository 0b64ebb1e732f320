import { useEffect, useRef, useState } from 'react'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { Honeypot } from './honeypot.tsx'
import {
  CONTACT_ENDPOINT,
  CONTACT_LIMITS,
  contactFields,
  HONEYPOT_FIELD,
  type ContactField,
} from '#common/contact.ts'
import { addToResendQueue, startResendQueueSync } from './resend-queue.ts'
import { sendForm, type SendOutcome } from './send-form.ts'
import { newSubmissionId } from './submission.ts'

export const TOAST_MS = 3000

const fieldBase =
  'mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-ink shadow-xs placeholder:text-ink-soft/70 focus:ring-2 focus:ring-teal/30 focus:outline-none'
const field = `${fieldBase} border-ink/20 focus:border-teal user-invalid:border-danger`
const fieldRefused = `${fieldBase} border-danger`

type FieldErrors = Partial<Record<ContactField, string>>

/**
 * The contact form (docs/requirements.md#forms): the browser's own checks run first (name and e-mail
 * required, e-mail and website formats); a valid submit never navigates away and shows the
 * "Response Submitted!" toast for 3 seconds, whatever the server answers. Behind the toast the
 * message goes to POST /api/contact/: cleared when stored, field errors shown on a 400, kept in
 * the browser's resend queue and sent again later when the network or the server fails.
 */
export function ContactForm({
  heading,
  intro,
  onValidSubmit,
  send = sendForm,
}: {
  heading: string
  intro: string
  onValidSubmit?: (form: HTMLFormElement) => void
  /** For tests; the real request by default. */
  send?: (endpoint: string, body: Record<string, unknown>) => Promise<SendOutcome>
}) {
  const [toast, setToast] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // When the visitor opened the form (the server's minimum fill time) and the id of the
  // submission being written; both are renewed once the server has stored it.
  const startedAt = useRef(0)
  const submissionId = useRef('')

  useEffect(() => {
    startedAt.current = Date.now()
    submissionId.current = newSubmissionId()
    return startResendQueueSync()
  }, [])
  useEffect(() => () => clearTimeout(timer.current), [])

  async function deliver(form: HTMLFormElement) {
    const data = new FormData(form)
    const text = (name: string) => String(data.get(name) ?? '')
    const body: Record<string, unknown> = {
      name: text('name'),
      email: text('email'),
      ...(text('website') && { website: text('website') }),
      ...(text('message') && { message: text('message') }),
      [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
      startedAt: startedAt.current || Date.now(),
      submissionId: submissionId.current || newSubmissionId(),
    }
    const outcome = await send(CONTACT_ENDPOINT, body)
    if (outcome.kind === 'accepted') {
      form.reset()
      setErrors({})
      startedAt.current = Date.now()
      submissionId.current = newSubmissionId()
    } else if (outcome.kind === 'invalid') {
      const shown: FieldErrors = {}
      for (const name of contactFields) if (outcome.fields[name]) shown[name] = outcome.fields[name]
      setErrors(shown)
      const first = contactFields.find((name) => shown[name])
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus()
    } else if (outcome.kind === 'retry') {
      addToResendQueue({ id: String(body.submissionId), endpoint: CONTACT_ENDPOINT, body })
    } else {
      console.error(`The contact form was refused (HTTP ${outcome.status})`)
    }
  }

  // A field the server refused points at its message, for screen readers and the eye alike.
  const fieldProps = (name: ContactField) =>
    errors[name]
      ? {
          className: fieldRefused,
          'aria-invalid': true as const,
          'aria-describedby': `contact-${name}-error`,
        }
      : { className: field }
  const errorText = (name: ContactField) =>
    errors[name] && (
      <p id={`contact-${name}-error`} className="mt-2 text-sm font-medium text-danger">
        {errors[name]}
      </p>
    )

  return (
    <div className="relative">
      <h2 id="contact-form-title" className="text-3xl font-semibold">
        {heading}
      </h2>
      <p className="mt-2 text-ink-soft">{intro}</p>
      <form
        aria-labelledby="contact-form-title"
        className="mt-8 grid gap-5"
        // Without JavaScript (or before hydration) the browser posts the fields itself and the
        // server answers with a 303 to /contact/sent or /contact/not-sent.
        action={CONTACT_ENDPOINT}
        method="post"
        onInput={(event) => {
          const name = (event.target as HTMLInputElement).name as ContactField
          if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest)
        }}
        onSubmit={(event) => {
          event.preventDefault()
          onValidSubmit?.(event.currentTarget)
          setToast(true)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setToast(false), TOAST_MS)
          void deliver(event.currentTarget)
        }}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label className="block font-medium">
              Name{' '}
              <span className="text-clay" aria-hidden="true">
                *
              </span>
              <input
                type="text"
                name="name"
                autoComplete="name"
                required
                maxLength={CONTACT_LIMITS.name}
                {...fieldProps('name')}
              />
            </label>
            {errorText('name')}
          </div>
          <div>
            <label className="block font-medium">
              Email{' '}
              <span className="text-clay" aria-hidden="true">
                *
              </span>
              <input
                type="email"
                name="email"
                autoComplete="email"
                required
                maxLength={CONTACT_LIMITS.email}
                {...fieldProps('email')}
              />
            </label>
            {errorText('email')}
          </div>
        </div>
        <div>
          <label className="block font-medium">
            Website <span className="font-normal text-ink-soft">(optional)</span>
            <input
              type="url"
              name="website"
              autoComplete="url"
              placeholder="https://"
              maxLength={CONTACT_LIMITS.website}
              {...fieldProps('website')}
            />
          </label>
          {errorText('website')}
        </div>
        <div>
          <label className="block font-medium">
            Message <span className="font-normal text-ink-soft">(optional)</span>
            <textarea
              name="message"
              rows={6}
              maxLength={CONTACT_LIMITS.message}
              {...fieldProps('message')}
            />
          </label>
          {errorText('message')}
        </div>
        <Honeypot />
        <p className="text-sm text-ink-soft">
          <span className="text-clay" aria-hidden="true">
            *
          </span>{' '}
          Required. We use your details only to reply to you:{' '}
          <a
            href="/privacy"
            className="font-medium text-teal underline underline-offset-4 hover:text-clay"
          >
            how we handle them
          </a>
          .
        </p>
        <div>
          <button type="submit" className={buttonClass('primary', undefined, 'wide')}>
            Send message
          </button>
        </div>
      </form>
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-gutter"
      >
        {toast && (
          <p
            className="pointer-events-auto flex items-center gap-3 rounded-full bg-ink px-6 py-3.5 font-semibold text-paper shadow-card"
            data-testid="toast"
          >
            <svg
              viewBox="0 0 20 20"
              className="size-5 text-gold"
              aria-hidden="true"
              fill="currentColor"
            >
              <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zm-1.3 12.3L4.9 10l1.4-1.4 2.4 2.4 5-5 1.4 1.4-6.4 6.4z" />
            </svg>
            Response Submitted!
          </p>
        )}
      </div>
    </div>
  )
}
