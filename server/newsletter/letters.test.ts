/**
 * Letters to readers through the back office, on both databases, with a real SMTP server:
 * an editor writes, previews and mails themselves a test (multipart, both parts) but may not
 * send; an administrator sends, and every mailable reader gets exactly one copy with their own
 * one-click unsubscribe link and the List-Id, while pending, unsubscribed and spam addresses get
 * none; a reader who leaves after the send started gets nothing; a 550 for one address marks it
 * bounced and it is left out of the next letter; the throttle lets only its number of copies
 * leave in a window, across the window the rest go.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Dialect } from '#server/db/index.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import {
  letterMailEnv,
  startTestSmtpServer,
  type TestSmtpServer,
} from '#server/test/smtp-server.ts'
import { backOfficeApp, call, signUp, type StaffClient } from '#server/test/staff.ts'
import { THROTTLE_KEY } from './delivery-queue.ts'
import { forgetSubscriber, subscribe, unsubscribe } from './repository.ts'
import { startSending } from './sending.ts'

/** What the checks share on one engine; the letters and readers are emptied before each. */
interface LettersTest {
  smtp: TestSmtpServer
  testDb: TestDatabase
  app: FastifyInstance
  admin: StaffClient
  editor: StaffClient
}

describeOnDatabases('letters to readers', (dialect) => {
  const t = useLetters(dialect)
  writeAndSendChecks(t)
  deliveryChecks(t)
})

/** The back office on one engine, mailing a test SMTP server, with an administrator and an editor. */
function useLetters(dialect: Dialect) {
  const t = {} as LettersTest
  beforeAll(async () => {
    t.smtp = await startTestSmtpServer()
    t.testDb = await createTestDatabase(dialect)
    t.app = await backOfficeApp(t.testDb.database, {
      env: {
        ...letterMailEnv(t.smtp),
        // Nothing goes out until a test wakes the outbox (or waits for it to be idle).
        MAIL_POLL_MS: '3600000',
        NEWSLETTER_PER_MINUTE: '1000',
      },
    })
    t.admin = await signUp(t.app, t.testDb.database, 'ada@example.org', 'admin')
    t.editor = await signUp(t.app, t.testDb.database, 'ed@example.org', 'editor')
  })
  afterAll(async () => {
    await t.app?.close()
    await t.testDb?.drop()
    await t.smtp?.stop()
  })
  beforeEach(async () => {
    const db = t.testDb.database.db
    await db.deleteFrom('newsletter_letter').execute()
    await db.deleteFrom('newsletter_subscriber').execute()
    await db.deleteFrom('rate_limit_window').execute()
    t.smtp.received.length = 0
  })

  const db = () => t.testDb.database.db
  async function reader(email: string, state: 'confirmed' | 'pending' | 'spam' = 'confirmed') {
    await subscribe(
      db(),
      { email },
      {
        receivedAt: new Date(),
        spamReason: state === 'spam' ? 'honeypot' : null,
        doubleOptIn: false,
        source: 'test',
      },
    )
    if (state !== 'spam')
      await db()
        .updateTable('newsletter_subscriber')
        .set({ status: state })
        .where('email_key', '=', email)
        .execute()
  }
  const as = (
    who: StaffClient,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) => call(t.app, method, url, { cookie: who.cookie, body })
  async function draft(who = t.editor) {
    const created = await as(who, 'POST', '/letters', {
      kind: 'letter',
      subject: 'Porches and the people on them',
      preheader: 'Three stories from this week',
      body: 'Hello *readers*. Read [the story](/articles) and [more](https://example.org/a?b=1).\n',
    })
    expect(created.statusCode, created.body).toBe(201)
    return created.json() as { id: string; version: number; readers: number }
  }
  const perAddress = () => {
    const counts = new Map<string, number>()
    for (const mail of t.smtp.received)
      for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1)
    return Object.fromEntries([...counts].sort())
  }
  return Object.assign(t, { db, reader, as, draft, perAddress })
}
type Letters = ReturnType<typeof useLetters>

