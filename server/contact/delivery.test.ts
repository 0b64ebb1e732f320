/**
 * The notification path end to end against a real SMTP server on 127.0.0.1: stored first,
 * mailed after, retried with back-off when the server refuses or is down, picked up again after
 * a restart, and never mailed for spam.
 */
import { setTimeout as realDelay } from 'node:timers/promises'
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
  vi,
} from 'vitest'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import pino from 'pino'
import { buildApp } from '#server/app.ts'
import type { Dialect } from '#server/db/index.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'
import {
  createMailOutbox,
  HEARTBEAT_MS,
  LEASE_MS,
  retryDelayMs,
  type MailQueue,
} from '#server/mail/outbox.ts'
import { envSchema } from '#server/env.ts'
import { contactNotificationQueue, saveMessage } from './repository.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'

const FROM = 'DocuCommons website <web@docucommons.example.org>'
const TEAM = 'team@docucommons.example.org'

function mailEnv(smtp: TestSmtpServer, overrides: Record<string, string> = {}) {
  return testEnv({
    SMTP_URL: smtp.url,
    MAIL_FROM: FROM,
    CONTACT_NOTIFY_TO: TEAM,
    PUBLIC_SITE_URL: 'http://127.0.0.1:3999',
    FORM_MIN_FILL_MS: '0',
    FORM_RATE_LIMIT_MAX: '1000',
    MAIL_RETRY_BASE_MS: '150',
    MAIL_RETRY_MAX_MS: '600',
    MAIL_POLL_MS: '40',
    ...overrides,
  })
}

describe('retryDelayMs', () => {
  const settings = { MAIL_RETRY_BASE_MS: 1000, MAIL_RETRY_MAX_MS: 60_000 }
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, settings, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000,
    ])
    expect(retryDelayMs(20, settings, () => 0.5)).toBe(60_000)
  })
  it('spreads retries by at most 20 % either way', () => {
    expect(retryDelayMs(3, settings, () => 0)).toBe(3200)
    expect(retryDelayMs(3, settings, () => 1)).toBe(4800)
  })
})

/**
 * A test database for one describe block, a fresh SMTP server for each test, and the site
 * started on them (closed after each test).
 */
function mailSetup(dialect: Dialect) {
  let testDb: TestDatabase
  let smtp: TestSmtpServer
  let app: FastifyInstance | undefined

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
  })
  afterAll(async () => {
    await testDb.drop()
  })
  beforeEach(async () => {
    await testDb.database.db.deleteFrom('contact_message').execute()
    smtp = await startTestSmtpServer()
  })
  afterEach(async () => {
    await app?.close()
    app = undefined
    await smtp.stop()
  })

  const start = async (env = mailEnv(smtp)) => {
    app = await buildApp({ env, database: testDb.database })
    await app.ready()
    return app
  }
  const send = (target: FastifyInstance, body: Record<string, unknown>) =>
    target.inject({ method: 'POST', url: '/api/contact/', payload: body })
  const row = (email: string) =>
    testDb.database.db
      .selectFrom('contact_message')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow()

  return {
    get testDb() {
      return testDb
    },
    get smtp() {
      return smtp
    },
    set app(to: FastifyInstance | undefined) {
      app = to
    },
    start,
    send,
    row,
  }
}
type MailSetup = ReturnType<typeof mailSetup>

describeOnDatabases('contact notifications by SMTP', (dialect) => {
  const setup = mailSetup(dialect)
  whatIsMailedChecks(setup)
  retryChecks(setup)
  workerChecks(setup)
  pollingChecks(setup)
})

