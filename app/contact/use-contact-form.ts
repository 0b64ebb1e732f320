/**
 * The contact form's submit and its answer (./contact-form.tsx): the toast a valid submit shows
 * at once, the message's delivery behind it, and the fields the server refused.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import {
  CONTACT_ENDPOINT,
  contactFields,
  HONEYPOT_FIELD,
  type ContactField,
} from '#common/contact.ts'
import { addToResendQueue, startResendQueueSync } from './resend-queue.ts'
import type { SendOutcome } from './send-form.ts'
import { newSubmissionId } from './submission.ts'

export const TOAST_MS = 3000

export type FieldErrors = Partial<Record<ContactField, string>>

type Send = (endpoint: string, body: Record<string, unknown>) => Promise<SendOutcome>

/** What the form sends: its fields, the trap, when it was opened and the submission's id. */
function bodyOf(
  form: HTMLFormElement,
  startedAt: number,
  submissionId: string,
): Record<string, unknown> {
  const data = new FormData(form)
  const text = (name: string) => String(data.get(name) ?? '')
  return {
    name: text('name'),
    email: text('email'),
    ...(text('website') && { website: text('website') }),
    ...(text('message') && { message: text('message') }),
    [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
    startedAt: startedAt || Date.now(),
    submissionId: submissionId || newSubmissionId(),
  }
}

export function useContactForm(
  send: Send,
  onValidSubmit: ((form: HTMLFormElement) => void) | undefined,
) {
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
    const body = bodyOf(form, startedAt.current, submissionId.current)
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

  return {
    toast,
    errors,
    /** A field being corrected loses the server's message about it. */
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const name = (event.target as HTMLInputElement).name as ContactField
      if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest)
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      onValidSubmit?.(event.currentTarget)
      setToast(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setToast(false), TOAST_MS)
      void deliver(event.currentTarget)
    },
  }
}
