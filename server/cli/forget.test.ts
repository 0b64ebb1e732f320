/** npm run forget (server/cli/forget.ts) against a real database of each engine. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { saveMessage } from '#server/contact/repository.ts'
import { subscribe } from '#server/newsletter/repository.ts'
import { addressHash } from '#server/back-office/audit.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { runCommand, SPAWNING_TIMEOUT_MS } from '#server/test/command.ts'

describeOnDatabases('npm run forget', (dialect) => {
  let testDb: TestDatabase

  const forget = (...args: string[]) => runCommand('forget', args, testDb.env)
  const left = async () => ({
    messages: (
      await testDb.database.db.selectFrom('contact_message').select('email').execute()
    ).map((r) => r.email),
    subscribers: (
      await testDb.database.db.selectFrom('newsletter_subscriber').select('email').execute()
    ).map((r) => r.email),
  })

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    const db = testDb.database.db
    const message = (email: string, notify: boolean, spam = false) =>
      saveMessage(
        db,
        { name: 'Someone', email },
        {
          receivedAt: new Date('2026-05-01T10:00:00Z'),
          spamReason: spam ? 'honeypot' : null,
          notify,
        },
      )
    // Two messages in other cases, one with its notification still queued, one taken for spam.
    await message('Ada.Lovelace@Example.org', true)
    await message('ada.lovelace@example.org', false, true)
    await message('grace@example.org', true)
    await subscribe(
      db,
      { email: 'ADA.LOVELACE@example.org' },
      {
        receivedAt: new Date('2026-05-02T10:00:00Z'),
        spamReason: null,
        doubleOptIn: true,
        source: 'newsletter form (double opt-in)',
      },
    )
    await subscribe(
      db,
      { email: 'grace@example.org' },
      {
        receivedAt: new Date('2026-05-02T10:00:00Z'),
        spamReason: null,
        doubleOptIn: false,
        source: 'newsletter form (single opt-in)',
      },
    )
  })
  afterAll(async () => {
    await testDb.drop()
  })

  it(
    'deletes every message and subscription of the address in any case, says what, and is idempotent',
    async () => {
      const first = forget('ada.lovelace@EXAMPLE.org')
      expect(first.status).toBe(0)
      expect(first.stdout).toBe(
        [
          'removed contact message: received 2026-05-01T10:00:00.000Z',
          'removed contact message: received 2026-05-01T10:00:00.000Z (spam: honeypot)',
          'removed newsletter subscription: ADA.LOVELACE@example.org (pending, since 2026-05-02T10:00:00.000Z)',
          'ada.lovelace@EXAMPLE.org: 2 contact messages and 1 newsletter subscription removed.',
          '',
        ].join('\n'),
      )
      // The audit log holds the erasure with the address's hash, never the address.
      const audit = await testDb.database.db.selectFrom('audit_log').selectAll().execute()
      expect(audit.map((entry) => [entry.action, entry.actor_label])).toEqual([
        ['erasure', 'command line'],
      ])
      expect(JSON.parse(audit[0]!.details!)).toMatchObject({
        addressHash: addressHash('ada.lovelace@example.org'),
        total: 3,
      })
      expect(JSON.stringify(audit).toLowerCase()).not.toContain('ada.lovelace')
      // The other person's data and queued mail are untouched.
      expect(await left()).toEqual({
        messages: ['grace@example.org'],
        subscribers: ['grace@example.org'],
      })

      const again = forget('ada.lovelace@example.org')
      expect(again.status).toBe(0)
      expect(again.stdout).toBe('ada.lovelace@example.org: nothing stored, nothing removed.\n')
      expect((await left()).messages).toEqual(['grace@example.org'])
    },
    SPAWNING_TIMEOUT_MS,
  )

  it(
    'explains a missing or malformed address and exits 2 without touching anything',
    async () => {
      for (const args of [[], ['not an address'], ['a@example.org', 'b@example.org']]) {
        const result = forget(...args)
        expect(result.status).toBe(2)
        expect(result.stderr).toMatch(/e-mail address/)
      }
      expect((await left()).subscribers).toEqual(['grace@example.org'])
    },
    SPAWNING_TIMEOUT_MS,
  )
})
