/**
 * The episode form's Publishing card: the publication time (Kansas City), the choice to send it
 * to readers, and the buttons that post the form with their intent ("Save draft", "Publish now"
 * or "Schedule", "Unpublish"). What they offer follows the episode as the server last answered it.
 */
import type { EpisodeAnswer } from '#common/podcast-admin.ts'
import type { Role } from '#common/back-office.ts'
import { buttonClass, Card, Field } from '#app/admin/components/ui.tsx'
import { formatShowTime } from '#app/admin/format.ts'
import { SendToReadersChoice } from '#app/admin/pages/episode-send.tsx'
import type { EpisodeIntent } from './action.ts'

export function PublishingCard({
  formId,
  episode,
  role,
  publishedAt,
  publishedAtIso,
  upcoming,
  error,
  onPublishedAt,
  sendToReaders,
  onSendToReaders,
  pending,
  uploading,
  dirty,
  onDelete,
}: {
  formId: string
  episode: EpisodeAnswer | undefined
  role: Role
  /** As typed (Kansas City's wall clock), and as the instant it names. */
  publishedAt: string
  publishedAtIso: string | undefined
  upcoming: boolean
  error: string | undefined
  onPublishedAt: (value: string) => void
  sendToReaders: boolean
  onSendToReaders: (checked: boolean) => void
  /** The action running, if one is. */
  pending: EpisodeIntent | undefined
  /** An audio file is on its way: nothing is sent until the server has measured it. */
  uploading: boolean
  dirty: boolean
  onDelete: () => void
}) {
  const live = episode?.status === 'published'
  const busy = pending !== undefined || uploading
  return (
    <Card aria-labelledby={`${formId}-publishing`} className="lg:sticky lg:top-6">
      <h2 id={`${formId}-publishing`} className="font-display text-2xl font-semibold">
        Publishing
      </h2>
      <Field
        label="Publication time (Kansas City)"
        name="publishedAt"
        type="datetime-local"
        className="mt-4"
        hint={
          publishedAtIso
            ? upcoming
              ? `Still to come: publishing schedules it for ${formatShowTime(publishedAtIso)}.`
              : 'Now or past: publishing puts it out at once, with this date.'
            : undefined
        }
        value={publishedAt}
        onChange={(event) => onPublishedAt(event.target.value)}
        error={error}
      />
      <div className="mt-6">
        <SendToReadersChoice
          id={`${formId}-send`}
          name="send"
          role={role}
          checked={sendToReaders}
          onChange={onSendToReaders}
          upcoming={upcoming}
        />
      </div>
      <div className="mt-6 flex flex-col gap-3">
        <button
          type="submit"
          name="intent"
          value="save"
          className={buttonClass('outline')}
          disabled={busy}
        >
          {pending === 'save' ? 'Saving…' : 'Save draft'}
        </button>
        <button
          type="submit"
          name="intent"
          value="publish"
          className={buttonClass('primary')}
          disabled={busy}
        >
          {pending === 'publish'
            ? sendToReaders && !upcoming
              ? 'Publishing and sending…'
              : 'Publishing…'
            : upcoming
              ? 'Schedule'
              : live
                ? 'Publish the changes'
                : 'Publish now'}
        </button>
        {episode && episode.status !== 'draft' && (
          <button
            type="submit"
            name="intent"
            value="unpublish"
            className={buttonClass('outline')}
            disabled={busy}
          >
            {pending === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
          </button>
        )}
        {episode && role === 'admin' && (
          <button
            type="button"
            className={buttonClass('danger')}
            onClick={onDelete}
            disabled={busy}
          >
            {pending === 'delete' ? 'Deleting…' : 'Delete the episode'}
          </button>
        )}
      </div>
      {dirty && (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          You have unsaved changes.
        </p>
      )}
    </Card>
  )
}
