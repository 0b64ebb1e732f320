/**
 * Migration 530 on a database as 520 left it: messages taken for spam only because they came fast
 * return to the inbox, to check; other spam stays spam, and nothing is queued for mail.
 */
import type { Kysely } from 'kysely'
import { afterEach, expect, it } from 'vitest'
import { openDatabase, type Database } from '#server/db/index.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { migrations } from './index.ts'

const UP_TO_520 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '530'))

describeOnDatabases('migration 530, fast messages to check', (dialect) => {
  let before: TestDatabase | undefined
  let after: Database | undefined
  afterEach(async () => {
    await after?.close()
    await before?.drop()
  })

  it('brings the fast ones back to the inbox, to check, and leaves other spam as it was', async () => {
    before = await createTestDatabase(dialect, { migrations: UP_TO_520 })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as 520 left it
    const old = before.database.db as unknown as Kysely<any>
    const message = (id: string, spamReason: string | null) => ({
      id,
      created_at: '2026-11-20T09:00:00.000Z',
      name: `Sender ${id}`,
      email: `${id}@example.org`,
      spam_reason: spamReason,
      delivery_status: 'none',
    })
    await old
      .insertInto('contact_message')
      .values([
        message('fast', 'too-fast'),
        message('bait', 'honeypot'),
        message('script', 'no-timing'),
        message('plain', null),
      ])
      .execute()

    after = await openDatabase({
      dataDir: before.env.DATA_DIR,
      databaseUrl: before.env.DATABASE_URL,
    })
    const rows = await after.db
      .selectFrom('contact_message')
      .select(['id', 'spam_reason', 'check_reason', 'delivery_status'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { id: 'bait', spam_reason: 'honeypot', check_reason: null, delivery_status: 'none' },
      { id: 'fast', spam_reason: null, check_reason: 'too-fast', delivery_status: 'none' },
      { id: 'plain', spam_reason: null, check_reason: null, delivery_status: 'none' },
      { id: 'script', spam_reason: 'no-timing', check_reason: null, delivery_status: 'none' },
    ])
  })
})
