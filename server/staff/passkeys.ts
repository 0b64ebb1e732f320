/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: the options a browser needs to create a
 * passkey or sign in with one, and the checks of its answer (origin, RP ID, challenge, signature,
 * user verification). Passkeys are discoverable (sign-in asks for no address) and user-verified
 * (the device's PIN, fingerprint or face: a stolen unlocked laptop is not enough on its own).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { MemberRow, PasskeyRow } from './repository.ts'
import type { AdminSite } from './site.ts'

export const RP_NAME = 'DocuCommons back office'
/**
 * EdDSA, ES256 and RS256 (COSE algorithm ids), which every passkey provider offers. Named here
 * rather than left to the library's default, which asks the runtime about post-quantum
 * algorithms and makes Node print an "experimental feature" warning on the server's output.
 */
const ALGORITHMS = [-8, -7, -257]
/** How long the browser's passkey dialog may stay open. */
const CEREMONY_TIMEOUT_MS = 5 * 60_000

export async function registrationOptions(
  site: AdminSite,
  member: Pick<MemberRow, 'user_handle' | 'email' | 'name'>,
  existing: Pick<PasskeyRow, 'id' | 'transports'>[],
) {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: site.rpID,
    userID: new Uint8Array(Buffer.from(member.user_handle, 'base64url')),
    userName: member.email,
    userDisplayName: member.name ?? member.email,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    // One passkey per authenticator: the browser skips the ones this person already has.
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: parseTransports(passkey.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  })
}

export async function authenticationOptions(site: AdminSite) {
  return generateAuthenticationOptions({
    rpID: site.rpID,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
  })
}

/**
 * Options for "confirm it's you": an assertion with user verification by one of the signed-in
 * person's own passkeys (the browser offers only those).
 */
export async function authenticationOptionsFor(
  site: AdminSite,
  passkeys: Pick<PasskeyRow, 'id' | 'transports'>[],
) {
  return generateAuthenticationOptions({
    rpID: site.rpID,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: passkeys.map((passkey) => ({
      id: passkey.id,
      transports: parseTransports(passkey.transports) as never,
    })),
  })
}

/** The challenge a browser's answer claims to answer (unchecked: the verification checks it). */
export function claimedChallenge(credential: { response: { clientDataJSON: string } }) {
  try {
    const clientData: unknown = JSON.parse(
      Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8'),
    )
    const challenge = (clientData as { challenge?: unknown }).challenge
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : undefined
  } catch {
    return undefined
  }
}

export type NewPasskey = Omit<PasskeyRow, 'member_id' | 'name' | 'created_at' | 'last_used_at'>

export async function verifyRegistration(
  site: AdminSite,
  credential: unknown,
  expectedChallenge: string,
): Promise<NewPasskey | undefined> {
  let result
  try {
    result = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    })
  } catch {
    return undefined
  }
  if (!result.verified) return undefined
  const info = result.registrationInfo
  return {
    id: info.credential.id,
    public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: info.credential.transports ? JSON.stringify(info.credential.transports) : null,
    device_type: info.credentialDeviceType,
    backed_up: info.credentialBackedUp ? 1 : 0,
  }
}

/** The new signature counter when the answer is a valid signature of this passkey, else undefined. */
export async function verifySignIn(
  site: AdminSite,
  credential: unknown,
  expectedChallenge: string,
  passkey: PasskeyRow,
): Promise<number | undefined> {
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: parseTransports(passkey.transports),
      },
    })
    return result.verified ? result.authenticationInfo.newCounter : undefined
  } catch {
    return undefined
  }
}

function parseTransports(value: string | null): string[] | undefined {
  if (!value) return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    return Array.isArray(parsed) ? parsed.filter((t) => typeof t === 'string') : undefined
  } catch {
    return undefined
  }
}
