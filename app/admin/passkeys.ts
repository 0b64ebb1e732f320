/**
 * The browser's side of passkeys, through @simplewebauthn/browser: ask the server for options,
 * let the browser (and the person's device) create or use a passkey, send the answer back.
 * Errors become sentences a person can act on.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser'
import { ApiError, post } from './api.ts'

export const passkeysSupported = () => browserSupportsWebAuthn()

type Options = Parameters<typeof startRegistration>[0]['optionsJSON']
type SignInOptions = Parameters<typeof startAuthentication>[0]['optionsJSON']

function explain(error: unknown): Error {
  if (error instanceof ApiError) return error
  if (
    error instanceof WebAuthnError ||
    (error instanceof Error && error.name === 'NotAllowedError')
  )
    return new Error(
      'The passkey request was cancelled or timed out. Try again, and choose a passkey when your device asks.',
    )
  if (error instanceof Error && error.name === 'InvalidStateError')
    return new Error('This device already holds a passkey for you here.')
  return new Error('Your browser could not use a passkey. Please try again.')
}

/** Creates a passkey: `optionsPath` hands out the challenge, `finish` sends the answer. */
export async function createPasskey<T>(
  optionsPath: string,
  optionsBody: unknown,
  finish: (credential: unknown) => Promise<T>,
): Promise<T> {
  const optionsJSON = await post<Options>(optionsPath, optionsBody)
  let credential
  try {
    credential = await startRegistration({ optionsJSON })
  } catch (error) {
    throw explain(error)
  }
  return finish(credential)
}

/**
 * "Confirm it's you": one of the signed-in person's own passkeys, with user verification (their
 * fingerprint, face or screen lock), before a change that needs it. Refused or cancelled, the
 * change is not made and the error says why.
 */
export async function confirmItsYou(): Promise<void> {
  const optionsJSON = await post<SignInOptions>('/confirm/options')
  let credential
  try {
    credential = await startAuthentication({ optionsJSON })
  } catch (error) {
    const explained = explain(error)
    throw new Error(
      `This change needs you to confirm it's you with your passkey. ${explained.message}`,
    )
  }
  await post('/confirm', { credential })
}

/** Signs in with any passkey of this site that the device holds. */
export async function signInWithPasskey<T>(
  finish: (credential: unknown) => Promise<T>,
): Promise<T> {
  const optionsJSON = await post<SignInOptions>('/sign-in/options')
  let credential
  try {
    credential = await startAuthentication({ optionsJSON })
  } catch (error) {
    throw explain(error)
  }
  return finish(credential)
}
