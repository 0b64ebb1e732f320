import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { afterCursor, keysetPages } from './keyset.ts'

describeOnDatabases('keyset paging', (dialect) => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    await sql`create table paged (id text primary key, created_at text not null)`.execute(
      testDb.database.db,
    )
    // Ties on created_at straddle page boundaries: the id breaks them.
    const rows = [
      ['a', '2026-01-01T00:00:00.000Z'],
      ['c', '2026-01-01T00:00:01.000Z'],
      ['b', '2026-01-01T00:00:01.000Z'],
      ['d', '2026-01-01T00:00:01.000Z'],
      ['e', '2026-01-01T00:00:02.000Z'],
      ['g', '2026-01-01T00:00:03.000Z'],
      ['f', '2026-01-01T00:00:03.000Z'],
    ]
    for (const [id, at] of rows) {
      await sql`insert into paged (id, created_at) values (${id}, ${at})`.execute(
        testDb.database.db,
      )
    }
  })
  afterAll(async () => {
    await testDb.drop()
  })

  it.each([1, 2, 3, 7, 8])(
    'reads every row once, in (created_at, id) order, with pages of %i',
    async (size) => {
      const db = testDb.database.db
      const seen: string[] = []
      const pages: number[] = []
      for await (const row of keysetPages(async (after, limit) => {
        const { rows } = after
          ? await sql<{
              id: string
              created_at: string
            }>`select id, created_at from paged where ${afterCursor(after)} order by created_at, id limit ${limit}`.execute(
              db,
            )
          : await sql<{
              id: string
              created_at: string
            }>`select id, created_at from paged order by created_at, id limit ${limit}`.execute(db)
        pages.push(rows.length)
        // A cursor that does not move would page forever: stop the test instead.
        if (pages.length > 20) throw new Error('the pager does not advance')
        return rows
      }, size)) {
        seen.push(row.id)
      }
      expect(seen).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'])
      expect(pages.length).toBe(Math.floor(7 / size) + 1)
    },
  )
})
