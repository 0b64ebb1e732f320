/** Signing in with a passkey: no address to type, no password. */
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import * as staffApi from '#common/staff-contracts.ts'
import { call } from '#app/admin/api.ts'
import { PublicFrame } from '#app/admin/components/public-frame.tsx'
import { Alert, buttonClass, PageHeader } from '#app/admin/components/ui.tsx'
import { passkeysSupported, signInWithPasskey } from '#app/admin/passkeys.ts'
import { nextPath } from '#app/admin/session.ts'

export function SignInPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const supported = passkeysSupported()
  const signedOut = new URLSearchParams(location.search).has('signed-out')

  async function signIn() {
    setBusy(true)
    setError(undefined)
    try {
      await signInWithPasskey((credential) => call(staffApi.signIn, { body: { credential } }))
      navigate(nextPath(location.search), { replace: true })
    } catch (caught) {
      setError((caught as Error).message)
      setBusy(false)
    }
  }

  return (
    <PublicFrame>
      <PageHeader
        title="Sign in"
        lead="Staff sign in with a passkey: your device's fingerprint, face, screen lock or a security key."
      />
      <div className="flex flex-col gap-5">
        {signedOut && !error && <Alert tone="info">You have signed out.</Alert>}
        {error && <Alert>{error}</Alert>}
        {supported ? (
          <button
            type="button"
            className={buttonClass('primary', 'w-full', 'lg')}
            onClick={signIn}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
          </button>
        ) : (
          <Alert>
            This browser cannot use passkeys. Open the back office in a current version of Chrome,
            Edge, Firefox or Safari.
          </Alert>
        )}
        <p className="text-sm text-ink-soft">
          No passkey on this device, or lost it? Ask an administrator for a new invitation link. It
          lets you create a passkey here.
        </p>
      </div>
    </PublicFrame>
  )
}
