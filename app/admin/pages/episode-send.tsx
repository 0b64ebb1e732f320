/**
 * "Send this episode to readers", beside the episode form's Publish button (docs/newsletter.md,
 * ADR 024). Administrators only, as every send to readers (ADR 023): an editor sees why it is not
 * theirs. After a publish that went through, the server makes the letter from the episode and
 * sends it once its page is live; a second publish or a retry never mails it again.
 */
import type { Role } from '#common/back-office.ts'
import * as newsletterApi from '#common/newsletter-contracts.ts'
import { call } from '#app/admin/api.ts'
import { formatShowTime } from '#app/admin/format.ts'

export function SendToReadersChoice({
  id,
  name,
  role,
  checked,
  onChange,
  upcoming,
}: {
  id: string
  /** The form field it sends ("yes" when checked). */
  name?: string
  role: Role
  checked: boolean
  onChange: (checked: boolean) => void
  /** The publication time is still to come: publishing schedules, and the letter must wait. */
  upcoming: boolean
}) {
  if (role !== 'admin')
    return (
      <p className="text-sm text-ink-soft">
        An administrator can send an episode to the newsletter’s readers when it is published.
      </p>
    )
  const hint = upcoming
    ? 'Only when publishing now: for a scheduled episode, make its letter in Newsletter and schedule it for after the episode goes out.'
    : 'After it is published, every reader gets it by mail once, as soon as its page is live.'
  return (
    <div>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="yes"
          checked={checked && !upcoming}
          disabled={upcoming}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-hint`}
          className="size-5 shrink-0 accent-clay"
        />
        <label htmlFor={id} className="font-semibold">
          Send this episode to readers
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
        {hint}
      </p>
    </div>
  )
}

/** Sends a published episode to readers; answers what to tell the person. */
export async function sendEpisodeToReaders(slug: string): Promise<string> {
  const letter = await call(newsletterApi.createLetter, {
    body: { kind: 'episode', slug, send: true },
  })
  if (letter.status === 'sending' || letter.status === 'sent') {
    const readers = letter.recipients ?? 0
    return letter.startedAt
      ? `Sent to readers: ${readers} ${readers === 1 ? 'reader gets' : 'readers get'} it (started ${formatShowTime(letter.startedAt)}).`
      : 'Sent to readers.'
  }
  return 'The letter is made but did not go: see Newsletter.'
}
