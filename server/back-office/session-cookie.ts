/**
 * The staff session cookie. `__Host-` makes the browser keep it to this exact host and path `/`
 * and only with `Secure` (HTTPS, or localhost during development); `HttpOnly` keeps it from
 * scripts; `SameSite=Strict` keeps it off other sites' subrequests and form posts. It holds a random
 * id whose SHA-256 names the session row; a new id is made at every sign-in.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'

export const SESSION_COOKIE = '__Host-staff'

/** The session cookie's value in a request, or undefined. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const separator = part.indexOf('=')
    if (separator === -1) continue
    if (part.slice(0, separator).trim() === SESSION_COOKIE) return part.slice(separator + 1).trim()
  }
  return undefined
}

export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`,
  )
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`,
  )
}
