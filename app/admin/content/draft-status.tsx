/**
 * What the writer sees of a document's saving: the status line ("Saved at 3:04 PM"), the dialog
 * of a refused second save (who changed it and when, and the choices), the warning before
 * leaving with unsaved changes (links inside the app and closing the tab), and the offer to
 * restore work this browser kept from an earlier visit.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { useBlocker } from 'react-router'
import { Dialog } from '#app/admin/components/dialog.tsx'
import { useToast } from '#app/admin/components/toast.tsx'
import { Alert, buttonClass } from '#app/admin/components/ui.tsx'
import { formatAgo, formatDateTime } from '#app/admin/format.ts'
import type { Conflict, DocumentDraft } from './use-document-draft.ts'

const timeOnly = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' })

/** The save status, announced politely to screen readers as it changes. */
export function SaveStatus<D>({ draft }: { draft: DocumentDraft<D> }) {
  const { state, answer } = draft
  let text: ReactNode
  let tone = 'text-ink-soft'
  switch (state.kind) {
    case 'saved':
      text = state.at
        ? `Saved at ${timeOnly.format(new Date(state.at))}`
        : answer.updatedBy
          ? `Last changed ${formatAgo(answer.updatedAt)} by ${answer.updatedBy.label}`
          : `Last changed ${formatAgo(answer.updatedAt)}`
      break
    case 'pending':
      text = 'Unsaved changes'
      break
    case 'saving':
      text = 'Saving…'
      break
    case 'invalid':
      text = 'Not saved yet: see the messages'
      tone = 'text-danger'
      break
    case 'failed':
      text = (
        <>
          Not saved: {state.message}{' '}
          <button type="button" onClick={draft.retry} className="font-semibold underline">
            Try again
          </button>
        </>
      )
      tone = 'text-danger'
      break
    case 'conflict':
      text = 'Not saved: changed by someone else'
      tone = 'text-danger'
      break
  }
  return (
    <p role="status" className={`text-sm font-medium ${tone}`} data-testid="save-status">
      {text}
    </p>
  )
}

export function conflictSentence(conflict: Conflict): string {
  const who = conflict.updatedBy?.label ?? 'Someone'
  return `${who} changed this at ${formatDateTime(conflict.updatedAt)}, after you opened it.`
}

/**
 * The refused second save. Nothing was written; the writer chooses: take their version, or keep
 * theirs and put this one elsewhere (`keepMine`: an article becomes a copy), or knowingly save
 * over theirs (`saveOver`: pages, which cannot be copied).
 */
export function ConflictDialog<D>({
  draft,
  keepMine,
}: {
  draft: DocumentDraft<D>
  keepMine:
    { kind: 'copy'; run: () => Promise<void> } | { kind: 'save-over'; run: () => Promise<void> }
}) {
  const notify = useToast()
  const [busy, setBusy] = useState<string>()
  const [dismissed, setDismissed] = useState<string>()
  const conflict = draft.state.kind === 'conflict' ? draft.state.conflict : undefined
  const open = conflict !== undefined && dismissed !== conflict.updatedAt

  async function choose(name: string, run: () => Promise<void>, done: string) {
    setBusy(name)
    try {
      await run()
      notify(done)
    } catch (error) {
      notify((error as Error).message, 'error')
    } finally {
      setBusy(undefined)
    }
  }

  return (
    <Dialog
      open={open}
      title="Someone else changed this"
      onClose={() => setDismissed(conflict?.updatedAt)}
      description={conflict && <p>{conflictSentence(conflict)}</p>}
      actions={
        <>
          <button
            type="button"
            className={buttonClass('outline')}
            disabled={busy !== undefined}
            onClick={() =>
              choose(
                'theirs',
                draft.reloadTheirs,
                'Their version is loaded; your changes were dropped.',
              )
            }
          >
            {busy === 'theirs' ? 'Loading…' : 'Load their version'}
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={busy !== undefined}
            onClick={() =>
              choose(
                'mine',
                keepMine.run,
                keepMine.kind === 'copy'
                  ? 'Your version is saved as a copy.'
                  : 'Your version is saved over theirs.',
              )
            }
          >
            {busy === 'mine'
              ? 'Saving…'
              : keepMine.kind === 'copy'
                ? 'Keep mine as a copy'
                : 'Save mine over theirs'}
          </button>
        </>
      }
    >
      <p>
        Your changes are not saved, and nothing of theirs was overwritten.{' '}
        {keepMine.kind === 'copy'
          ? 'Load their version (your changes are dropped), or keep yours as a new draft article beside theirs.'
          : 'Load their version (your changes are dropped), or save yours in its place: their changes would then be replaced by yours.'}
      </p>
    </Dialog>
  )
}

/** Navigation state for a move the page has made safe itself (the work is saved or copied). */
export const WITHOUT_ASKING = { withoutAsking: true }

/**
 * Before leaving with unsaved changes: inside the app, a dialog (save and leave, leave anyway,
 * stay); closing or reloading the tab, the browser's own question.
 */
export function LeaveGuard({
  dirty,
  save,
}: {
  dirty: boolean
  /** Saves the changes; without it the dialog offers only to stay or to leave. */
  save?: (() => Promise<unknown>) | undefined
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      (nextLocation.state as typeof WITHOUT_ASKING | null)?.withoutAsking !== true,
  )
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const open = blocker.state === 'blocked'
  return (
    <Dialog
      open={open}
      title="Leave with unsaved changes?"
      onClose={() => {
        setError(undefined)
        if (blocker.state === 'blocked') blocker.reset()
      }}
      description={<p>Your latest changes have not been saved yet.</p>}
      actions={
        <>
          <button
            type="button"
            className={buttonClass('outline')}
            onClick={() => blocker.state === 'blocked' && blocker.reset()}
          >
            Stay on this page
          </button>
          <button
            type="button"
            className={buttonClass('danger')}
            onClick={() => blocker.state === 'blocked' && blocker.proceed()}
          >
            Leave without saving
          </button>
          {save && (
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={busy}
              onClick={async () => {
                setBusy(true)
                setError(undefined)
                try {
                  await save()
                  if (blocker.state === 'blocked') blocker.proceed()
                } catch (caught) {
                  setError((caught as Error).message)
                } finally {
                  setBusy(false)
                }
              }}
            >
              {busy ? 'Saving…' : 'Save and leave'}
            </button>
          )}
        </>
      }
    >
      {error && <Alert>Not saved: {error}</Alert>}
    </Dialog>
  )
}

/** Work this browser kept from an earlier visit that the server does not have. */
export function RecoveredBanner<D>({ draft }: { draft: DocumentDraft<D> }) {
  const { recovered } = draft
  if (!recovered) return null
  return (
    <div
      className="mb-6 rounded-card bg-gold-soft p-4 sm:p-5"
      role="region"
      aria-label="Unsaved work found"
    >
      <p className="font-semibold">
        Changes you made {formatAgo(recovered.at)} were not saved on the server.
      </p>
      <p className="mt-1 text-sm">
        This browser kept them.
        {recovered.version !== draft.answer.version &&
          ' The document has changed since: restoring them replaces those changes in your copy.'}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={buttonClass('dark')} onClick={draft.restoreRecovered}>
          Restore my changes
        </button>
        <button type="button" className={buttonClass('outline')} onClick={draft.discardRecovered}>
          Discard them
        </button>
      </div>
    </div>
  )
}
