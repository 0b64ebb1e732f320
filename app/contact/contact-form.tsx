import type { ReactNode } from 'react'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { Honeypot } from './honeypot.tsx'
import { CONTACT_ENDPOINT, CONTACT_LIMITS, type ContactField } from '#common/contact.ts'
import { sendForm, type SendOutcome } from './send-form.ts'
import { useContactForm, type FieldErrors } from './use-contact-form.ts'

const fieldBase =
  'mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-ink shadow-xs placeholder:text-ink-soft/70 focus:ring-2 focus:ring-teal/30 focus:outline-none'
const field = `${fieldBase} border-ink/20 focus:border-teal user-invalid:border-danger`
const fieldRefused = `${fieldBase} border-danger`

// A field the server refused points at its message, for screen readers and the eye alike.
const fieldProps = (errors: FieldErrors, name: ContactField) =>
  errors[name]
    ? {
        className: fieldRefused,
        'aria-invalid': true as const,
        'aria-describedby': `contact-${name}-error`,
      }
    : { className: field }
const errorText = (errors: FieldErrors, name: ContactField) =>
  errors[name] && (
    <p id={`contact-${name}-error`} className="mt-2 text-sm font-medium text-danger">
      {errors[name]}
    </p>
  )

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
  const { toast, errors, onInput, onSubmit } = useContactForm(send, onValidSubmit)

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
        onInput={onInput}
        onSubmit={onSubmit}
      >
        <ContactFields errors={errors} />
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
        {toast && <SubmittedToast />}
      </div>
    </div>
  )
}

/**
 * A field with its label, marked required (a star) or optional, and the server's word on it
 * below. The control gets its name, length limit, `required` and look from here; once refused,
 * it points at that word.
 */
function LabelledField({
  label,
  optional = false,
  children,
  errors,
  name,
}: {
  label: string
  optional?: boolean
  errors: FieldErrors
  name: ContactField
  children: (
    props: ReturnType<typeof fieldProps> & {
      name: ContactField
      maxLength: number
      required: boolean
    },
  ) => ReactNode
}) {
  return (
    <div>
      <label className="block font-medium">
        {label}{' '}
        {optional ? (
          <span className="font-normal text-ink-soft">(optional)</span>
        ) : (
          <span className="text-clay" aria-hidden="true">
            *
          </span>
        )}
        {children({
          name,
          maxLength: CONTACT_LIMITS[name],
          required: !optional,
          ...fieldProps(errors, name),
        })}
      </label>
      {errorText(errors, name)}
    </div>
  )
}

/** Name and e-mail (required), website and message, each with the server's word on it. */
function ContactFields({ errors }: { errors: FieldErrors }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <LabelledField label="Name" errors={errors} name="name">
          {(props) => <input type="text" autoComplete="name" {...props} />}
        </LabelledField>
        <LabelledField label="Email" errors={errors} name="email">
          {(props) => <input type="email" autoComplete="email" {...props} />}
        </LabelledField>
      </div>
      <LabelledField label="Website" optional errors={errors} name="website">
        {(props) => <input type="url" autoComplete="url" placeholder="https://" {...props} />}
      </LabelledField>
      <LabelledField label="Message" optional errors={errors} name="message">
        {(props) => <textarea rows={6} {...props} />}
      </LabelledField>
    </>
  )
}

/** "Response Submitted!", shown for TOAST_MS after a valid submit whatever the server answers. */
function SubmittedToast() {
  return (
    <p
      className="pointer-events-auto flex items-center gap-3 rounded-full bg-ink px-6 py-3.5 font-semibold text-paper shadow-card"
      data-testid="toast"
    >
      <svg viewBox="0 0 20 20" className="size-5 text-gold" aria-hidden="true" fill="currentColor">
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zm-1.3 12.3L4.9 10l1.4-1.4 2.4 2.4 5-5 1.4 1.4-6.4 6.4z" />
      </svg>
      Response Submitted!
    </p>
  )
}
