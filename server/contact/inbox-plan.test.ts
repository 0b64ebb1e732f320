/**
 * The inbox reads each view from its own partial index in (created_at, id) order, on both
 * databases: no scan of the table and no sort, for the newest page and for any page after a
 * cursor, which is what keeps a page as fast at 100,000 messages as at 100
 * (scripts/bench/inbox.ts measures it). Dropping a view's index or changing a view's condition
 * away from its index's makes this fail.
 */
import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { MESSAGE_FILTERS } from '#common/back-office.ts'
import { newRowId } from '#server/db/ids.ts'
import { insertManyMessages } from '#server/test/messages.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { inboxPageQuery } from './repository.ts'

const INDEX = {
  new: 'contact_message_new_idx',
  handled: 'contact_message_handled_idx',
  spam: 'contact_message_spam_idx',
  all: 'contact_message_not_spam_idx',
}

describeOnDatabases('the inbox query plans', (dialect) => {
  let testDb: TestDatabase

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    const db = testDb.database.db
    await insertManyMessages(testDb.database, 5000, { from: new Date(Date.UTC(2025, 0, 1)) })
    await db.executeQuery(
      CompiledQuery.raw(dialect === 'postgres' ? 'analyze contact_message' : 'analyze'),
    )
  })
  afterAll(async () => {
    await testDb.drop()
  })

  async function plan(view: (typeof MESSAGE_FILTERS)[number], after: boolean): Promise<string> {
    const db = testDb.database.db
    const compiled = inboxPageQuery(db, {
      view,
      limit: 26,
      before: after ? { created_at: '2025-01-02T12:00:00.000Z', id: newRowId() } : undefined,
    }).compile()
    if (dialect === 'sqlite') {
      const result = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      )
      return result.rows.map((row) => row.detail).join('\n')
    }
    return db.connection().execute(async (connection) => {
      // A table this small is cheaper to scan whole; forbid that to see which index is chosen.
      await connection.executeQuery(CompiledQuery.raw('set enable_seqscan = off'))
      try {
        const result = await connection.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
        )
        return result.rows.map((row) => row['QUERY PLAN']).join('\n')
      } finally {
        await connection.executeQuery(CompiledQuery.raw('reset enable_seqscan'))
      }
    })
  }

  it.each(MESSAGE_FILTERS.flatMap((view) => [[view, false] as const, [view, true] as const]))(
    'the %s view (after a cursor: %s) reads its own index in order, without sorting',
    async (view, after) => {
      const text = await plan(view, after)
      expect(text).toContain(INDEX[view])
      expect(text).not.toMatch(/TEMP B-TREE|Sort/i)
      expect(text).not.toMatch(/^SCAN contact_message$|Seq Scan/m)
    },
  )
})