/** What is mailed, to whom, and what is not. */
function whatIsMailedChecks(setup: MailSetup) {
  const { start, send, row } = setup
  it('mails each stored message once: From the sender, To the team, Reply-To the visitor, names and text decoded', async () => {
    const target = await start()
    const response = await send(target, {
      name: 'Amára Nwosu',
      email: "amara.o'neal+quilts@example.org",
      website: 'https://story-quilts.example.org',
      message:
        'We would like a storytelling workshop.\nCould we talk in March? 100% flexible — café après.',
    })
    expect(response.statusCode).toBe(201)

    const [mail] = await setup.smtp.waitForMail(1)
    expect(mail!.from).toBe('web@docucommons.example.org')
    expect(mail!.to).toEqual([TEAM])
    expect(mail!.headers.get('from')).toBe('DocuCommons website <web@docucommons.example.org>')
    expect(mail!.headers.get('reply-to')).toBe(`Amára Nwosu <amara.o'neal+quilts@example.org>`)
    expect(mail!.headers.get('subject')).toBe('Contact form: message from Amára Nwosu')
    expect(mail!.text).toContain(
      'We would like a storytelling workshop.\nCould we talk in March? 100% flexible — café après.',
    )
    expect(mail!.text).toContain('Website:  https://story-quilts.example.org')

    await target.mailOutbox.whenIdle()
    const stored = await row("amara.o'neal+quilts@example.org")
    expect(stored).toMatchObject({
      delivery_status: 'sent',
      delivery_attempts: 1,
      last_error: null,
      next_attempt_at: null,
    })
    expect(mail!.headers.get('message-id')).toBe(`<contact-${stored.id}@docucommons.example.org>`)
    expect(setup.smtp.received).toHaveLength(1)
  })

  it('keeps spam out of the mail but in the database', async () => {
    const target = await start()
    expect(
      (await send(target, { name: 'Bot', email: 'bot@spam.example', fax: '555-0100' })).statusCode,
    ).toBe(201)
    expect(
      (await send(target, { name: 'Lorraine Mitchell', email: 'lorraine@example.org' })).statusCode,
    ).toBe(201)
    await setup.smtp.waitForMail(1)
    await target.mailOutbox.whenIdle()
    expect(await row('lorraine@example.org')).toMatchObject({ delivery_status: 'sent' })
    expect(setup.smtp.received.map((m) => m.headers.get('reply-to'))).toEqual([
      'Lorraine Mitchell <lorraine@example.org>',
    ])
    expect(await row('bot@spam.example')).toMatchObject({
      spam_reason: 'honeypot',
      delivery_status: 'none',
      delivery_attempts: 0,
    })
  })

  it('mails a message sent very fast, with the note to check it first', async () => {
    const target = await start(mailEnv(setup.smtp, { FORM_MIN_FILL_MS: '3000' }))
    const quick = { name: 'Rosa Delgado', email: 'rosa@example.org', startedAt: Date.now() - 400 }
    expect((await send(target, quick)).statusCode).toBe(201)
    const slow = { name: 'Ana Ruiz', email: 'ana@example.org', startedAt: Date.now() - 60_000 }
    expect((await send(target, slow)).statusCode).toBe(201)
    const mails = await setup.smtp.waitForMail(2)
    const textTo = (address: string) =>
      mails.find((mail) => mail.headers.get('reply-to')?.includes(address))!.text
    expect(textTo('rosa@example.org')).toContain('To check: it was sent within seconds')
    expect(textTo('ana@example.org')).not.toContain('To check')
    expect(await row('rosa@example.org')).toMatchObject({
      spam_reason: null,
      check_reason: 'too-fast',
    })
  })
}

