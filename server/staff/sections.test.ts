/**
 * The Overview describes every section of the menu (common/back-office-sections.ts). The menu is
 * the one each feature registers with the back office, as server/app.ts wires them all; a section
 * added without a description fails here, for whichever role sees it.
 */
import { describe, expect, it } from 'vitest'
import { ROLES, type SessionAnswer } from '#common/back-office.ts'
import { SECTION_DESCRIPTIONS } from '#common/back-office-sections.ts'
import { backOfficeOnDatabase, call, signUp } from '#server/test/staff.ts'

describe('the sections of the back office', () => {
  const backOffice = backOfficeOnDatabase('sqlite', { media: true })

  it.each(ROLES)(
    'each has a description on the Overview, as the %s sees the menu',
    async (role) => {
      const staff = await signUp(
        backOffice.app,
        backOffice.testDb.database,
        `${role}@example.org`,
        role,
      )
      const session = (
        await call(backOffice.app, 'GET', '/session', { cookie: staff.cookie })
      ).json<SessionAnswer>()
      const sections = session.navigation.filter((item) => item.path !== '/')
      expect(sections.length).toBeGreaterThan(3)
      const undescribed = sections.filter((item) => !SECTION_DESCRIPTIONS[item.path]?.trim())
      expect(undescribed).toEqual([])
      expect(sections.map((item) => item.path)).toContain('/podcast')
    },
  )
})
