/** One's own account: passkeys (add, remove) and sessions (sign out everywhere). */
import { useState, type FormEvent } from 'react'
import { useLoaderData, useNavigate, useRevalidator } from 'react-router'
import { ROLE_LABELS, type PasskeySummary } from '#common/back-office.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { call } from '#app/admin/api.ts'
import { ConfirmDialog } from '#app/admin/components/confirm-dialog.tsx'
import { useToast } from '#app/admin/components/toast.tsx'
import { Badge, buttonClass, Card, Field, PageHeader } from '#app/admin/components/ui.tsx'
import { formatDateTime } from '#app/admin/format.ts'
import { createPasskey } from '#app/admin/passkeys.ts'

export const accountLoader = () => call(staffApi.account)

/** "Chrome on Linux" from a user-agent string, or the string itself. */
function describeBrowser(agent: string | null): string {
  if (!agent) return 'Unknown browser'
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'A browser'
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Mac OS X/.test(agent)
        ? 'macOS'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : 'another system'
  return `${browser} on ${system}`
}

/** The passkeys card: the list with its remove buttons, and the form that adds one. */
function PasskeysCard({
  passkeys,
  onRemove,
}: {
  passkeys: PasskeySummary[]
  onRemove: (passkey: PasskeySummary) => void
}) {
  const revalidator = useRevalidator()
  const notify = useToast()
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)

  async function add(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      await createPasskey(
        () => call(staffApi.passkeyOptions),
        (credential) =>
          call(staffApi.addPasskey, {
            body: { credential, ...(name.trim() ? { passkeyName: name.trim() } : {}) },
          }),
      )
      setName('')
      notify('Passkey added.')
      revalidator.revalidate()
    } catch (error) {
      notify((error as Error).message, 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="mb-1 font-display text-2xl font-semibold">
        Passkeys
      </h2>
      <p className="mb-4 text-ink-soft">
        Add one on each device you use, so that losing one device never locks you out.
      </p>
      <ul className="mb-6 flex flex-col divide-y divide-ink/10">
        {passkeys.map((passkey) => (
          <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold break-words">
                {passkey.name} {passkey.current && <Badge tone="good">Used for this session</Badge>}
              </p>
              <p className="text-sm text-ink-soft">
                Added {formatDateTime(passkey.createdAt)}
                {passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : ''}
              </p>
            </div>
            {passkeys.length > 1 && (
              <button
                type="button"
                className={buttonClass('danger')}
                onClick={() => onRemove(passkey)}
              >
                Remove<span className="sr-only"> {passkey.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <Field
          label="Name for a new passkey (optional)"
          className="grow"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={60}
          autoComplete="off"
        />
        <button
          type="submit"
          className={buttonClass('dark')}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Waiting for your device…' : 'Add a passkey'}
        </button>
      </form>
    </Card>
  )
}

type AccountData = Awaited<ReturnType<typeof accountLoader>>

/** Where one is signed in, and the button that asks to end every session. */
function SessionsCard({
  sessions,
  onSignOutEverywhere,
}: {
  sessions: AccountData['sessions']
  onSignOutEverywhere: () => void
}) {
  return (
    <Card aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="mb-1 font-display text-2xl font-semibold">
        Where you are signed in
      </h2>
      <p className="mb-4 text-ink-soft">
        A session ends after 8 hours without use, and after a week at the latest.
      </p>
      <ul className="mb-6 flex flex-col divide-y divide-ink/10">
        {sessions.map((session) => (
          <li key={session.createdAt + (session.userAgent ?? '')} className="py-3">
            <p className="font-semibold">
              {describeBrowser(session.userAgent)}{' '}
              {session.current && <Badge tone="good">This browser</Badge>}
            </p>
            <p className="text-sm text-ink-soft">
              Signed in {formatDateTime(session.createdAt)} · last active{' '}
              {formatDateTime(session.lastSeenAt)}
            </p>
          </li>
        ))}
      </ul>
      <button type="button" className={buttonClass('outline')} onClick={onSignOutEverywhere}>
        Sign out everywhere
      </button>
    </Card>
  )
}

export function AccountPage() {
  const account = useLoaderData<typeof accountLoader>()
  const revalidator = useRevalidator()
  const navigate = useNavigate()
  const notify = useToast()
  const [removing, setRemoving] = useState<PasskeySummary>()
  const [everywhere, setEverywhere] = useState(false)

  async function remove() {
    if (!removing) return
    try {
      const { signedOut } = await call(staffApi.removePasskey, { params: { id: removing.id } })
      setRemoving(undefined)
      if (signedOut) return navigate('/sign-in?signed-out=1')
      notify(`“${removing.name}” was removed; sessions opened with it have ended.`)
      revalidator.revalidate()
    } catch (error) {
      notify((error as Error).message, 'error')
    }
  }

  async function signOutEverywhere() {
    try {
      await call(staffApi.signOutEverywhere)
      navigate('/sign-in?signed-out=1')
    } catch (error) {
      notify((error as Error).message, 'error')
    }
  }

  return (
    <>
      <PageHeader
        title="Your account"
        lead={
          <>
            {account.staff.email} · {ROLE_LABELS[account.staff.role]}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <PasskeysCard passkeys={account.passkeys} onRemove={setRemoving} />
        <SessionsCard sessions={account.sessions} onSignOutEverywhere={() => setEverywhere(true)} />
      </div>
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove this passkey?"
        confirmLabel="Remove passkey"
        onConfirm={remove}
        onClose={() => setRemoving(undefined)}
      >
        <p>
          “{removing?.name}” will no longer sign you in, and every session opened with it ends now
          {removing?.current ? ', this one included' : ''}.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={everywhere}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        onConfirm={signOutEverywhere}
        onClose={() => setEverywhere(false)}
      >
        <p>Every session you have ends, this one included. Sign in again with a passkey.</p>
      </ConfirmDialog>
    </>
  )
}