/** A refusing or absent server: retries, giving up, a restart, closing mid-send. */
function retryChecks(setup: MailSetup) {
  const { start, send, row } = setup
  it('retries with growing delays while the server refuses, then delivers', async () => {
    // The clock stands still but where the test moves it: each retry falls due when it says.
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => void vi.useRealTimers())
    setup.smtp.failNext(2, 451)
    const target = await start(
      mailEnv(setup.smtp, { MAIL_RETRY_BASE_MS: '400', MAIL_RETRY_MAX_MS: '5000' }),
    )
    await send(target, { name: 'Terrence Hollis', email: 'terrence@example.org' })
    await target.mailOutbox.whenIdle()
    const afterFirst = await row('terrence@example.org')
    expect(afterFirst).toMatchObject({ delivery_status: 'pending', delivery_attempts: 1 })
    expect(afterFirst.last_error).toMatch(/451/)
    const firstRetry = Date.parse(afterFirst.next_attempt_at!)
    // The base delay, give or take 20 %, after the first attempt.
    const firstWait = firstRetry - Date.parse(afterFirst.created_at)
    expect(firstWait).toBeGreaterThanOrEqual(320)
    expect(firstWait).toBeLessThanOrEqual(480)

    // Not due a moment before; due at its time.
    vi.setSystemTime(firstRetry - 1)
    await target.mailOutbox.whenIdle()
    expect(await row('terrence@example.org')).toMatchObject({ delivery_attempts: 1 })
    vi.setSystemTime(firstRetry)
    await target.mailOutbox.whenIdle()
    const afterSecond = await row('terrence@example.org')
    expect(afterSecond).toMatchObject({ delivery_status: 'pending', delivery_attempts: 2 })
    // The second wait is twice the base.
    const secondWait = Date.parse(afterSecond.next_attempt_at!) - firstRetry
    expect(secondWait).toBeGreaterThanOrEqual(640)
    expect(secondWait).toBeLessThanOrEqual(960)

    vi.setSystemTime(Date.parse(afterSecond.next_attempt_at!))
    await target.mailOutbox.whenIdle()
    expect(await row('terrence@example.org')).toMatchObject({
      delivery_status: 'sent',
      delivery_attempts: 3,
      last_error: null,
      next_attempt_at: null,
    })
    expect(setup.smtp.received).toHaveLength(1)
  })

  it('gives up after MAIL_MAX_ATTEMPTS and says why on the row', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => void vi.useRealTimers())
    setup.smtp.failNext(10, 550)
    const target = await start(
      mailEnv(setup.smtp, { MAIL_MAX_ATTEMPTS: '2', MAIL_RETRY_BASE_MS: '50' }),
    )
    await send(target, { name: 'Dante Whitfield', email: 'dante@example.org' })
    await target.mailOutbox.whenIdle()
    vi.setSystemTime(Date.parse((await row('dante@example.org')).next_attempt_at!))
    await target.mailOutbox.whenIdle()
    const failed = await row('dante@example.org')
    expect(failed.delivery_status).toBe('failed')
    expect(failed.delivery_attempts).toBe(2)
    expect(failed.last_error).toMatch(/550/)
    expect(failed.next_attempt_at).toBeNull()
    expect(setup.smtp.received).toHaveLength(0)
  })

  it('keeps mail queued while the server is down and delivers after a restart of the site', async () => {
    await setup.smtp.stop()
    const first = await start()
    await send(first, { name: 'Yolanda Reyes', email: 'yolanda@example.org' })
    await first.mailOutbox.whenIdle()
    const waiting = await row('yolanda@example.org')
    expect(waiting.delivery_status).toBe('pending')
    expect(waiting.last_error).toMatch(/ECONNREFUSED|ECONNECTION|connect/i)
    await first.close()

    // A new process on the same database, with the mail server back: the outbox picks the row up.
    await setup.smtp.restart()
    await setup.testDb.database.db
      .updateTable('contact_message')
      .set({ next_attempt_at: new Date().toISOString() })
      .execute()
    const second = await start()
    await setup.smtp.waitForMail(1)
    await second.mailOutbox.whenIdle()
    const delivered = await row('yolanda@example.org')
    expect(delivered).toMatchObject({ delivery_status: 'sent' })
    expect(delivered.delivery_attempts).toBeGreaterThanOrEqual(2)
  })

  it('finishes the send in flight before the app closes', async () => {
    setup.smtp.delay(400)
    const target = await start()
    const receiving = setup.smtp.nextData()
    await send(target, { name: 'Keisha Abernathy', email: 'keisha@example.org' })
    await receiving
    await target.close()
    setup.app = undefined
    expect(await row('keisha@example.org')).toMatchObject({
      delivery_status: 'sent',
      delivery_attempts: 1,
    })
    expect(setup.smtp.received).toHaveLength(1)
  })
}

