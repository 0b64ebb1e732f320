/**
 * The Overview describes every section of the menu (common/back-office-sections.ts). The menu is
 * the one each feature registers with the back office, as server/app.ts wires them all; a section
 * added without a description fails here, for whichever role sees it.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLES, type SessionAnswer } from '#common/back-office.ts'
import { SECTION_DESCRIPTIONS } from '#common/back-office-sections.ts'
import { createTestDatabase, type TestDatabase } from '#server/test/databases.ts'
import { backOfficeApp, call, signUp } from '#server/test/staff.ts'

describe('the sections of the back office', () => {
  let testDb: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    app = await backOfficeApp(testDb.database, { media: true })
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  it.each(ROLES)(
    'each has a description on the Overview, as the %s sees the menu',
    async (role) => {
      const staff = await signUp(app, testDb.database, `${role}@example.org`, role)
      const session = (
        await call(app, 'GET', '/session', { cookie: staff.cookie })
      ).json<SessionAnswer>()
      const sections = session.navigation.filter((item) => item.path !== '/')
      expect(sections.length).toBeGreaterThan(3)
      const undescribed = sections.filter((item) => !SECTION_DESCRIPTIONS[item.path]?.trim())
      expect(undescribed).toEqual([])
      expect(sections.map((item) => item.path)).toContain('/podcast')
    },
  )
})
