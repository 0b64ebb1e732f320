/**
 * Retention as the server applies it when it starts (and then hourly): spam, unconfirmed
 * sign-ups and, when configured, old contact messages, on every database.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { saveMessage } from '#server/contact/repository.ts'
import { subscribe } from '#server/newsletter/repository.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'

const DAY = 86_400_000
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3_600_000)

describeOnDatabases('retention at start', (dialect) => {
  let testDb: TestDatabase

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
  })
  afterAll(async () => {
    await testDb.drop()
  })
  beforeEach(async () => {
    const db = testDb.database.db
    await db.deleteFrom('contact_message').execute()
    await db.deleteFrom('newsletter_subscriber').execute()
    const message = (name: string, receivedAt: Date, spam: boolean, notify = false) =>
      saveMessage(
        db,
        { name, email: `${name.toLowerCase()}@example.org` },
        { receivedAt, spamReason: spam ? 'honeypot' : null, notify },
      )
    await message('OldSpam', ago(31), true)
    await message('RecentSpam', ago(29), true)
    await message('OldMessage', ago(400), false)
    // Still being delivered: kept until its notification is sent or given up.
    await message('OldUndelivered', ago(400), false, true)
    await message('RecentMessage', ago(10), false)

    const signUp = (email: string, receivedAt: Date, spam = false, doubleOptIn = true) =>
      subscribe(
        db,
        { email },
        {
          receivedAt,
          spamReason: spam ? 'honeypot' : null,
          doubleOptIn,
          source: 'newsletter form (double opt-in)',
        },
      )
    await signUp('oldspam@example.org', ago(31), true)
    await signUp('recentspam@example.org', ago(29), true)
    await signUp('confirmed@example.org', ago(400))
    await db
      .updateTable('newsletter_subscriber')
      .set({ status: 'confirmed', confirmed_at: ago(399).toISOString() })
      .where('email_key', '=', 'confirmed@example.org')
      .execute()
    await signUp('single@example.org', ago(400), false, false)
    // Mailed 4 days ago with a 48-hour link: expired 2 days ago.
    await signUp('expired@example.org', ago(4))
    await db
      .updateTable('newsletter_subscriber')
      .set({ mail_status: 'sent', token_expires_at: ago(2).toISOString() })
      .where('email_key', '=', 'expired@example.org')
      .execute()
    // Expired only 12 hours ago: the extra day has not passed.
    await signUp('justexpired@example.org', ago(3))
    await db
      .updateTable('newsletter_subscriber')
      .set({ mail_status: 'sent', token_expires_at: ago(0, 12).toISOString() })
      .where('email_key', '=', 'justexpired@example.org')
      .execute()
    // Never mailed (mail failed every time) and older than the window plus a day.
    await signUp('nevermailed@example.org', ago(3, 1))
    await signUp('waiting@example.org', ago(0, 1))
  })

  const remaining = async () => ({
    messages: (
      await testDb.database.db
        .selectFrom('contact_message')
        .select('name')
        .orderBy('name')
        .execute()
    ).map((r) => r.name),
    subscribers: (
      await testDb.database.db
        .selectFrom('newsletter_subscriber')
        .select('email_key')
        .orderBy('email_key')
        .execute()
    ).map((r) => r.email_key),
  })

  const startAndStop = async (env: Record<string, string>) => {
    const app = await buildApp({
      env: testEnv({ NEWSLETTER_CONFIRM_TTL_HOURS: '48', ...env }),
      database: testDb.database,
    })
    await app.ready()
    await app.close()
  }

  it('deletes spam after SPAM_RETENTION_DAYS and unconfirmed sign-ups a day after their window, keeping messages by default', async () => {
    await startAndStop({})
    expect(await remaining()).toEqual({
      messages: ['OldMessage', 'OldUndelivered', 'RecentMessage', 'RecentSpam'],
      subscribers: [
        'confirmed@example.org',
        'justexpired@example.org',
        'recentspam@example.org',
        'single@example.org',
        'waiting@example.org',
      ],
    })
  })

  it('deletes contact messages after MESSAGE_RETENTION_DAYS, and spam after a shorter SPAM_RETENTION_DAYS', async () => {
    await startAndStop({ MESSAGE_RETENTION_DAYS: '365', SPAM_RETENTION_DAYS: '7' })
    expect(await remaining()).toMatchObject({
      messages: ['OldUndelivered', 'RecentMessage'],
    })
    expect((await remaining()).subscribers).not.toContain('recentspam@example.org')
  })
})
