/**
 * An unsubscribe stands (issue 21): a sign-up never lowers an address's state, an address that
 * unsubscribed becomes mailable again only by confirming a new double opt-in, and the visitor's
 * answer is the same whatever the address's state. Every transition, with and without mail set
 * up, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Insertable } from 'kysely'
import { buildApp } from '#server/app.ts'
import type { NewsletterSubscriberTable } from '#server/db/schema.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'
import { formPoster, jsonPoster } from '#server/test/post-json.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'
import { hashToken, newToken } from '#server/http/tokens.ts'
import {
  confirmSubscription,
  deleteExpiredSubscribers,
  listSubscribers,
  MAILABLE_STATUSES,
  subscribe,
  type SubscriberStatus,
} from './repository.ts'

const EMAIL = 'mei.lin@example.org'
const SIGNED_UP = '2026-03-02T10:00:00.000Z'
const LATER = new Date('2026-03-05T10:00:00.000Z')
const LINK_EXPIRES = '2026-03-06T10:00:00.000Z'

/** The states an address can be in when someone signs it up again. */
const STATES = {
  confirmed: { status: 'confirmed', confirmed_at: SIGNED_UP },
  subscribed: { status: 'subscribed' },
  pending: { status: 'pending' },
  unsubscribed: { status: 'unsubscribed', unsubscribed_at: SIGNED_UP },
  'pending again after an unsubscribe': { status: 'pending', unsubscribed_at: SIGNED_UP },
  spam: { status: 'spam', spam_reason: 'honeypot', consent_at: null, consent_source: null },
} satisfies Record<string, Partial<Insertable<NewsletterSubscriberTable>>>
type State = keyof typeof STATES

/** What a sign-up makes of each state: its new status, and whether a confirmation is mailed. */
const AFTER_SIGN_UP: Record<'single' | 'double', Record<State, [SubscriberStatus, boolean]>> = {
  // Without mail set up (single opt-in): nothing can confirm, so an unsubscribe is final.
  single: {
    confirmed: ['confirmed', false],
    subscribed: ['subscribed', false],
    pending: ['subscribed', false],
    unsubscribed: ['unsubscribed', false],
    'pending again after an unsubscribe': ['pending', false],
    spam: ['subscribed', false],
  },
  // With mail set up (double opt-in): never lower; a confirmation for the others.
  double: {
    confirmed: ['confirmed', false],
    subscribed: ['subscribed', false],
    pending: ['pending', true],
    unsubscribed: ['pending', true],
    'pending again after an unsubscribe': ['pending', true],
    spam: ['pending', true],
  },
}

