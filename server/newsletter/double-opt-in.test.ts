/**
 * The double opt-in with mail configured, against a real SMTP server on 127.0.0.1: the
 * confirmation mail, its expiring link that only a button press (POST) uses, link scanners, a
 * retry after the mail server took the mail, and unsubscribing (page, one-click, RFC 8058).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { buildApp } from '#server/app.ts'
import type { Dialect } from '#server/db/index.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'
import { openTestSiteBuild } from '#server/test/site-build.ts'
import { confirmationQueue } from './repository.ts'

const SITE = 'https://docucommons.example.org'
const FROM_SITE = { origin: SITE, 'sec-fetch-site': 'same-origin' }

/** A stand-in for the site's pages, so that a scanner's GETs land on real pages. */
const SITE_PAGES = {
  '/newsletter/confirm':
    '<!doctype html><main><form method="post"><button>Confirm</button></form></main>',
  '/newsletter/unsubscribe':
    '<!doctype html><main><form method="post"><button>Unsubscribe</button></form></main>',
  '/privacy': '<!doctype html><main><h1>Privacy</h1></main>',
}

const env = (smtpUrl: string) =>
  testEnv({
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'DocuCommons <news@docucommons.example.org>',
    PUBLIC_SITE_URL: SITE,
    FORM_MIN_FILL_MS: '0',
    FORM_RATE_LIMIT_MAX: '100',
    MAIL_POLL_MS: '40',
    MAIL_RETRY_BASE_MS: '100',
    NEWSLETTER_CONFIRM_TTL_HOURS: '48',
  })
const linkIn = (text: string) => {
  const match = /(https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+)/.exec(text)
  if (!match) throw new Error(`no confirmation link in:\n${text}`)
  return new URL(match[1]!)
}
const unsubscribeLinkIn = (mail: { headers: Map<string, string> }) => {
  const match = /<(https:\/\/[^>]+)>/.exec(mail.headers.get('list-unsubscribe') ?? '')
  if (!match) throw new Error('no List-Unsubscribe link')
  return new URL(match[1]!)
}

describeOnDatabases('newsletter double opt-in', (dialect) => {
  const t = useOptIn(dialect)
  confirmationMailChecks(t)
  linkChecks(t)
  unsubscribeChecks(t)
  spamChecks(t)
})

/** What each test reads: the app and the SMTP server are new for every test. */
interface OptInTest {
  testDb: TestDatabase
  smtp: TestSmtpServer
  app: FastifyInstance
}

/** The app with mail on one engine, a fresh SMTP server per test, and what the tests do with it. */
function useOptIn(dialect: Dialect) {
  const t = {} as OptInTest
  let buildDir: string
  beforeAll(async () => {
    t.testDb = await createTestDatabase(dialect)
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-site-'))
  })
  afterAll(async () => {
    await t.testDb.drop()
    fs.rmSync(buildDir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    await t.testDb.database.db.deleteFrom('newsletter_subscriber').execute()
    t.smtp = await startTestSmtpServer()
    t.app = await buildApp({
      env: env(t.smtp.url),
      database: t.testDb.database,
      build: openTestSiteBuild(buildDir, { pages: SITE_PAGES }),
    })
  })
  afterEach(async () => {
    await t.app.close()
    await t.smtp.stop()
  })

  const subscribe = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe/', payload: { email } })
  const row = (key: string) =>
    t.testDb.database.db
      .selectFrom('newsletter_subscriber')
      .selectAll()
      .where('email_key', '=', key)
      .executeTakeFirstOrThrow()
  // The SMTP server has the mail a moment before the outbox records it on the row: the row is
  // read once the outbox has nothing left to do.
  const sentRow = async (key: string) => {
    await t.app.mailOutbox.whenIdle()
    return row(key)
  }
  /** Presses a page's button: a form post to the page's own URL, from the site. */
  const press = async (link: URL, extra: Partial<InjectOptions> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      payload: '',
      ...extra,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...FROM_SITE,
        ...extra.headers,
      },
    })
    expect(response.statusCode).toBe(303)
    return response.headers.location
  }
  return Object.assign(t, { subscribe, row, sentRow, press })
}
type OptIn = ReturnType<typeof useOptIn>

