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
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import type { AnswerOf, BodyOf } from '#common/api-contract.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { ApiError, call } from './api.ts'

export const passkeysSupported = () => browserSupportsWebAuthn()

type Options = Parameters<typeof startRegistration>[0]['optionsJSON']
type SignInOptions = Parameters<typeof startAuthentication>[0]['optionsJSON']
/** A passkey's answer, as the routes that read one take it (PasskeyCredential). */
type Credential = BodyOf<typeof staffApi.signIn>['credential']

const sent = (credential: RegistrationResponseJSON | AuthenticationResponseJSON): Credential => ({
  ...credential,
  response: { ...credential.response },
})
/** What every options route answers (passkeys.ts's callers name the route). */
export type PasskeyOptions = AnswerOf<typeof staffApi.signInOptions>

/*
 * The options are made by @simplewebauthn/server; the answer schema checks only their challenge
 * (PasskeyOptionsAnswer), so the shape the browser library needs is checked here.
 */
const isCreation = (options: PasskeyOptions | Options): options is Options =>
  typeof options['rp'] === 'object' && typeof options['user'] === 'object'
const isRequest = (options: PasskeyOptions | SignInOptions): options is SignInOptions =>
  typeof options.challenge === 'string'

function creationOptions(options: PasskeyOptions): Options {
  if (!isCreation(options)) throw new Error('The server sent no options for a new passkey.')
  return options
}

function requestOptions(options: PasskeyOptions): SignInOptions {
  if (!isRequest(options)) throw new Error('The server sent no options for a passkey.')
  return options
}

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

/** Creates a passkey: `options` asks for the challenge, `finish` sends the answer. */
export async function createPasskey<T>(
  options: () => Promise<PasskeyOptions>,
  finish: (credential: Credential) => Promise<T>,
): Promise<T> {
  const optionsJSON = creationOptions(await options())
  let credential
  try {
    credential = await startRegistration({ optionsJSON })
  } catch (error) {
    throw explain(error)
  }
  return finish(sent(credential))
}

/**
 * "Confirm it's you": one of the signed-in person's own passkeys, with user verification (their
 * fingerprint, face or screen lock), before a change that needs it. Refused or cancelled, the
 * change is not made and the error says why.
 */
export async function confirmItsYou(): Promise<void> {
  const optionsJSON = requestOptions(await call(staffApi.confirmOptions))
  let credential
  try {
    credential = await startAuthentication({ optionsJSON })
  } catch (error) {
    const explained = explain(error)
    throw new Error(
      `This change needs you to confirm it's you with your passkey. ${explained.message}`,
    )
  }
  await call(staffApi.confirm, { body: { credential: sent(credential) } })
}

/** Signs in with any passkey of this site that the device holds. */
export async function signInWithPasskey<T>(
  finish: (credential: Credential) => Promise<T>,
): Promise<T> {
  const optionsJSON = requestOptions(await call(staffApi.signInOptions))
  let credential
  try {
    credential = await startAuthentication({ optionsJSON })
  } catch (error) {
    throw explain(error)
  }
  return finish(sent(credential))
}
