/**
 * The back office's API as an OpenAPI 3.1 document, made from the route definitions
 * (table.ts) and nothing else: each path with its parameters, its JSON body, what it
 * answers and who may call it (`x-roles`, and the session cookie as its security). Served to
 * administrators at GET /admin/api/openapi.json; editors get 403 and nobody signed in 401.
 */
import { z } from 'zod'
import { ApiProblemAnswer, OpenApiAnswer } from '#common/back-office-answers.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { isJsonAnswer, type Answer, type ApiRoute, type BackOffice } from './table.ts'
import { ADMIN_ONLY } from './roles.ts'
import { SESSION_COOKIE } from './session-cookie.ts'

type JsonSchema = Record<string, unknown>

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's), as the client sends or reads it. */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' })
  return rest
}

/** One OpenAPI parameter per property of a params or query schema. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return []
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>
    required?: string[]
  }
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }))
}

function success(answer: Answer) {
  if (isJsonAnswer(answer))
    return {
      description: 'Done.',
      content: { 'application/json': { schema: jsonSchema(answer, 'output') } },
    }
  if (answer.contentType === null) return { description: answer.description }
  return { description: answer.description, content: { [answer.contentType]: {} } }
}

/** A mount's path parameters, which its plugin reads itself: named by the path, any text. */
const pathParameters = (url: string) =>
  [...url.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name: name!,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }))

/** "getMessagesIdSendAgain" for GET /messages/:id/send-again. */
const operationId = (route: ApiRoute) =>
  route.method.toLowerCase() +
  route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) =>
    (next ?? '').toUpperCase(),
  )

function operation(route: ApiRoute, problem: JsonSchema) {
  const roles = route.access === 'anyone' ? [] : [...route.access]
  return {
    operationId: operationId(route),
    'x-roles': route.access === 'anyone' ? 'anyone' : roles,
    security: route.access === 'anyone' ? [] : [{ staffSession: [] }],
    parameters: [
      ...(route.params ? parameters(route.params, 'path') : pathParameters(route.url)),
      ...parameters(route.query, 'query'),
    ],
    ...(route.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      },
    }),
    ...(route.mounted && { 'x-reads-own-body': true }),
    responses: {
      '2XX': success(route.response),
      default: {
        description: 'A refusal: what went wrong, and what to fix in each field.',
        content: { 'application/json': { schema: problem } },
      },
    },
  }
}

/** The document for every API route of the back office. */
export function openApiDocument(routes: readonly ApiRoute[]) {
  const problem = jsonSchema(ApiProblemAnswer, 'output')
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}')
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, problem) }
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'DocuCommons back office API',
      version: '1',
      description:
        'Every route of the back office under /admin/api, made from the route definitions. ' +
        '`x-roles` names the staff roles that may call a route ("anyone": no session needed).',
    },
    servers: [{ url: '/admin/api' }],
    components: {
      securitySchemes: {
        staffSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
    paths,
  }
}

/** GET /openapi.json for administrators, made once on the first call (the table is fixed). */
export function openApiRoute(backOffice: BackOffice) {
  let document: ReturnType<typeof openApiDocument> | undefined
  backOffice.route(ADMIN_ONLY, staffApi.apiDocument, {
    response: OpenApiAnswer,
    async handler() {
      document ??= openApiDocument(backOffice.apiRoutes())
      return document
    },
  })
}
