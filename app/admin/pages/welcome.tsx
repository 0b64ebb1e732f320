/**
 * The page an invitation link opens: who is invited and as what, then "Create my passkey". The
 * link's token is in the fragment (#token=…), which never reaches a server log; the page takes it
 * out of the address bar at once.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { ROLE_LABELS, type InvitationAnswer } from '#common/back-office.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { call } from '#app/admin/api.ts'
import { PublicFrame } from '#app/admin/components/public-frame.tsx'
import { Alert, buttonClass, Field, PageHeader } from '#app/admin/components/ui.tsx'
import { formatDateTime } from '#app/admin/format.ts'
import { createPasskey, passkeysSupported } from '#app/admin/passkeys.ts'

function readToken(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? ''
  if (token) sessionStorage.setItem('admin-invitation', token)
  return token || sessionStorage.getItem('admin-invitation') || ''
}

export function WelcomePage() {
  const navigate = useNavigate()
  const [token] = useState(readToken)
  const [invitation, setInvitation] = useState<InvitationAnswer>()
  const [problem, setProblem] = useState<string | undefined>(() =>
    token ? undefined : 'This page needs the whole link from your invitation. Open the link again.',
  )
  const [error, setError] = useState<string>()
  const [fields, setFields] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [name, setName] = useState('')

  useEffect(() => {
    if (window.location.hash) history.replaceState(null, '', window.location.pathname)
    if (!token) return
    call(staffApi.invitation, { body: { token } }).then(setInvitation, (caught: Error) =>
      setProblem(caught.message),
    )
  }, [token])

  async function create(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    setFields({})
    try {
      await createPasskey(
        () => call(staffApi.invitationOptions, { body: { token } }),
        (credential) =>
          call(staffApi.acceptInvitation, {
            body: { token, credential, ...(name.trim() ? { passkeyName: name.trim() } : {}) },
          }),
      )
      sessionStorage.removeItem('admin-invitation')
      navigate('/?welcome=1', { replace: true })
    } catch (caught) {
      const failure = caught as Error & { fields?: Record<string, string> }
      setFields(failure.fields ?? {})
      setError(failure.message)
      setBusy(false)
    }
  }

  return (
    <PublicFrame>
      <PageHeader title="Welcome to the back office" />
      {problem ? (
        <div className="flex flex-col gap-4">
          <Alert>{problem}</Alert>
          <Link to="/sign-in" className={buttonClass('outline')}>
            Go to sign in
          </Link>
        </div>
      ) : !invitation ? (
        <p aria-live="polite">Checking your invitation…</p>
      ) : (
        <form className="flex flex-col gap-5" onSubmit={create} noValidate>
          <p>
            You are invited as <strong>{ROLE_LABELS[invitation.role].toLowerCase()}</strong> with
            the address <strong className="break-all">{invitation.email}</strong>. Create a passkey
            to sign in: your device asks for its fingerprint, face, screen lock or security key.
            There is no password.
          </p>
          <p className="text-sm text-ink-soft">
            This link works once, until {formatDateTime(invitation.expiresAt)}.
          </p>
          <Field
            label="Name this passkey (optional)"
            hint="So you can tell your passkeys apart later, e.g. “Work laptop”."
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={60}
            error={fields.passkeyName}
            autoComplete="off"
          />
          {error && <Alert>{error}</Alert>}
          {passkeysSupported() ? (
            <button
              type="submit"
              className={buttonClass('primary', 'w-full', 'lg')}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? 'Waiting for your device…' : 'Create my passkey'}
            </button>
          ) : (
            <Alert>
              This browser cannot create passkeys. Open the link in a current version of Chrome,
              Edge, Firefox or Safari.
            </Alert>
          )}
        </form>
      )}
    </PublicFrame>
  )
}
