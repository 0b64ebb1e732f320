/**
 * Test helper: a software passkey authenticator, so API tests (and the topology test) can register
 * passkeys and sign in without a browser. It makes ES256 key pairs with node:crypto and answers
 * the server's options the way a platform authenticator does (attestation "none", user present
 * and verified), as the JSON that @simplewebauthn/browser hands to the server.
 */
import crypto from 'node:crypto'

// ── A little CBOR (RFC 8949): the types WebAuthn's attestation object uses ──────────────────

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 256) return Buffer.from([(major << 5) | 24, length])
  if (length < 65536) {
    const b = Buffer.alloc(3)
    b[0] = (major << 5) | 25
    b.writeUInt16BE(length, 1)
    return b
  }
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(length, 1)
  return b
}

type Cbor = number | string | Buffer | Map<number | string, Cbor>

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  const parts = [head(5, value.size)]
  for (const [key, item] of value) parts.push(cbor(key), cbor(item))
  return Buffer.concat(parts)
}

// ── The authenticator ─────────────────────────────────────────────────────────────────────────

const b64 = (bytes: Buffer) => bytes.toString('base64url')
const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest()

interface Credential {
  id: Buffer
  privateKey: crypto.KeyObject
  userHandle: string
  counter: number
}

export interface RegistrationOptions {
  challenge: string
  user: { id: string }
  rp: { id?: string }
}

export interface SignInOptions {
  challenge: string
}

export interface SoftwareAuthenticator {
  /** Answers registration options: a new passkey. */
  register(options: RegistrationOptions, origin?: string): Record<string, unknown>
  /** Answers sign-in options with the passkey it made (the first, unless one is named). */
  signIn(options: SignInOptions, credentialId?: string, origin?: string): Record<string, unknown>
  /** Credential ids, in the order they were made. */
  readonly credentialIds: string[]
}

export function createAuthenticator(site: { origin: string; rpID: string }): SoftwareAuthenticator {
  const credentials: Credential[] = []
  const rpIdHash = sha256(site.rpID)

  return {
    get credentialIds() {
      return credentials.map((c) => b64(c.id))
    },
    register(options, origin = site.origin) {
      const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const credential: Credential = {
        id: crypto.randomBytes(32),
        privateKey,
        userHandle: options.user.id,
        counter: 0,
      }
      credentials.push(credential)
      const coseKey = cbor(
        new Map<number, Cbor>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      )
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credential.id.length)
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, attested data
        Buffer.alloc(4), // signature counter 0
        Buffer.alloc(16), // AAGUID
        idLength,
        credential.id,
        coseKey,
      ])
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      )
      const clientDataJSON = JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin,
        crossOrigin: false,
      })
      return {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64(Buffer.from(clientDataJSON)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      }
    },
    signIn(options, credentialId, origin = site.origin) {
      const credential = credentialId
        ? credentials.find((c) => b64(c.id) === credentialId)
        : credentials[0]
      if (!credential) throw new Error('this authenticator has no such passkey')
      credential.counter++
      const counter = Buffer.alloc(4)
      counter.writeUInt32BE(credential.counter)
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([0x01 | 0x04]), counter])
      const clientDataJSON = Buffer.from(
        JSON.stringify({
          type: 'webauthn.get',
          challenge: options.challenge,
          origin,
          crossOrigin: false,
        }),
      )
      const signature = crypto.sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        credential.privateKey,
      )
      return {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authenticatorData),
          signature: b64(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      }
    },
  }
}