/** The confirmation mail: its link, link scanners, and its delivery when the server fails. */
function confirmationMailChecks(t: OptIn) {
  const { subscribe, row, sentRow, press } = t
  it('mails a link to the confirm page; its button confirms once, then reports "already confirmed"', async () => {
    const response = await subscribe('Amara@Example.org')
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ ok: true, confirmByEmail: true })
    expect(await row('amara@example.org')).toMatchObject({
      status: 'pending',
      consent_source: 'newsletter form (double opt-in)',
    })

    const [mail] = await t.smtp.waitForMail(1)
    // Sent to the address as given (nodemailer writes the domain in lower case; the local part keeps its case).
    expect(mail!.to).toEqual(['Amara@example.org'])
    expect(mail!.headers.get('from')).toBe('DocuCommons <news@docucommons.example.org>')
    expect(mail!.headers.get('subject')).toMatch(/confirm/i)
    const link = linkIn(mail!.text)
    expect(link.origin + link.pathname).toBe(`${SITE}/newsletter/confirm`)

    const pending = await sentRow('amara@example.org')
    expect(pending).toMatchObject({
      mail_status: 'sent',
      mail_attempts: 1,
      mail_token: null,
      mail_unsubscribe_token: null,
    })
    // Once the mail is out, only hashes of its tokens are stored: a copy of the database can
    // neither confirm nor unsubscribe anyone.
    const stored = JSON.stringify([
      await t.testDb.database.db.selectFrom('newsletter_subscriber').selectAll().execute(),
      await t.testDb.database.db.selectFrom('newsletter_unsubscribe_token').selectAll().execute(),
    ])
    expect(stored).not.toContain(link.searchParams.get('token'))
    expect(stored).not.toContain(unsubscribeLinkIn(mail!).searchParams.get('token'))
    const ttl = Date.parse(pending.token_expires_at!) - Date.now()
    expect(ttl).toBeGreaterThan(47 * 3_600_000)
    expect(ttl).toBeLessThanOrEqual(48 * 3_600_000)

    expect(await press(link)).toBe('/newsletter/confirmed')
    expect(await row('amara@example.org')).toMatchObject({
      status: 'confirmed',
      confirmed_at: expect.any(String),
    })
    expect(await press(link)).toBe('/newsletter/already-confirmed')
    const trailing = new URL(link)
    trailing.pathname += '/'
    expect(await press(trailing)).toBe('/newsletter/already-confirmed')
  })

  it('confirms nobody when a link scanner opens every link in the mail, following redirects', async () => {
    await subscribe('scanned@example.org')
    const [mail] = await t.smtp.waitForMail(1)
    await sentRow('scanned@example.org')
    const links = [
      ...(mail!.text.match(/https?:\/\/\S+/g) ?? []),
      ...[...(mail!.headers.get('list-unsubscribe') ?? '').matchAll(/<(https?:[^>]+)>/g)].map(
        (m) => m[1]!,
      ),
    ]
    // The confirm link, the privacy page and the unsubscribe link (text and header).
    expect(links.map((l) => new URL(l).pathname).sort()).toEqual([
      '/newsletter/confirm',
      '/newsletter/unsubscribe',
      '/newsletter/unsubscribe',
      '/privacy',
    ])
    // Links of mails sent before confirmation moved to a page, too.
    const legacy = new URL(linkIn(mail!.text))
    legacy.pathname = '/api/newsletter/confirm'
    links.push(legacy.toString())

    const landed: number[] = []
    for (const link of links) {
      for (const method of ['HEAD', 'GET'] as const) {
        let url = new URL(link)
        for (let hops = 0; hops < 5; hops++) {
          const response = await t.app.inject({ method, url: url.pathname + url.search })
          const location = response.headers.location
          if (response.statusCode < 300 || response.statusCode >= 400 || !location) {
            landed.push(response.statusCode)
            break
          }
          url = new URL(location, url)
        }
      }
    }
    expect(landed).toEqual(Array(landed.length).fill(200))
    expect(await row('scanned@example.org')).toMatchObject({
      status: 'pending',
      confirmed_at: null,
      unsubscribed_at: null,
    })
    // The link itself was valid all along: pressing the button confirms.
    expect(await press(linkIn(mail!.text))).toBe('/newsletter/confirmed')
  })

  it('resends the same link and Message-ID when the server took the mail but the connection dropped', async () => {
    t.smtp.dropAfterAcceptingNext(1)
    await subscribe('keisha@example.org')
    const [first, retry] = await t.smtp.waitForMail(2)
    expect(retry!.headers.get('message-id')).toBe(first!.headers.get('message-id'))
    expect(linkIn(retry!.text).toString()).toBe(linkIn(first!.text).toString())
    expect(retry!.headers.get('list-unsubscribe')).toBe(first!.headers.get('list-unsubscribe'))
    expect(await sentRow('keisha@example.org')).toMatchObject({
      mail_status: 'sent',
      mail_attempts: 2,
      last_error: null,
    })
    // The visitor opens the first mail they got.
    expect(await press(linkIn(first!.text))).toBe('/newsletter/confirmed')
  })

  it('retries the confirmation mail when the server refuses it', async () => {
    t.smtp.failNext(1, 421)
    await subscribe('keisha@example.org')
    await t.smtp.waitForMail(1)
    const sent = await sentRow('keisha@example.org')
    expect(sent).toMatchObject({ mail_status: 'sent', mail_attempts: 2, last_error: null })
    expect(await press(linkIn(t.smtp.received[0]!.text))).toBe('/newsletter/confirmed')
  })
}

