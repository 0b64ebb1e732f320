/**
 * The headers every answer carries (security headers, the default CSP, the request id), set by
 * one synchronous onRequest hook. Routes may replace any of them (the site sets each page's own
 * CSP). The set is fixed at start-up, so a request copies it instead of rebuilding it, and no
 * promise or onSend hook runs for it: both showed in the CPU profile of the catalogue GET.
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
