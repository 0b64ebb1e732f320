/** npm run messages / npm run subscribers (server/cli) against a real database of each engine. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveMessage } from '#server/contact/repository.ts'
import { subscribe } from '#server/newsletter/repository.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { runCommand, SPAWNING_TIMEOUT_MS } from '#server/test/command.ts'
import type { Database } from '#server/db/index.ts'
import { parseSince } from './rows.ts'

/**
 * Three messages (one spam) and five subscribers in every state, stored out of order on purpose:
 * the listings must come out oldest first.
 */
async function seedRows(db: Database['db']) {
  await saveMessage(
    db,
    { name: 'Second', email: 'second@example.org', message: 'Ann;=1+1' },
    {
      receivedAt: new Date('2026-03-02T09:00:00Z'),
      spamReason: null,
      notify: true,
    },
  )
  await saveMessage(
    db,
    { name: 'First', email: 'first@example.org', message: 'Hello, "team"\nsecond line' },
    {
      receivedAt: new Date('2026-03-01T09:00:00Z'),
      spamReason: null,
      notify: false,
    },
  )
  await saveMessage(
    db,
    { name: 'Bot', email: 'bot@example.org' },
    {
      receivedAt: new Date('2026-03-01T12:00:00Z'),
      spamReason: 'honeypot',
      notify: false,
    },
  )
  await subscribe(
    db,
    { email: 'Late@example.org' },
    {
      receivedAt: new Date('2026-04-02T00:00:00Z'),
      spamReason: null,
      doubleOptIn: true,
      source: 'newsletter form (double opt-in)',
    },
  )
  await subscribe(
    db,
    { email: 'early@example.org' },
    {
      receivedAt: new Date('2026-04-01T00:00:00Z'),
      spamReason: null,
      doubleOptIn: false,
      source: 'newsletter form (single opt-in)',
    },
  )
  await subscribe(
    db,
    { email: 'spam@example.org' },
    {
      receivedAt: new Date('2026-04-01T10:00:00Z'),
      spamReason: 'honeypot',
      doubleOptIn: true,
      source: 'newsletter form (double opt-in)',
    },
  )
  await subscribe(
    db,
    { email: 'confirmed@example.org' },
    {
      receivedAt: new Date('2026-04-03T00:00:00Z'),
      spamReason: null,
      doubleOptIn: true,
      source: 'newsletter form without JavaScript (double opt-in)',
    },
  )
  await subscribe(
    db,
    { email: 'left@example.org' },
    {
      receivedAt: new Date('2026-04-04T00:00:00Z'),
      spamReason: null,
      doubleOptIn: false,
      source: 'newsletter form (single opt-in)',
    },
  )
  await db
    .updateTable('newsletter_subscriber')
    .set({ status: 'confirmed', confirmed_at: '2026-04-03T08:00:00.000Z' })
    .where('email_key', '=', 'confirmed@example.org')
    .execute()
  await db
    .updateTable('newsletter_subscriber')
    .set({ status: 'unsubscribed', unsubscribed_at: '2026-04-05T00:00:00.000Z' })
    .where('email_key', '=', 'left@example.org')
    .execute()
}

describeOnDatabases('npm run messages and subscribers', (dialect) => {
  let testDb: TestDatabase

  const run = (script: string, ...args: string[]) => {
    const result = runCommand(script, args, testDb.env)
    return { ...result, lines: result.stdout.split('\n').filter(Boolean) }
  }
  const json = (script: string, ...args: string[]) =>
    run(script, ...args).lines.map((line) => JSON.parse(line))

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    await seedRows(testDb.database.db)
  })
  afterAll(async () => {
    await testDb.drop()
  })
  messageChecks(json, run)
  subscriberChecks(json, run)

  it(
    'explains bad arguments and exits non-zero',
    () => {
      const bad = run('messages', '--since', 'last tuesday')
      expect(bad.status).toBe(2)
      expect(bad.stderr).toMatch(/--since must be a date/)
      expect(bad.stdout).toBe('')
      const unknown = run('messages', '--everything')
      expect(unknown.status).toBe(2)
      expect(unknown.stderr).toMatch(/Usage: npm run messages/)
    },
    SPAWNING_TIMEOUT_MS,
  )
})

/** Runs an npm script on the test database: its output, and its output's lines. */
type Run = (
  script: string,
  ...args: string[]
) => ReturnType<typeof runCommand> & { lines: string[] }
/** Runs an npm script on the test database and reads each line of its output as JSON. */
type Json = (script: string, ...args: string[]) => Record<string, unknown>[]

