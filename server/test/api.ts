/**
 * An app on a fresh test database for one describe block: created before its tests, closed and
 * dropped after them, and the named tables emptied before each test. Read `app` and `testDb`
 * inside tests (they exist once the block has started).
 */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '#server/app.ts'
import type { Dialect } from '#server/db/index.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'
import { createTestDatabase, testEnv, type TestDatabase } from './databases.ts'

export function apiOnDatabase(
  dialect: Dialect,
  options: {
    emptied?: (keyof DatabaseSchema)[]
    /** More of buildApp's options (e.g. `media`). */
    app?: Omit<AppOptions, 'env' | 'database'>
    /** Settings other than the defaults (as environment variables). */
    env?: Record<string, string>
  } = {},
): { readonly app: FastifyInstance; readonly testDb: TestDatabase } {
  let app: FastifyInstance | undefined
  let testDb: TestDatabase | undefined
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    // DATA_DIR is the test database's folder, so nothing a test stores lands in ./data.
    app = await buildApp({
      env: testEnv({ DATA_DIR: testDb.env.DATA_DIR, ...options.env }),
      database: testDb.database,
      ...options.app,
    })
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.drop()
  })
  beforeEach(async () => {
    for (const table of options.emptied ?? []) await testDb!.database.db.deleteFrom(table).execute()
  })
  return {
    get app() {
      return app!
    },
    get testDb() {
      return testDb!
    },
  }
}
