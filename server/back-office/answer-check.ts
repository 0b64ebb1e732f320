/**
 * Two checks that keep the back office's routes defined once (table.ts):
 *
 *   - every route Fastify is given under /admin/api must be one the back office defines (the
 *     table's, or a mount's): a plugin that adds one of its own stops the server at start;
 *   - outside production (tests, development), every answer is read back against its route's
 *     definition: a success against its response schema, a refusal against ApiProblem. A wrong
 *     shape becomes a 500 naming the route and the field, so a test that meets it turns red.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { ApiProblemAnswer } from '#common/back-office-answers.ts'
import { isJsonAnswer, type Answer, type ApiRoute } from './table.ts'

const API_PREFIX = '/admin/api'
/** The catch-all that answers 404 for every path no route has. */
const NO_ROUTE = `${API_PREFIX}/*`

const keyOf = (method: string, url: string) => `${method} ${url.replace(/(.)\/$/, '$1')}`

/** The definitions by method and full path (/admin/api/…). */
export function definedRoutes(routes: readonly ApiRoute[]): Map<string, ApiRoute> {
  return new Map(routes.map((route) => [keyOf(route.method, `${API_PREFIX}${route.url}`), route]))
}

/**
 * onRoute: refuses a route under /admin/api that no definition names, and notes in `seen` those
 * it was given (a mount's definition that its plugin never registers is refused after it).
 */
export function refuseUndefined(defined: Map<string, ApiRoute>, seen: Set<string>) {
  return (route: RouteOptions) => {
    const url = route.url
    if (!url || url === NO_ROUTE || !(url === API_PREFIX || url.startsWith(`${API_PREFIX}/`)))
      return
    const methods = [route.method].flat()
    for (const method of methods) {
      // Fastify adds a HEAD route beside each GET.
      const key = keyOf(method === 'HEAD' ? 'GET' : method, url)
      if (!defined.has(key))
        throw new Error(
          `${method} ${url} is not a back-office route definition: define it in the route table ` +
            `(backOffice.route) or in its mount's routes`,
        )
      seen.add(key)
    }
  }
}

/** Throws for a definition no route was registered for (a mount's plugin that forgot one). */
export function refuseUnserved(defined: Map<string, ApiRoute>, seen: Set<string>) {
  const unserved = [...defined.keys()].filter((key) => !seen.has(key))
  if (unserved.length > 0)
    throw new Error(`Back-office routes defined but not served: ${unserved.join(', ')}`)
}

/** Why an answer does not match what its route says it answers, or undefined when it does. */
export function answerMismatch(
  answer: Answer,
  status: number,
  contentType: string,
  payload: unknown,
): string | undefined {
  const json = contentType.startsWith('application/json')
  if (status >= 400) {
    if (!json || typeof payload !== 'string') return undefined
    const problem = ApiProblemAnswer.safeParse(JSON.parse(payload))
    return problem.success ? undefined : `refusal ${status} is not an ApiProblem: ${problem.error}`
  }
  if (isJsonAnswer(answer)) {
    if (!json || typeof payload !== 'string')
      return `answered ${contentType || 'nothing'} instead of JSON`
    const parsed = answer.safeParse(JSON.parse(payload))
    return parsed.success ? undefined : `answer does not match its schema: ${parsed.error}`
  }
  if (answer.contentType === null)
    return payload === undefined || payload === '' || payload === null
      ? undefined
      : 'answered a body where none is defined'
  return contentType.startsWith(answer.contentType)
    ? undefined
    : `answered ${contentType} instead of ${answer.contentType}`
}

/** onSend: a 500 for an answer its route's definition does not describe. */
export function checkAnswers(defined: Map<string, ApiRoute>) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const pattern = request.routeOptions.url
    if (!pattern || request.method === 'HEAD') return payload
    const route = defined.get(keyOf(request.method, pattern))
    if (!route) return payload
    const contentType = String(reply.getHeader('content-type') ?? '')
    const mismatch = answerMismatch(route.response, reply.statusCode, contentType, payload)
    if (!mismatch) return payload
    const message = `${route.method} ${route.url} ${mismatch}`
    request.log.error(message)
    reply.code(500).type('application/json; charset=utf-8')
    return JSON.stringify({ error: 'Wrong answer', message })
  }
}