/** npm run messages: JSON lines, spam, --since and CSV. */
function messageChecks(json: Json, run: Run) {
  it(
    'prints messages as JSON lines, oldest first, without spam',
    () => {
      const rows = json('messages')
      expect(rows.map((r) => r.name)).toEqual(['First', 'Second'])
      expect(rows[0]).toMatchObject({
        receivedAt: '2026-03-01T09:00:00.000Z',
        email: 'first@example.org',
        message: 'Hello, "team"\nsecond line',
        spam: false,
        deliveryStatus: 'none',
      })
      expect(rows[1]).toMatchObject({
        deliveryStatus: 'pending',
        deliveryAttempts: 0,
        nextAttemptAt: '2026-03-02T09:00:00.000Z',
      })
    },
    SPAWNING_TIMEOUT_MS,
  )

  it(
    'includes spam with --include-spam',
    () => {
      expect(json('messages', '--include-spam').map((r) => [r.name, r.spamReason])).toEqual([
        ['First', null],
        ['Bot', 'honeypot'],
        ['Second', null],
      ])
    },
    SPAWNING_TIMEOUT_MS,
  )

  it(
    'filters with --since (a date or a date-time)',
    () => {
      expect(json('messages', '--since', '2026-03-02').map((r) => r.name)).toEqual(['Second'])
      expect(
        json('messages', '--include-spam', '--since', '2026-03-01T10:00:00Z').map((r) => r.name),
      ).toEqual(['Bot', 'Second'])
      expect(json('messages', '--since=2027-01-01')).toEqual([])
    },
    SPAWNING_TIMEOUT_MS,
  )

  it(
    'writes CSV with a header, quoting and no formulas',
    () => {
      const { stdout, status } = run('messages', '--csv')
      expect(status).toBe(0)
      const [header, first, ...rest] = stdout.split('\r\n')
      expect(header).toBe(
        'id,receivedAt,name,email,website,message,spam,spamReason,checkReason,deliveryStatus,deliveryAttempts,nextAttemptAt,lastError,deliveredAt,handledAt',
      )
      expect(first).toMatch(
        /^[\w-]+,2026-03-01T09:00:00\.000Z,First,first@example\.org,,"Hello, ""team""\nsecond line",false,,,none,0,,,,$/,
      )
      // A spreadsheet that splits at ";" sees a cell "'=1+1": text, not a formula.
      expect(rest[0]).toContain(",Ann;'=1+1,")
    },
    SPAWNING_TIMEOUT_MS,
  )
}

/** npm run subscribers: who may be mailed, and every state. */
function subscriberChecks(json: Json, run: Run) {
  it(
    'lists only addresses that may be mailed, with the record of consent',
    () => {
      expect(json('subscribers')).toEqual([
        {
          email: 'early@example.org',
          status: 'subscribed',
          consentAt: '2026-04-01T00:00:00.000Z',
          consentSource: 'newsletter form (single opt-in)',
          confirmedAt: null,
        },
        {
          email: 'confirmed@example.org',
          status: 'confirmed',
          consentAt: '2026-04-03T00:00:00.000Z',
          consentSource: 'newsletter form without JavaScript (double opt-in)',
          confirmedAt: '2026-04-03T08:00:00.000Z',
        },
      ])
      const csv = run('subscribers', '--csv').stdout.split('\r\n')
      expect(csv[0]).toBe('email,status,consentAt,consentSource,confirmedAt')
      expect(csv[2]).toBe(
        'confirmed@example.org,confirmed,2026-04-03T00:00:00.000Z,newsletter form without JavaScript (double opt-in),2026-04-03T08:00:00.000Z',
      )
    },
    SPAWNING_TIMEOUT_MS,
  )

  it(
    'shows every state with --all',
    () => {
      expect(json('subscribers', '--all').map((r) => [r.email, r.status])).toEqual([
        ['early@example.org', 'subscribed'],
        ['spam@example.org', 'spam'],
        ['Late@example.org', 'pending'],
        ['confirmed@example.org', 'confirmed'],
        ['left@example.org', 'unsubscribed'],
      ])
      expect(json('subscribers', '--all', '--since', '2026-04-03').map((r) => r.email)).toEqual([
        'confirmed@example.org',
        'left@example.org',
      ])
      expect(run('subscribers', '--help').stdout).toMatch(/--all +every state/)
    },
    SPAWNING_TIMEOUT_MS,
  )
}

describe('the export helpers', () => {
  it.each([
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2026-01-31T18:00', expect.stringMatching(/^2026-01-31T\d\d:00:00\.000Z$/)],
    ['2026-01-31T18:00:00+02:00', '2026-01-31T16:00:00.000Z'],
    ['2026-02-30', undefined],
    ['yesterday', undefined],
  ])('parseSince(%s)', (input, output) => expect(parseSince(input)).toEqual(output))
})
