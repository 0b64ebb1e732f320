/**
 * One letter: its words while it is a draft (subject, preheader, the articles' Markdown), the
 * preview (phone and desktop widths and the plain text, a page of its own), a test to oneself,
 * and for administrators "Send now" (the confirmation names how many readers get it) or a time
 * to send. Once it goes, its progress: queued, sent, failed, bounced, and the addresses that
 * failed, refreshed every few seconds until every copy is settled. Each command is a post to the
 * route's action (newsletter-letter/action.ts, ADR 026).
 */
import { useEffect, useId, useState } from 'react'
import {
  Link,
  useFetcher,
  useLoaderData,
  useRevalidator,
  type FetcherWithComponents,
  type LoaderFunctionArgs,
} from 'react-router'
import type { LetterDetail } from '#common/newsletter-admin.ts'
import * as newsletterApi from '#common/newsletter-contracts.ts'
import { call } from '#app/admin/api.ts'
import { sayNotice, useActionAnswer } from '#app/admin/components/action-answer.ts'
import { ConfirmDialog } from '#app/admin/components/confirm-dialog.tsx'
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
import { formatDateTime, isoToZoned, plural } from '#app/admin/format.ts'
import { useSession } from '#app/admin/session.ts'
import type { LetterActionResult } from './newsletter-letter/action.ts'
import { STATUS_LABEL, STATUS_TONE } from './newsletter.tsx'

export { letterAction } from './newsletter-letter/action.ts'

export const letterLoader = ({ params }: LoaderFunctionArgs) =>
  call(newsletterApi.letter, { params: { id: params['id'] ?? '' } })

const REFRESH_MS = 3000

type LetterFetcher = FetcherWithComponents<LetterActionResult>

export function NewsletterLetterPage() {
  const letter = useLoaderData<typeof letterLoader>()
  // Here, not in the letter: a saved letter is drawn afresh (its version is in its key), and
  // what the server said stays.
  const fetcher = useFetcher<LetterActionResult>()
  useActionAnswer(fetcher.data, { say: sayNotice })
  return <Letter key={`${letter.id}:${letter.version}`} letter={letter} fetcher={fetcher} />
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
  fetcher,
  error,
  onSendNow,
}: {
  letter: LetterDetail
  changed: boolean
  fetcher: LetterFetcher
  /** Why the time to send was refused. */
  error: string | undefined
  onSendNow: () => void
}) {
  const [sendAt, setSendAt] = useState(letter.sendAt ? isoToZoned(letter.sendAt) : '')
  const busy = fetcher.state !== 'idle'
  // Said below the row, so that the buttons stay level with the field.
  const errorId = useId()
  return (
    <Card aria-label="Send to readers" className="mt-8 max-w-reading">
      <h2 className="font-display text-xl font-semibold">Send to readers</h2>
      <p className="mt-1 text-sm text-ink-soft">
        {plural(letter.readers, 'reader')} would get it now: each once, with their own unsubscribe
        link.
      </p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <button
          type="button"
          disabled={changed || busy || !letter.canSend.ok}
          className={buttonClass('dark')}
          onClick={onSendNow}
        >
          Send now
        </button>
        <Field
          label="Or send at"
          type="datetime-local"
          name="sendAt"
          value={sendAt}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setSendAt(event.target.value)}
        />
        <button
          type="submit"
          name="intent"
          value="schedule"
          disabled={changed || busy || !sendAt || !letter.canSend.ok}
          className={buttonClass('outline')}
        >
          Schedule
        </button>
        {letter.status === 'scheduled' && (
          <button
            type="submit"
            name="intent"
            value="unschedule"
            disabled={busy}
            className={buttonClass('outline')}
          >
            Cancel the schedule
          </button>
        )}
      </fetcher.Form>
      {error && (
        <p id={errorId} className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      )}
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

function Letter({ letter, fetcher }: { letter: LetterDetail; fetcher: LetterFetcher }) {
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

  const busy = fetcher.state !== 'idle'
  const refused = fetcher.data?.ok === false ? fetcher.data : undefined
  const fieldError = (name: string) => refused?.fields[name]

  useRefreshWhileSending(letter.status)

  return (
    <>
      <LetterHeader letter={letter} />
      {!letter.canSend.ok && <Alert tone="info">{letter.canSend.reason}</Alert>}
      {letter.status !== 'draft' && letter.status !== 'scheduled' && (
        <ProgressCard letter={letter} />
      )}
      <fetcher.Form method="post" className="flex max-w-reading flex-col gap-5">
        <input type="hidden" name="version" value={letter.version} />
        <input type="hidden" name="email" value={staff.email} />
        <Field
          label="Subject"
          name="subject"
          value={fields.subject}
          readOnly={!editable}
          maxLength={150}
          required
          error={fieldError('subject')}
          onChange={(event) => setFields({ ...fields, subject: event.target.value })}
        />
        <Field
          label="Preheader"
          name="preheader"
          hint="The line mail apps show after the subject."
          value={fields.preheader}
          readOnly={!editable}
          maxLength={200}
          error={fieldError('preheader')}
          onChange={(event) => setFields({ ...fields, preheader: event.target.value })}
        />
        <TextAreaField
          label="Body"
          name="body"
          hint='Markdown, as in articles; a picture from the media library: ::photo[Caption]{image=media/id alt="…"}'
          value={fields.body}
          readOnly={!editable}
          rows={16}
          controlClassName="font-mono text-sm"
          error={fieldError('body')}
          onChange={(event) => setFields({ ...fields, body: event.target.value })}
        />
        {editable && (
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="intent"
              value="save"
              disabled={!changed || busy}
              className={buttonClass('dark')}
            >
              Save
            </button>
            <button
              type="submit"
              name="intent"
              value="test"
              disabled={changed || busy || !letter.canSend.ok}
              className={buttonClass('outline')}
            >
              Send me a test
            </button>
          </div>
        )}
      </fetcher.Form>
      {editable && admin && (
        <SendCard
          letter={letter}
          changed={changed}
          fetcher={fetcher}
          error={fieldError('sendAt')}
          onSendNow={() => setConfirming(true)}
        />
      )}
      {editable && !admin && (
        <p className="mt-8 max-w-reading text-sm text-ink-soft">
          An administrator sends letters to readers. Send yourself a test, then tell them it is
          ready.
        </p>
      )}
      {refused?.status === 409 && <Alert>{refused.message}</Alert>}
      <ConfirmDialog
        open={confirming}
        title={`Send to ${plural(letter.readers, 'reader')}?`}
        confirmLabel={`Send to ${plural(letter.readers, 'reader')}`}
        onConfirm={async () => {
          await fetcher.submit(
            { intent: 'send', readers: String(letter.readers) },
            { method: 'post' },
          )
          setConfirming(false)
        }}
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