/** Workers: one claim at a time, renewed while a send lasts, taken over when it ends. */
function workerChecks(setup: MailSetup) {
  const { row } = setup
  it('hands a due row to one worker at a time, and to another once the lease has run out', async () => {
    const queue = contactNotificationQueue(setup.testDb.database.db, mailEnv(setup.smtp))
    const now = new Date()
    await saveMessage(
      setup.testDb.database.db,
      { name: 'Hana Whitecloud', email: 'hana@example.org' },
      { receivedAt: now, spamReason: null, notify: true },
    )
    const [id] = await queue.due(now, 10)
    const lease = new Date(now.getTime() + 60_000)
    const first = await queue.claim(id!, now, lease)
    expect(first).toMatchObject({ attempts: 1, mail: { replyTo: { address: 'hana@example.org' } } })
    // A second worker (another process on PostgreSQL) finds it taken...
    expect(await queue.claim(id!, now, lease)).toBeUndefined()
    expect(await queue.due(now, 10)).toEqual([])
    // ...until the first one's lease ends without a result (it died mid-send).
    const later = new Date(lease.getTime() + 1)
    expect(await queue.due(later, 10)).toEqual([id])
    expect(await queue.claim(id!, later, new Date(later.getTime() + 60_000))).toMatchObject({
      attempts: 2,
    })
  })

  it('renews its claim while a send lasts longer than a lease, so no other worker takes the mail', async () => {
    // Date and the heartbeat's interval follow a fake clock; I/O and the outbox's idle wait do not.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    try {
      const env = mailEnv(setup.smtp, { MAIL_POLL_MS: '600000' })
      const queue = contactNotificationQueue(setup.testDb.database.db, env)
      let renewed: () => void = () => {}
      const watched: MailQueue = {
        ...queue,
        async renew(id, leaseUntil, next) {
          const held = await queue.renew(id, leaseUntil, next)
          renewed()
          return held
        },
      }
      let sending!: () => void
      let finishSend!: () => void
      const started = new Promise<void>((resolve) => (sending = resolve))
      const outbox = createMailOutbox({
        env,
        log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
        transport: {
          send() {
            sending()
            return new Promise<void>((resolve) => (finishSend = resolve))
          },
          close() {},
        },
      })
      outbox.addQueue(watched)
      await saveMessage(
        setup.testDb.database.db,
        { name: 'Ngozi Adeyemi', email: 'ngozi@example.org' },
        { receivedAt: new Date(), spamReason: null, notify: true },
      )
      await outbox.start()
      await started
      // Five heartbeats: 25 s on the clock, longer than a lease.
      for (let beat = 0; beat < 5; beat++) {
        const next = new Promise<void>((resolve) => (renewed = resolve))
        await vi.advanceTimersByTimeAsync(HEARTBEAT_MS)
        await Promise.race([
          next,
          realDelay(5000).then(() => {
            throw new Error(`the claim was not renewed (heartbeat ${beat + 1})`)
          }),
        ])
      }
      expect(Date.now() - LEASE_MS).toBeGreaterThan(
        Date.parse((await row('ngozi@example.org')).created_at),
      )
      // Another worker finds the mail taken.
      const other = contactNotificationQueue(setup.testDb.database.db, env)
      expect(await other.due(new Date(), 10)).toEqual([])
      const { id } = await row('ngozi@example.org')
      expect(await other.claim(id, new Date(), new Date(Date.now() + LEASE_MS))).toBeUndefined()

      finishSend()
      await outbox.stop()
      expect(await row('ngozi@example.org')).toMatchObject({
        delivery_status: 'sent',
        delivery_attempts: 1,
      })
    } finally {
      vi.useRealTimers()
    }
  })

  it("lets another process send a dead worker's mail within 60 s at the default settings", () => {
    // The lease ends at most LEASE_MS after the last renewal; another process looks at least
    // every MAIL_POLL_MS. server/contact/takeover.test.ts shows it with real processes.
    const defaults = envSchema.parse({})
    // not a stopwatch: the settings' arithmetic (two lines).
    expect(LEASE_MS + defaults.MAIL_POLL_MS).toBeLessThanOrEqual(60_000)
    expect(HEARTBEAT_MS * 3).toBeLessThanOrEqual(LEASE_MS)
  })
}

/** When the outbox looks again, when it is idle, and when there is nobody to mail. */
function pollingChecks(setup: MailSetup) {
  const { start, send, row } = setup
  it('sends mail that arrives during a send at once, without waiting for the next poll', async () => {
    setup.smtp.delay(300)
    const target = await start(mailEnv(setup.smtp, { MAIL_POLL_MS: '60000' }))
    const receiving = setup.smtp.nextData()
    await send(target, { name: 'First', email: 'first@example.org' })
    await receiving
    await send(target, { name: 'Second', email: 'second@example.org' })
    await setup.smtp.waitForMail(2, 10_000)
  })

  it('reports idle only once the mail that was due has been sent, however slow the server', async () => {
    setup.smtp.delay(500)
    const target = await start()
    await send(target, { name: 'Rosa Delgado', email: 'rosa@example.org' })
    await target.mailOutbox.whenIdle()
    expect(setup.smtp.received).toHaveLength(1)
    expect(await row('rosa@example.org')).toMatchObject({ delivery_status: 'sent' })
  })

  it('sends nothing when CONTACT_NOTIFY_TO is not set', async () => {
    const target = await start(mailEnv(setup.smtp, { CONTACT_NOTIFY_TO: '' }))
    await send(target, { name: 'Marisol Vega', email: 'marisol@example.org' })
    await target.mailOutbox.whenIdle()
    expect(setup.smtp.received).toHaveLength(0)
    expect(await row('marisol@example.org')).toMatchObject({ delivery_status: 'none' })
  })
}
