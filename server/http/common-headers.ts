/**
 * The headers every answer carries (security headers, the default CSP, the request id), set by
 * one synchronous onRequest hook from a set fixed at start-up. Pages replace the CSP with their
 * own, and error handlers put the default back (clearPayloadHeaders). An async hook, and an
 * onSend hook for the CSP, both showed in the CPU profile of the catalogue GET (issue 11): an
 * onSend hook makes every answer go through Fastify's hook runner once more.
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
