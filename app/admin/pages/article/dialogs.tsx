/**
 * The article editor's two dialogs with a field: when to publish it (a date and a time in Kansas
 * City, shown on the reader's own clock too when it differs) and its new address.
 */
import { useState } from 'react'
import type { DocumentAnswer } from '#common/content-admin.ts'
import { slugProblem } from '#common/content/slug.ts'
import { ApiError } from '#app/admin/api.ts'
import { Dialog, FormButtons } from '#app/admin/components/dialog.tsx'
import { Alert, Field } from '#app/admin/components/ui.tsx'
import {
  formatKansasCity,
  formatLocalIfDifferent,
  fromKansasCity,
  kansasCityWallClock,
  ORGANISATION_CLOCK,
} from '#app/admin/content/kansas-city-time.ts'
import { sentence } from '#app/admin/content/validation.ts'

/** Tomorrow at 9:00 in Kansas City, as a first suggestion. */
function suggestedTime() {
  const tomorrow = new Date(Date.now() + 86_400_000)
  return { date: kansasCityWallClock(tomorrow).date, time: '09:00' }
}

const inTheFuture = (date: Date) => date.getTime() > Date.now()

export function ScheduleDialog({
  open,
  current,
  onClose,
  onSchedule,
}: {
  open: boolean
  current: string | null
  onClose: () => void
  onSchedule: (at: Date) => Promise<void>
}) {
  return (
    <Dialog
      open={open}
      title="Schedule the article"
      onClose={onClose}
      description={<p>Choose when it goes live, in {ORGANISATION_CLOCK} (Central time).</p>}
    >
      {open && <ScheduleForm current={current} onClose={onClose} onSchedule={onSchedule} />}
    </Dialog>
  )
}

function ScheduleForm({
  current,
  onClose,
  onSchedule,
}: {
  current: string | null
  onClose: () => void
  onSchedule: (at: Date) => Promise<void>
}) {
  const [start] = useState(() =>
    current ? kansasCityWallClock(new Date(current)) : suggestedTime(),
  )
  const [date, setDate] = useState(start.date)
  const [time, setTime] = useState(start.time)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const at = fromKansasCity(date, time)
  const local = at ? formatLocalIfDifferent(at) : undefined

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault()
        if (!at) return setError('Choose a date and a time.')
        if (!inTheFuture(at)) return setError('Choose a time in the future, or publish now.')
        setError(undefined)
        setBusy(true)
        try {
          await onSchedule(at)
        } finally {
          setBusy(false)
        }
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Date"
          type="date"
          data-autofocus
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <Field
          label={`Time (${ORGANISATION_CLOCK})`}
          type="time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
        />
      </div>
      <div role="status" className="rounded-xl bg-paper-deep px-4 py-3 text-sm">
        {at ? (
          <>
            <p>
              Goes live <strong>{formatKansasCity(at)}</strong>.
            </p>
            {local && <p className="mt-1 text-ink-soft">On your computer’s clock: {local}.</p>}
          </>
        ) : (
          <p>Choose a date and a time.</p>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      <FormButtons onCancel={onClose} label="Schedule" busyLabel="Scheduling…" busy={busy} />
    </form>
  )
}

export function SlugDialog({
  open,
  answer,
  onClose,
  onChange,
}: {
  open: boolean
  answer: DocumentAnswer
  onClose: () => void
  onChange: (slug: string) => Promise<void>
}) {
  return (
    <Dialog open={open} title="Change the address" onClose={onClose}>
      {open && <SlugForm answer={answer} onClose={onClose} onChange={onChange} />}
    </Dialog>
  )
}

function SlugForm({
  answer,
  onClose,
  onChange,
}: {
  answer: DocumentAnswer
  onClose: () => void
  onChange: (slug: string) => Promise<void>
}) {
  const [slug, setSlug] = useState(answer.slug ?? '')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const seen = answer.status !== 'draft' || answer.revisions.length > 0
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault()
        const problem =
          slug === answer.slug ? 'This is the address it has already.' : slugProblem(slug)
        setError(problem && sentence(problem))
        if (problem) return
        setBusy(true)
        try {
          await onChange(slug)
        } catch (caught) {
          setError(
            caught instanceof ApiError && caught.fields['slug']
              ? sentence(caught.fields['slug'])
              : (caught as Error).message,
          )
        } finally {
          setBusy(false)
        }
      }}
    >
      <Field
        label="Address"
        hint={
          <>
            After <span className="font-mono">/articles/</span>: lower-case letters and digits
            joined by hyphens.
          </>
        }
        value={slug}
        data-autofocus
        onChange={(event) => setSlug(event.target.value.toLowerCase())}
        error={error}
        spellCheck={false}
        autoComplete="off"
      />
      <Alert tone="info">
        {seen
          ? `Links to the old address, /articles/${answer.slug}, keep working: they are redirected to the new one.`
          : 'The article has never been published, so no reader has the old address.'}
      </Alert>
      <FormButtons onCancel={onClose} label="Change address" busyLabel="Changing…" busy={busy} />
    </form>
  )
}
