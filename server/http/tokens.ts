/**
 * Secret tokens for links and cookies (newsletter confirmation and unsubscribe links, staff
 * invitations and sessions): 256 random bits, URL-safe, and their SHA-256 for storage, so that
 * reading the database does not hand out working links or sessions.
 */
import crypto from 'node:crypto'

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value)
}