describeOnDatabases('an unsubscribe stands', (dialect) => {
  let testDb: TestDatabase
  const db = () => testDb.database.db

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
  })
  afterAll(async () => {
    await testDb.drop()
  })
  beforeEach(async () => {
    await db().deleteFrom('newsletter_subscriber').execute()
  })

  /** An address in the given state; its last confirmation mail left long ago. */
  async function addressIn(state: State) {
    await db()
      .insertInto('newsletter_subscriber')
      .values({
        id: `row-${state.replace(/\W+/g, '-')}`,
        email: EMAIL,
        email_key: EMAIL,
        created_at: SIGNED_UP,
        updated_at: SIGNED_UP,
        consent_at: SIGNED_UP,
        consent_source: 'newsletter form (double opt-in)',
        mail_status: 'sent',
        mail_sent_at: SIGNED_UP,
        ...STATES[state],
      })
      .execute()
  }
  const current = () =>
    db()
      .selectFrom('newsletter_subscriber')
      .selectAll()
      .where('email_key', '=', EMAIL)
      .executeTakeFirstOrThrow()
  const signUp = (doubleOptIn: boolean) =>
    subscribe(
      db(),
      { email: EMAIL },
      { receivedAt: LATER, spamReason: null, doubleOptIn, source: 'newsletter form' },
    )

  for (const mode of ['single', 'double'] as const) {
    describe(`a sign-up with ${mode} opt-in`, () => {
      it.each(Object.keys(STATES) as State[])('for an address %s', async (state) => {
        await addressIn(state)
        const before = await current()
        const [status, mailed] = AFTER_SIGN_UP[mode][state]
        expect(await signUp(mode === 'double')).toBe(mailed)
        const after = await current()
        expect(after.status).toBe(status)
        if (mailed) expect(after.mail_status).toBe('pending')
        else expect(after.mail_status).not.toBe('pending')
        // What was unsubscribed is mailable only once confirmed, and keeps the date it left.
        if (before.unsubscribed_at) {
          expect(MAILABLE_STATUSES).not.toContain(after.status)
          expect(after.unsubscribed_at).toBe(before.unsubscribed_at)
        }
        // A state on the list is never lowered.
        if (MAILABLE_STATUSES.includes(before.status)) expect(after).toEqual(before)
      })
    })
  }

  it('makes an unsubscribed address mailable again only when the new link is confirmed', async () => {
    await addressIn('unsubscribed')
    expect(await signUp(true)).toBe(true)
    const mailable = async () => {
      const rows = []
      for await (const row of listSubscribers(db())) rows.push(row.email_key)
      return rows
    }
    expect(await mailable()).toEqual([])

    // The mail leaves (the outbox sets the link's expiry); the subscriber presses Confirm.
    const token = (await current()).mail_token!
    await db()
      .updateTable('newsletter_subscriber')
      .set({ mail_status: 'sent', mail_token: null, token_expires_at: LINK_EXPIRES })
      .execute()
    expect(await confirmSubscription(db(), token, LATER)).toBe('confirmed')
    expect(await current()).toMatchObject({ status: 'confirmed', unsubscribed_at: null })
    expect(await mailable()).toEqual([EMAIL])
  })

  it('unsubscribes it again, rather than forgetting it, when the new link is never used', async () => {
    await addressIn('unsubscribed')
    await signUp(true)
    await db()
      .updateTable('newsletter_subscriber')
      .set({ mail_status: 'sent', mail_token: null, token_expires_at: LINK_EXPIRES })
      .execute()
    const token = newToken()
    await db()
      .updateTable('newsletter_subscriber')
      .set({ token_hash: hashToken(token) })
      .execute()

    const deleted = await deleteExpiredSubscribers(db(), {
      now: new Date(Date.parse(LINK_EXPIRES) + 25 * 3_600_000),
      spamDays: 30,
      confirmTtlHours: 48,
    })
    expect(deleted).toEqual({ spam: 0, unconfirmed: 0, unsubscribedAgain: 1 })
    expect(await current()).toMatchObject({
      status: 'unsubscribed',
      unsubscribed_at: SIGNED_UP,
      token_hash: null,
    })
    expect(await confirmSubscription(db(), token, LATER)).toBe('invalid')
  })
})

describeOnDatabases('the answer to a sign-up', (dialect) => {
  let testDb: TestDatabase
  let smtp: TestSmtpServer

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    smtp = await startTestSmtpServer()
  })
  afterAll(async () => {
    await smtp.stop()
    await testDb.drop()
  })

  for (const mode of ['single', 'double'] as const) {
    it(`is the same whatever the address's state, with ${mode} opt-in`, async () => {
      const app: FastifyInstance = await buildApp({
        env: testEnv({
          FORM_MIN_FILL_MS: '0',
          FORM_RATE_LIMIT_MAX: '1000',
          ...(mode === 'double'
            ? {
                SMTP_URL: smtp.url,
                MAIL_FROM: 'news@docucommons.example.org',
                PUBLIC_SITE_URL: 'https://docucommons.example.org',
              }
            : {}),
        }),
        database: testDb.database,
      })
      const json = jsonPoster(() => app, '/api/newsletter/subscribe/', 90)
      const form = formPoster(() => app, '/api/newsletter/subscribe/', 91)
      const answers = new Set<string>()
      for (const state of [undefined, ...Object.keys(STATES)] as (State | undefined)[]) {
        for (const post of [
          () => json({ email: EMAIL, startedAt: Date.now() - 10_000 }),
          () => form({ email: EMAIL }),
        ]) {
          await testDb.database.db.deleteFrom('newsletter_subscriber').execute()
          if (state)
            await testDb.database.db
              .insertInto('newsletter_subscriber')
              .values({
                id: 'row',
                email: EMAIL,
                email_key: EMAIL,
                created_at: SIGNED_UP,
                updated_at: SIGNED_UP,
                mail_status: 'none',
                ...STATES[state],
              })
              .execute()
          const response = await post()
          answers.add(
            JSON.stringify({
              status: response.statusCode,
              type: response.headers['content-type'],
              location: response.headers.location,
              body: response.body,
            }),
          )
        }
      }
      await app.close()
      // One answer for JSON and one for the form post: the state never shows.
      expect([...answers].map((answer) => JSON.parse(answer).status)).toEqual([201, 303])
    })
  }
})
