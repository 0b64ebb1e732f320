/**
 * The back office's OpenAPI document (openapi.ts): made from the route definitions, it lists
 * every API route with who may call it, validates as OpenAPI 3.1 (a kept validator, not ours),
 * and only administrators may read it.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#server/test/databases.ts'
import { backOfficeApp, call, signUp, type StaffClient } from '#server/test/staff.ts'

describe('GET /admin/api/openapi.json', () => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let admin: StaffClient
  let editor: StaffClient
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    app = await backOfficeApp(testDb.database, { media: true })
    admin = await signUp(app, testDb.database, 'ada@example.org', 'admin')
    editor = await signUp(app, testDb.database, 'ben@example.org', 'editor')
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  it('is for administrators: editors are refused (403), nobody signed in too (401)', async () => {
    expect((await call(app, 'GET', '/openapi.json')).statusCode).toBe(401)
    expect((await call(app, 'GET', '/openapi.json', { cookie: editor.cookie })).statusCode).toBe(
      403,
    )
    expect((await call(app, 'GET', '/openapi.json', { cookie: admin.cookie })).statusCode).toBe(200)
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const document = (await call(app, 'GET', '/openapi.json', { cookie: admin.cookie })).json()
    const validator = new Validator()
    const result = await validator.validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('lists every API route of the definitions, with its roles, parameters and answer', async () => {
    const document = (await call(app, 'GET', '/openapi.json', { cookie: admin.cookie })).json()
    type Operation = {
      'x-roles': string[] | 'anyone'
      security: unknown[]
      parameters: { name: string; in: string }[]
      responses: Record<string, { content?: Record<string, { schema?: unknown }> }>
    }
    const paths = document.paths as Record<string, Record<string, Operation>>
    const wrong: string[] = []
    for (const route of app.backOffice.apiRoutes()) {
      const path = route.url.replace(/:(\w+)/g, '{$1}')
      const operation = paths[path]?.[route.method.toLowerCase()]
      if (!operation) {
        wrong.push(`${route.method} ${route.url} is missing`)
        continue
      }
      const roles = route.access === 'anyone' ? 'anyone' : [...route.access]
      if (JSON.stringify(operation['x-roles']) !== JSON.stringify(roles))
        wrong.push(`${route.method} ${route.url}: x-roles ${JSON.stringify(operation['x-roles'])}`)
      if ((route.access === 'anyone') !== (operation.security.length === 0))
        wrong.push(`${route.method} ${route.url}: security does not match its roles`)
    }
    expect(wrong).toEqual([])
    const operations = Object.values(paths).flatMap((methods) => Object.keys(methods))
    expect(operations.length).toBe(app.backOffice.apiRoutes().length)

    const message = paths['/messages/{id}']!.get!
    expect(message.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })])
    const answer = message.responses['2XX']!.content!['application/json']!.schema as {
      properties: Record<string, unknown>
    }
    expect(Object.keys(answer.properties)).toContain('canSendAgain')
    expect(paths['/openapi.json']!.get!['x-roles']).toEqual(['admin'])

    // Every {name} of every path is a declared path parameter, the mounts' (read by their
    // plugins) as well as the table's.
    const undeclared = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        [...path.matchAll(/\{(\w+)\}/g)]
          .filter(
            ([, name]) => !operation.parameters.some((p) => p.in === 'path' && p.name === name),
          )
          .map(([, name]) => `${method} ${path}: ${name}`),
      ),
    )
    expect(undeclared).toEqual([])
  })
})
