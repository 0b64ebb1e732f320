/**
 * Request ids: the caller's X-Request-Id when it is a plain token (a proxy or load balancer that
 * already named the request), otherwise this process's random prefix and a counter. The prefix
 * (48 random bits, new at every start) keeps ids apart across processes and restarts; the counter
 * keeps them apart within one. A counter costs nothing per request, where a random UUID per
 * request showed in the CPU profile of the catalogue GET (issue 11).
 */
import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'

const INCOMING = /^[\w-]{8,64}$/

export function createRequestIdGenerator(prefix = crypto.randomBytes(6).toString('base64url')) {
  let counter = 0
  return (request: IncomingMessage): string => {
    const incoming = request.headers['x-request-id']
    if (typeof incoming === 'string' && INCOMING.test(incoming)) return incoming
    counter = counter === Number.MAX_SAFE_INTEGER ? 1 : counter + 1
    return `${prefix}-${counter.toString(36)}`
  }
}