/** The whole way of a letter: written, previewed, tested, sent once to each mailable reader. */
function writeAndSendChecks(t: Letters) {
  const { db, reader, as, draft, perAddress } = t
  it('lets an editor write, preview and test, and an administrator send once to each reader', async () => {
    await reader('ana@example.org')
    await reader('bo@example.org')
    await reader('cy@example.org')
    await reader('pending@example.org', 'pending')
    await reader('bot@example.org', 'spam')
    await reader('left@example.org')
    await db()
      .updateTable('newsletter_subscriber')
      .set({ status: 'unsubscribed' })
      .where('email_key', '=', 'left@example.org')
      .execute()

    const letter = await draft()
    expect(letter.readers).toBe(3)
    const renamed = await as(t.editor, 'PATCH', `/letters/${letter.id}`, {
      subject: 'Porches, week one',
      preheader: 'Three stories from this week',
      body: 'Hello *readers*. Read [the story](/articles) and [more](https://example.org/a?b=1).\n',
      version: letter.version,
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json().slug).toBe('porches-week-one')
    const preview = await as(t.editor, 'GET', `/letters/${letter.id}/preview`)
    expect(preview.statusCode).toBe(200)
    expect(preview.json().html).toContain('<html dir="ltr" lang="en"')
    expect(preview.json().text).toContain(
      'Hello readers. Read the story (https://docucommons.example.org/articles)',
    )

    const test = await as(t.editor, 'POST', `/letters/${letter.id}/test`)
    expect(test.statusCode, test.body).toBe(200)
    expect(t.smtp.received).toHaveLength(1)
    const [testMail] = t.smtp.received
    expect(testMail!.to).toEqual(['ed@example.org'])
    expect(testMail!.headers.get('content-type')).toMatch(/^multipart\/alternative/)
    expect(testMail!.parsed.html).toContain('Porches, week one')
    expect(testMail!.text).toContain('1400 Grand Blvd')

    expect(
      (await as(t.editor, 'POST', `/letters/${letter.id}/send`, { readers: 3 })).statusCode,
    ).toBe(403)
    const sent = await as(t.admin, 'POST', `/letters/${letter.id}/send`, { readers: 3 })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().recipients).toBe(3)
    await t.app.mailOutbox.whenIdle()
    t.smtp.received.shift()
    expect(perAddress()).toEqual({ 'ana@example.org': 1, 'bo@example.org': 1, 'cy@example.org': 1 })

    const copy = t.smtp.received.find((mail) => mail.to[0] === 'bo@example.org')!
    expect(copy.headers.get('list-id')).toBe(
      'DocuCommons newsletter <newsletter.docucommons.example.org>',
    )
    expect(copy.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const link = /<(https:[^>]+)>/.exec(copy.headers.get('list-unsubscribe')!)![1]!
    expect(copy.parsed.html).toContain(link.replace(/&/g, '&amp;'))
    expect(copy.text).toContain(link)
    expect(copy.text).toContain('because bo@example.org subscribed')
    const token = new URL(link).searchParams.get('token')
    expect(await unsubscribe(db(), token, new Date())).toBe('unsubscribed')

    const detail = (await as(t.admin, 'GET', `/letters/${letter.id}`)).json()
    expect(detail.status).toBe('sent')
    expect(detail.progress).toEqual({ queued: 0, sent: 3, failed: 0, bounced: 0, skipped: 0 })
    expect(
      (await as(t.admin, 'POST', `/letters/${letter.id}/send`, { readers: 3 })).statusCode,
    ).toBe(409)
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', letter.id)
      .execute()
    expect(audit.map((row) => row.action).sort()).toEqual([
      'letter.create',
      'letter.save',
      'letter.send',
      'letter.test',
    ])
  })
}

/** Delivery once the send started: readers who leave, bounces, and the throttle. */
function deliveryChecks(t: Letters) {
  const { db, reader, as, draft, perAddress } = t
  it('sends nothing to a reader who unsubscribes or is erased after the send started', async () => {
    await reader('stays@example.org')
    await reader('leaves@example.org')
    await reader('erased@example.org')
    const letter = await draft()
    await startSending(db(), letter.id, { staffId: null, now: new Date() })
    await db()
      .updateTable('newsletter_subscriber')
      .set({ status: 'unsubscribed' })
      .where('email_key', '=', 'leaves@example.org')
      .execute()
    await forgetSubscriber(db(), 'erased@example.org')
    await t.app.mailOutbox.whenIdle()
    expect(perAddress()).toEqual({ 'stays@example.org': 1 })
    const detail = (await as(t.admin, 'GET', `/letters/${letter.id}`)).json()
    expect(detail.progress).toMatchObject({ sent: 1, skipped: 1 })
    expect(detail.status).toBe('sent')
  })

  it('marks an address bounced on a 550 and leaves it out of the next letter', async () => {
    await reader('fine@example.org')
    await reader('gone@example.org')
    t.smtp.refuseRecipient('gone@example.org', 550)
    const first = await draft()
    await startSending(db(), first.id, { staffId: null, now: new Date() })
    await t.app.mailOutbox.whenIdle()
    expect(perAddress()).toEqual({ 'fine@example.org': 1 })
    const detail = (await as(t.admin, 'GET', `/letters/${first.id}`)).json()
    expect(detail.progress).toMatchObject({ sent: 1, bounced: 1, queued: 0 })
    expect(detail.failedAddresses).toEqual([
      expect.objectContaining({ email: 'gone@example.org', status: 'bounced' }),
    ])
    const list = (await as(t.admin, 'GET', '/subscribers?status=all')).json()
    expect(
      list.subscribers.find((s: { email: string }) => s.email === 'gone@example.org').bouncedAt,
    ).toBeTruthy()

    const second = await draft()
    expect(await startSending(db(), second.id, { staffId: null, now: new Date() })).toEqual({
      started: true,
      recipients: 1,
    })
  })

  it('lets only the throttle’s number of copies leave in one window, the rest in the next', async () => {
    await db()
      .insertInto('rate_limit_window')
      .values({ key: THROTTLE_KEY, count: 997, reset_at: Date.now() + 3_600_000 })
      .execute()
    for (const name of ['a', 'b', 'c', 'd', 'e']) await reader(`${name}@example.org`)
    const letter = await draft()
    await startSending(db(), letter.id, { staffId: null, now: new Date() })
    await t.app.mailOutbox.whenIdle()
    // 1000 a minute, 997 already used in this window (by other processes): three leave.
    expect(t.smtp.received).toHaveLength(3)
    expect((await as(t.admin, 'GET', `/letters/${letter.id}`)).json().progress).toMatchObject({
      sent: 3,
      queued: 2,
    })
    // The window ends (as if a minute passed): the rest go, each once.
    await db()
      .updateTable('rate_limit_window')
      .set({ reset_at: Date.now() - 1 })
      .where('key', '=', THROTTLE_KEY)
      .execute()
    await t.app.mailOutbox.whenIdle()
    expect(Object.values(perAddress())).toEqual([1, 1, 1, 1, 1])
  })
}