/** Links from another site, expired or forged, and a repeated sign-up. */
function linkChecks(t: OptIn) {
  const { subscribe, row, sentRow, press } = t
  it('refuses a button press from another site (403) and confirms nothing', async () => {
    await subscribe('mira@example.org')
    const [mail] = await t.smtp.waitForMail(1)
    await sentRow('mira@example.org')
    for (const headers of [
      { origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ]) {
      const link = linkIn(mail!.text)
      const response = await t.app.inject({
        method: 'POST',
        url: link.pathname + link.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: '',
      })
      expect(response.statusCode).toBe(403)
    }
    expect(await row('mira@example.org')).toMatchObject({ status: 'pending' })
  })

  it('refuses an expired link and a forged one', async () => {
    await subscribe('dante@example.org')
    const [mail] = await t.smtp.waitForMail(1)
    const link = linkIn(mail!.text)
    await sentRow('dante@example.org')
    await t.testDb.database.db
      .updateTable('newsletter_subscriber')
      .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    expect(await press(link)).toBe('/newsletter/expired')
    expect(await row('dante@example.org')).toMatchObject({ status: 'pending', confirmed_at: null })

    const forged = new URL(link)
    forged.searchParams.set('token', 'B'.repeat(43))
    expect(await press(forged)).toBe('/newsletter/invalid-link')
  })

  it('does not mail again for a repeated sign-up, and mails a fresh link once the last one is old', async () => {
    await subscribe('yolanda@example.org')
    await t.smtp.waitForMail(1)
    await sentRow('yolanda@example.org')
    const first = linkIn(t.smtp.received[0]!.text)
    await subscribe('YOLANDA@example.org')
    await t.app.mailOutbox.whenIdle()
    expect(t.smtp.received).toHaveLength(1)

    // Ten minutes later (simulated), the visitor asks again: a new link, and only it is valid.
    await t.testDb.database.db
      .updateTable('newsletter_subscriber')
      .set({ mail_sent_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .execute()
    await subscribe('yolanda@example.org')
    await t.smtp.waitForMail(2)
    const second = linkIn(t.smtp.received[1]!.text)
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'))
    expect(await press(first)).toBe('/newsletter/invalid-link')
    await sentRow('yolanda@example.org')
    expect(await press(second)).toBe('/newsletter/confirmed')

    // Confirmed: further sign-ups send nothing and change nothing.
    await subscribe('yolanda@example.org')
    await t.app.mailOutbox.whenIdle()
    expect(t.smtp.received).toHaveLength(2)
    expect(await row('yolanda@example.org')).toMatchObject({ status: 'confirmed' })
  })
}

/** Unsubscribing, before and after the mail went out. */
function unsubscribeChecks(t: OptIn) {
  const { subscribe, row, sentRow, press } = t
  it('carries List-Unsubscribe (HTTPS and mailto) and one-click; unsubscribing stops every mail, and a new sign-up starts over', async () => {
    await subscribe('noor@example.org')
    const [mail] = await t.smtp.waitForMail(1)
    await sentRow('noor@example.org')
    expect(mail!.headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/docucommons\.example\.org\/newsletter\/unsubscribe\?token=[\w-]{43}>, <mailto:news@docucommons\.example\.org\?subject=unsubscribe>$/,
    )
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(await press(linkIn(mail!.text))).toBe('/newsletter/confirmed')

    // The mail provider's one-click POST (RFC 8058), sent from its own servers.
    const unsubscribe = unsubscribeLinkIn(mail!)
    const oneClick = await t.app.inject({
      method: 'POST',
      url: unsubscribe.pathname + unsubscribe.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode).toBe(200)
    expect(await row('noor@example.org')).toMatchObject({
      status: 'unsubscribed',
      unsubscribed_at: expect.any(String),
      token_hash: null,
    })
    expect(await press(linkIn(mail!.text))).toBe('/newsletter/invalid-link')
    await t.app.mailOutbox.whenIdle()
    expect(t.smtp.received).toHaveLength(1)

    // Signing up again is a new double opt-in, with a new link to confirm; until it is
    // confirmed, the address is not mailable and still marked as having left.
    await subscribe('noor@example.org')
    const [, again] = await t.smtp.waitForMail(2)
    expect(await row('noor@example.org')).toMatchObject({
      status: 'pending',
      unsubscribed_at: expect.any(String),
    })
    expect(linkIn(again!.text).toString()).not.toBe(linkIn(mail!.text).toString())
    await sentRow('noor@example.org')
    expect(await press(linkIn(again!.text))).toBe('/newsletter/confirmed')
    expect(await row('noor@example.org')).toMatchObject({
      status: 'confirmed',
      unsubscribed_at: null,
    })
  })

  it('drops a queued confirmation mail when the address unsubscribes before it is sent', async () => {
    await t.smtp.stop()
    await subscribe('zainab@example.org')
    // The first attempt fails (no mail server); the mail waits in the outbox for its retry. On
    // a slow machine the test's short retry may have failed too before the row is read.
    await t.app.mailOutbox.whenIdle()
    const queued = await row('zainab@example.org')
    expect(queued).toMatchObject({ mail_status: 'pending' })
    expect(queued.mail_attempts).toBeGreaterThanOrEqual(1)

    // The link the queued mail will carry: its token is kept only while the mail waits.
    const link = new URL(`${SITE}/newsletter/unsubscribe?token=${queued.mail_unsubscribe_token}`)
    expect(await press(link)).toBe('/newsletter/unsubscribed')
    expect(await row('zainab@example.org')).toMatchObject({
      status: 'unsubscribed',
      mail_status: 'none',
      next_attempt_at: null,
      mail_token: null,
    })
    // Whenever the outbox looks next, there is nothing to send.
    const queue = confirmationQueue(t.testDb.database.db, env(t.smtp.url))
    expect(await queue.due(new Date(Date.now() + 365 * 86_400_000), 10)).toEqual([])
    await t.smtp.restart()
    await t.app.mailOutbox.whenIdle()
    expect(t.smtp.received).toHaveLength(0)
  })
}

/** Bots and spam never make us mail. */
function spamChecks(t: OptIn) {
  const { subscribe, row, sentRow } = t
  it('never lets a bot make us mail an address again', async () => {
    await subscribe('hana@example.org')
    await t.smtp.waitForMail(1)
    await sentRow('hana@example.org')
    await t.testDb.database.db
      .updateTable('newsletter_subscriber')
      .set({ mail_sent_at: new Date(Date.now() - 60 * 60_000).toISOString() })
      .execute()
    const bot = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe/',
      payload: { email: 'hana@example.org', fax: 'filled' },
    })
    expect(bot.statusCode).toBe(201)
    await t.app.mailOutbox.whenIdle()
    expect(t.smtp.received).toHaveLength(1)
    expect(await row('hana@example.org')).toMatchObject({ status: 'pending', spam_reason: null })
  })

  it('never mails a spam sign-up', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe/',
      payload: { email: 'bot@example.org', fax: 'filled' },
    })
    expect(response.json()).toEqual({ ok: true, confirmByEmail: true })
    await t.app.mailOutbox.whenIdle()
    expect(t.smtp.received).toHaveLength(0)
    expect(await row('bot@example.org')).toMatchObject({ status: 'spam', mail_status: 'none' })
  })
}
