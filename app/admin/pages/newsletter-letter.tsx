/**
 * One letter: its words while it is a draft (subject, preheader, the articles' Markdown), the
 * preview (phone and desktop widths and the plain text, a page of its own), a test to oneself,
 * and for administrators "Send now" (the confirmation names how many readers get it) or a time
 * to send. Once it goes, its progress: queued, sent, failed, bounced, and the addresses that
 * failed, refreshed every few seconds until every copy is settled.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router'
import type { LetterDetail } from '#common/newsletter-admin.ts'
import * as newsletterApi from '#common/newsletter-contracts.ts'
import { ApiError, call } from '#app/admin/api.ts'
import { ConfirmDialog } from '#app/admin/components/confirm-dialog.tsx'
import { useToast } from '#app/admin/components/toast.tsx'
import {
  Alert,
  Badge,
  buttonClass,
  Card,
  Facts,
  Field,
  PageHeader,
  TextAreaField,
} from '#app/admin/components/ui.tsx'
import { formatDateTime, isoToZoned, plural, zonedToIso } from '#app/admin/format.ts'
import { useSession } from '#app/admin/session.ts'
import { STATUS_LABEL, STATUS_TONE } from './newsletter.tsx'

export const letterLoader = ({ params }: LoaderFunctionArgs) =>
  call(newsletterApi.letter, { params: { id: params['id'] ?? '' } })

const REFRESH_MS = 3000

/** The server's words for one field after a refused save, if it named that field. */
const fieldOf = (caught: unknown, field: string) =>
  caught instanceof ApiError ? caught.fields[field] : undefined

export function NewsletterLetterPage() {
  const letter = useLoaderData<typeof letterLoader>()
  return <Letter key={`${letter.id}:${letter.version}`} letter={letter} />
}

/** The letter's subject, its state and when it goes or went, with the link to its preview. */
function LetterHeader({ letter }: { letter: LetterDetail }) {
  return (
    <PageHeader
      title={letter.subject}
      back={
        <Link
          to="/newsletter"
          className="mb-2 inline-block text-sm font-semibold text-teal underline underline-offset-4"
        >
          All letters
        </Link>
      }
      lead={
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONE[letter.status]}>{STATUS_LABEL[letter.status]}</Badge>
          {letter.status === 'scheduled' && letter.sendAt && (
            <span>for {formatDateTime(letter.sendAt)}</span>
          )}
          {letter.startedAt && <span>started {formatDateTime(letter.startedAt)}</span>}
        </span>
      }
      actions={
        <a
          href={`/admin/preview/letters/${letter.id}`}
          target="_blank"
          rel="noopener"
          className={buttonClass('outline')}
        >
          Preview
          <span className="sr-only"> (phone, desktop and plain text, opens in a new tab)</span>
        </a>
      }
    />
  )
}

