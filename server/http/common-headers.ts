/**
 * The headers every answer carries (security headers, the request id), set by one synchronous
 * onRequest hook, and the default CSP, added by a synchronous onSend hook when the answer has
 * none (pages set their own; error handlers clear it with the other payload headers). The sets
 * are fixed at start-up, and neither hook makes a promise: the async versions of both showed in
 * the CPU profile of the catalogue GET (issue 11).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

export function commonHeadersHook(headers: Readonly<Record<string, string>>) {
  const entries = Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.header('x-request-id', request.id)
    for (const [name, value] of entries) reply.header(name!, value!)
    done()
  }
}

export function defaultCspHook(policy: string) {
  return (
    _request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload: unknown) => void,
  ) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy)
    done(null, payload)
  }
}
