/**
 * The double opt-in with mail configured, against a real SMTP server on 127.0.0.1: the
 * confirmation mail, its single-use expiring link, the landing states and the resend rules.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '#server/app.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/mail/test-smtp-server.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'

const SITE = 'https://docucommons.example.org'

describeOnDatabases('newsletter double opt-in', (dialect) => {
  let testDb: TestDatabase
  let smtp: TestSmtpServer
  let app: FastifyInstance

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
  })
  afterAll(async () => {
    await testDb.drop()
  })
  beforeEach(async () => {
    await testDb.database.db.deleteFrom('newsletter_subscriber').execute()
    smtp = await startTestSmtpServer()
    app = await buildApp({
      env: testEnv({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'DocuCommons <news@docucommons.example.org>',
        PUBLIC_SITE_URL: SITE,
        FORM_MIN_FILL_MS: '0',
        FORM_RATE_LIMIT_MAX: '100',
        MAIL_POLL_MS: '40',
        MAIL_RETRY_BASE_MS: '100',
        NEWSLETTER_CONFIRM_TTL_HOURS: '48',
      }),
      database: testDb.database,
    })
  })
  afterEach(async () => {
    await app.close()
    await smtp.stop()
  })

  const subscribe = (email: string) =>
    app.inject({ method: 'POST', url: '/api/newsletter/subscribe/', payload: { email } })
  const row = (key: string) =>
    testDb.database.db
      .selectFrom('newsletter_subscriber')
      .selectAll()
      .where('email_key', '=', key)
      .executeTakeFirstOrThrow()
  // The SMTP server has the mail a moment before the outbox records it on the row.
  const sentRow = async (key: string) => {
    const until = Date.now() + 10_000
    for (;;) {
      const current = await row(key)
      if (current.mail_status === 'sent' || Date.now() > until) return current
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  const linkIn = (text: string) => {
    const match = /(https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w-]+)/.exec(text)
    if (!match) throw new Error(`no confirmation link in:\n${text}`)
    return new URL(match[1]!)
  }
  const open = async (link: URL) => {
    const response = await app.inject({ method: 'GET', url: link.pathname + link.search })
    expect(response.statusCode).toBe(303)
    return response.headers.location
  }

  it('mails a confirmation link that confirms once, then reports "already confirmed"', async () => {
    const response = await subscribe('Amara@Example.org')
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ ok: true, confirmByEmail: true })
    expect(await row('amara@example.org')).toMatchObject({ status: 'pending' })

    const [mail] = await smtp.waitForMail(1)
    // Sent to the address as given (nodemailer writes the domain in lower case; the local part keeps its case).
    expect(mail!.to).toEqual(['Amara@example.org'])
    expect(mail!.headers.get('from')).toBe('DocuCommons <news@docucommons.example.org>')
    expect(mail!.headers.get('subject')).toMatch(/confirm/i)
    const link = linkIn(mail!.text)
    expect(link.origin).toBe(SITE)

    const pending = await sentRow('amara@example.org')
    expect(pending).toMatchObject({ mail_status: 'sent', mail_attempts: 1 })
    // Only a hash of the token is stored.
    expect(pending.token_hash).not.toContain(link.searchParams.get('token'))
    const ttl = Date.parse(pending.token_expires_at!) - Date.now()
    expect(ttl).toBeGreaterThan(47 * 3_600_000)
    expect(ttl).toBeLessThanOrEqual(48 * 3_600_000)

    expect(await open(link)).toBe('/?newsletter=confirmed')
    expect(await row('amara@example.org')).toMatchObject({
      status: 'confirmed',
      confirmed_at: expect.any(String),
    })
    expect(await open(link)).toBe('/?newsletter=already-confirmed')
    const trailing = new URL(link)
    trailing.pathname += '/'
    expect(await open(trailing)).toBe('/?newsletter=already-confirmed')
  })

  it('refuses an expired link and a forged one', async () => {
    await subscribe('dante@example.org')
    const [mail] = await smtp.waitForMail(1)
    const link = linkIn(mail!.text)
    await sentRow('dante@example.org')
    await testDb.database.db
      .updateTable('newsletter_subscriber')
      .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    expect(await open(link)).toBe('/?newsletter=expired')
    expect(await row('dante@example.org')).toMatchObject({ status: 'pending', confirmed_at: null })

    const forged = new URL(link)
    forged.searchParams.set('token', 'B'.repeat(43))
    expect(await open(forged)).toBe('/?newsletter=invalid')
  })

  it('does not mail again for a repeated sign-up, and mails a fresh link once the last one is old', async () => {
    await subscribe('yolanda@example.org')
    await smtp.waitForMail(1)
    await sentRow('yolanda@example.org')
    const first = linkIn(smtp.received[0]!.text)
    await subscribe('YOLANDA@example.org')
    await app.mailOutbox.whenIdle()
    expect(smtp.received).toHaveLength(1)

    // Ten minutes later (simulated), the visitor asks again: a new link, and only it is valid.
    await testDb.database.db
      .updateTable('newsletter_subscriber')
      .set({ mail_sent_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .execute()
    await subscribe('yolanda@example.org')
    await smtp.waitForMail(2)
    const second = linkIn(smtp.received[1]!.text)
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'))
    expect(await open(first)).toBe('/?newsletter=invalid')
    expect(await open(second)).toBe('/?newsletter=confirmed')

    // Confirmed: further sign-ups send nothing and change nothing.
    await subscribe('yolanda@example.org')
    await app.mailOutbox.whenIdle()
    expect(smtp.received).toHaveLength(2)
    expect(await row('yolanda@example.org')).toMatchObject({ status: 'confirmed' })
  })

  it('retries the confirmation mail when the server refuses it', async () => {
    smtp.failNext(1, 421)
    await subscribe('keisha@example.org')
    await smtp.waitForMail(1)
    const sent = await sentRow('keisha@example.org')
    expect(sent).toMatchObject({ mail_status: 'sent', mail_attempts: 2, last_error: null })
    expect(await open(linkIn(smtp.received[0]!.text))).toBe('/?newsletter=confirmed')
  })

  it('never lets a bot make us mail an address again', async () => {
    await subscribe('hana@example.org')
    await smtp.waitForMail(1)
    await sentRow('hana@example.org')
    await testDb.database.db
      .updateTable('newsletter_subscriber')
      .set({ mail_sent_at: new Date(Date.now() - 60 * 60_000).toISOString() })
      .execute()
    const bot = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe/',
      payload: { email: 'hana@example.org', fax: 'filled' },
    })
    expect(bot.statusCode).toBe(201)
    await app.mailOutbox.whenIdle()
    expect(smtp.received).toHaveLength(1)
    expect(await row('hana@example.org')).toMatchObject({ status: 'pending', spam_reason: null })
  })

  it('never mails a spam sign-up', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe/',
      payload: { email: 'bot@example.org', fax: 'filled' },
    })
    expect(response.json()).toEqual({ ok: true, confirmByEmail: true })
    await app.mailOutbox.whenIdle()
    expect(smtp.received).toHaveLength(0)
    expect(await row('bot@example.org')).toMatchObject({ status: 'spam', mail_status: 'none' })
  })
})