/** How far sending has come, and the addresses it could not reach. */
function ProgressCard({ letter }: { letter: LetterDetail }) {
  const { progress } = letter
  return (
    <Card aria-label="Progress" className="mb-6">
      <Facts
        items={[
          ['Readers', (letter.recipients ?? 0).toLocaleString('en-US')],
          ['Queued', progress.queued.toLocaleString('en-US')],
          ['Sent', progress.sent.toLocaleString('en-US')],
          ['Failed', progress.failed.toLocaleString('en-US')],
          ['Bounced', progress.bounced.toLocaleString('en-US')],
          ['Left before it reached them', progress.skipped.toLocaleString('en-US')],
        ]}
      />
      {letter.failedAddresses.length > 0 && (
        <>
          <h2 className="mt-6 font-display text-xl font-semibold">Addresses it could not reach</h2>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {letter.failedAddresses.map((failed) => (
              <li key={failed.email} className="break-all">
                <strong>{failed.email}</strong> ·{' '}
                {failed.status === 'bounced' ? 'bounced' : 'failed'}
                {failed.error && <span className="text-ink-soft"> · {failed.error}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  )
}

/** For administrators: send now (after a confirmation), at a time, or cancel the schedule. */
function SendCard({
  letter,
  changed,
  onSendNow,
  onSchedule,
}: {
  letter: LetterDetail
  changed: boolean
  onSendNow: () => void
  onSchedule: (at: string | null) => void
}) {
  const [sendAt, setSendAt] = useState(letter.sendAt ? isoToZoned(letter.sendAt) : '')
  return (
    <Card aria-label="Send to readers" className="mt-8 max-w-reading">
      <h2 className="font-display text-xl font-semibold">Send to readers</h2>
      <p className="mt-1 text-sm text-ink-soft">
        {plural(letter.readers, 'reader')} would get it now: each once, with their own unsubscribe
        link.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <button
          type="button"
          disabled={changed || !letter.canSend.ok}
          className={buttonClass('dark')}
          onClick={onSendNow}
        >
          Send now
        </button>
        <Field
          label="Or send at"
          type="datetime-local"
          value={sendAt}
          onChange={(event) => setSendAt(event.target.value)}
        />
        <button
          type="button"
          disabled={changed || !sendAt || !letter.canSend.ok}
          className={buttonClass('outline')}
          onClick={() => onSchedule(zonedToIso(sendAt) ?? null)}
        >
          Schedule
        </button>
        {letter.status === 'scheduled' && (
          <button type="button" className={buttonClass('outline')} onClick={() => onSchedule(null)}>
            Cancel the schedule
          </button>
        )}
      </div>
    </Card>
  )
}

/** While copies are on their way, the progress refreshes itself. */
function useRefreshWhileSending(status: LetterDetail['status']) {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (status !== 'sending') return
    const timer = setInterval(() => void revalidator.revalidate(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [status, revalidator])
}

/**
 * The letter's commands: save the words, a test to oneself, schedule (or not), send now. Each is
 * said by a toast, then the page shows the letter as the server has it; a refusal is kept for the
 * fields' messages.
 */
function useLetterCommands({
  letter,
  fields,
  email,
  onSent,
}: {
  letter: LetterDetail
  fields: Pick<LetterDetail, 'subject' | 'preheader' | 'body'>
  email: string
  onSent: () => void
}) {
  const notify = useToast()
  const revalidator = useRevalidator()
  const [error, setError] = useState<unknown>()

  async function run(action: () => Promise<unknown>, done: string) {
    setError(undefined)
    try {
      await action()
      notify(done)
      await revalidator.revalidate()
    } catch (caught) {
      setError(caught)
      notify((caught as Error).message, 'error')
    }
  }
  const save = (event: FormEvent) => {
    event.preventDefault()
    void run(
      () =>
        call(newsletterApi.editLetter, {
          params: { id: letter.id },
          body: { ...fields, version: letter.version },
        }),
      'Saved.',
    )
  }
  const test = () =>
    void run(
      () => call(newsletterApi.testLetter, { params: { id: letter.id } }),
      `A test is on its way to ${email}.`,
    )
  const schedule = (at: string | null) =>
    void run(
      () => call(newsletterApi.scheduleLetter, { params: { id: letter.id }, body: { sendAt: at } }),
      at ? 'Scheduled.' : 'Back to a draft: it will not be sent.',
    )
  const sendNow = () =>
    run(
      () =>
        call(newsletterApi.sendLetter, {
          params: { id: letter.id },
          body: { readers: letter.readers },
        }),
      'Sending has started.',
    ).then(onSent)

  return { error, save, test, schedule, sendNow }
}

function Letter({ letter }: { letter: LetterDetail }) {
  const { staff } = useSession()
  const [fields, setFields] = useState({
    subject: letter.subject,
    preheader: letter.preheader,
    body: letter.body,
  })
  const [confirming, setConfirming] = useState(false)
  const editable = letter.status === 'draft' || letter.status === 'scheduled'
  const changed =
    fields.subject !== letter.subject ||
    fields.preheader !== letter.preheader ||
    fields.body !== letter.body
  const admin = staff.role === 'admin'

  useRefreshWhileSending(letter.status)
  const { error, save, test, schedule, sendNow } = useLetterCommands({
    letter,
    fields,
    email: staff.email,
    onSent: () => setConfirming(false),
  })

  return (
    <>
      <LetterHeader letter={letter} />
      {!letter.canSend.ok && <Alert tone="info">{letter.canSend.reason}</Alert>}
      {letter.status !== 'draft' && letter.status !== 'scheduled' && (
        <ProgressCard letter={letter} />
      )}
      <form onSubmit={save} className="flex max-w-reading flex-col gap-5">
        <Field
          label="Subject"
          value={fields.subject}
          readOnly={!editable}
          maxLength={150}
          required
          error={fieldOf(error, 'subject')}
          onChange={(event) => setFields({ ...fields, subject: event.target.value })}
        />
        <Field
          label="Preheader"
          hint="The line mail apps show after the subject."
          value={fields.preheader}
          readOnly={!editable}
          maxLength={200}
          error={fieldOf(error, 'preheader')}
          onChange={(event) => setFields({ ...fields, preheader: event.target.value })}
        />
        <TextAreaField
          label="Body"
          hint='Markdown, as in articles; a picture from the media library: ::photo[Caption]{image=media/id alt="…"}'
          value={fields.body}
          readOnly={!editable}
          rows={16}
          controlClassName="font-mono text-sm"
          error={fieldOf(error, 'body')}
          onChange={(event) => setFields({ ...fields, body: event.target.value })}
        />
        {editable && (
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={!changed} className={buttonClass('dark')}>
              Save
            </button>
            <button
              type="button"
              disabled={changed || !letter.canSend.ok}
              className={buttonClass('outline')}
              onClick={test}
            >
              Send me a test
            </button>
          </div>
        )}
      </form>
      {editable && admin && (
        <SendCard
          letter={letter}
          changed={changed}
          onSendNow={() => setConfirming(true)}
          onSchedule={schedule}
        />
      )}
      {editable && !admin && (
        <p className="mt-8 max-w-reading text-sm text-ink-soft">
          An administrator sends letters to readers. Send yourself a test, then tell them it is
          ready.
        </p>
      )}
      {error instanceof ApiError && error.status === 409 && <Alert>{error.message}</Alert>}
      <ConfirmDialog
        open={confirming}
        title={`Send to ${plural(letter.readers, 'reader')}?`}
        confirmLabel={`Send to ${plural(letter.readers, 'reader')}`}
        onConfirm={sendNow}
        onClose={() => setConfirming(false)}
      >
        <p>
          “{letter.subject}” goes to {plural(letter.readers, 'reader')} who confirmed their
          subscription, once each. It cannot be taken back once it has started.
        </p>
      </ConfirmDialog>
    </>
  )
}
