/**
 * Migration 103 on a database as 102 left it: the plain unsubscribe tokens become hashes, and
 * every link mailed before the migration still unsubscribes.
 */
import type { Kysely } from 'kysely'
import { afterEach, expect, it } from 'vitest'
import { openDatabase, type Database } from '#server/db/index.ts'
import { confirmationQueue, unsubscribe } from '#server/newsletter/repository.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'
import { migrations } from './index.ts'

const UP_TO_102 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '103'))
// 43 URL-safe characters, the shape of every token.
const TOKENS = { mailed: 'A'.repeat(43), queued: 'B'.repeat(43), single: 'C'.repeat(43) }
const MAIL_TOKEN = 'M'.repeat(43)

describeOnDatabases('migration 103, unsubscribe tokens at rest', (dialect) => {
  let before: TestDatabase | undefined
  let after: Database | undefined
  afterEach(async () => {
    await after?.close()
    await before?.drop()
  })

  it('keeps only hashes, and every link mailed before it still works', async () => {
    before = await createTestDatabase(dialect, { migrations: UP_TO_102 })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as 102 left it
    const old = before.database.db as unknown as Kysely<any>
    const row = (id: string, status: string, token: string, mail: object) => ({
      id,
      email: `${id}@example.org`,
      email_key: `${id}@example.org`,
      status,
      created_at: '2026-01-05T09:00:00.000Z',
      updated_at: '2026-01-05T09:00:00.000Z',
      consent_at: '2026-01-05T09:00:00.000Z',
      consent_source: 'newsletter sign-up form',
      unsubscribe_token: token,
      mail_status: 'sent',
      ...mail,
    })
    await old
      .insertInto('newsletter_subscriber')
      .values([
        row('mailed', 'confirmed', TOKENS.mailed, { confirmed_at: '2026-01-05T10:00:00.000Z' }),
        row('queued', 'pending', TOKENS.queued, {
          mail_status: 'pending',
          next_attempt_at: '2026-01-05T09:00:00.000Z',
          mail_token: MAIL_TOKEN,
          token_hash: 'h'.repeat(64),
        }),
        row('single', 'subscribed', TOKENS.single, { mail_status: 'none' }),
      ])
      .execute()

    after = await openDatabase({
      dataDir: before.env.DATA_DIR,
      databaseUrl: before.env.DATABASE_URL,
    })
    const { db } = after
    const stored = JSON.stringify([
      await db.selectFrom('newsletter_subscriber').selectAll().execute(),
      await db.selectFrom('newsletter_unsubscribe_token').selectAll().execute(),
    ])
    // No plain token is left, but the one of the mail still in the outbox, for its retries.
    expect(stored).not.toContain(TOKENS.mailed)
    expect(stored).not.toContain(TOKENS.single)
    expect(stored.split(TOKENS.queued)).toHaveLength(2)
    expect(
      await db
        .selectFrom('newsletter_unsubscribe_token')
        .select('subscriber_id')
        .orderBy('subscriber_id')
        .execute(),
    ).toEqual([
      { subscriber_id: 'mailed' },
      { subscriber_id: 'queued' },
      { subscriber_id: 'single' },
    ])

    // The queued mail is composed with the link it had before.
    const queue = confirmationQueue(
      db,
      testEnv({
        PUBLIC_SITE_URL: 'https://docucommons.example.org',
        MAIL_FROM: 'news@docucommons.example.org',
      }),
    )
    const claimed = await queue.claim(
      'queued',
      new Date('2026-01-05T09:01:00.000Z'),
      new Date('2026-01-05T09:06:00.000Z'),
    )
    expect(claimed?.mail.headers?.['List-Unsubscribe']).toContain(`token=${TOKENS.queued}`)

    for (const [id, token] of [
      ['mailed', TOKENS.mailed],
      ['queued', TOKENS.queued],
      ['single', TOKENS.single],
    ] as const) {
      expect(await unsubscribe(db, token, new Date('2026-02-01T00:00:00.000Z'))).toBe(
        'unsubscribed',
      )
      expect(
        await db
          .selectFrom('newsletter_subscriber')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirst(),
      ).toEqual({ status: 'unsubscribed' })
    }
    expect(await unsubscribe(db, 'D'.repeat(43), new Date())).toBe('invalid')
  })
})
