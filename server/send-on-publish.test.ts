/**
 * "Send this episode to readers" (ADR 024), on both databases with a real SMTP server: the
 * request waits until the episode's page is live on this process and mails nothing before; then
 * each confirmed reader gets one copy, due a spread later (the other processes' time to follow);
 * a retry, or two requests at once, make one letter and mail it once; an editor cannot send.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { createContentRepository } from '#server/content/repository.ts'
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
import { subscribe } from '#server/newsletter/repository.ts'

const SPREAD_MS = 1500
const sample = readContentDir('content')
const [episode] = [...sample.podcast.episodes].sort((a, b) =>
  b.data.publishedAt.localeCompare(a.data.publishedAt),
)

/** Resolves once `ready()` holds, looking every 50 ms for up to 60 s. */
async function until(ready: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`Not within 60 s: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describeOnDatabases('sending an episode to readers when it is published', (dialect) => {
  let smtp: TestSmtpServer
  let testDb: TestDatabase
  let app: FastifyInstance
  let admin: StaffClient
  let editor: StaffClient
  /** What this process's site answers: the test says when the page is live. */
  let live = false
  const asked: string[] = []

  beforeAll(async () => {
    smtp = await startTestSmtpServer()
    testDb = await createTestDatabase(dialect)
    await createContentRepository(testDb.database).importSnapshot(sample)
    app = await backOfficeApp(testDb.database, {
      env: {
        ...letterMailEnv(smtp),
        MAIL_POLL_MS: '100',
        NEWSLETTER_PER_MINUTE: '1000',
      },
      announce: {
        pageLive: (path) => {
          asked.push(path)
          return Promise.resolve(live)
        },
        spreadMs: SPREAD_MS,
      },
    })
    admin = await signUp(app, testDb.database, 'ada@example.org', 'admin')
    editor = await signUp(app, testDb.database, 'ed@example.org', 'editor')
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await testDb?.drop()
    await smtp?.stop()
  })
  beforeEach(async () => {
    const db = testDb.database.db
    await db.deleteFrom('newsletter_letter').execute()
    await db.deleteFrom('newsletter_subscriber').execute()
    for (const email of ['ana@example.org', 'bo@example.org', 'cy@example.org'])
      await subscribe(
        db,
        { email },
        { receivedAt: new Date(), spamReason: null, doubleOptIn: false, source: 'test' },
      )
    await subscribe(
      db,
      { email: 'pending@example.org' },
      { receivedAt: new Date(), spamReason: null, doubleOptIn: true, source: 'test' },
    )
    // The pending reader's confirmation mail is not a letter.
    await app.mailOutbox.whenIdle()
    smtp.received.length = 0
    asked.length = 0
    live = false
  })

  const db = () => testDb.database.db
  const sendEpisode = (who: StaffClient) =>
    call(app, 'POST', '/letters', {
      cookie: who.cookie,
      body: { kind: 'episode', slug: episode!.slug, send: true },
    })
  const perAddress = () => {
    const counts: Record<string, number> = {}
    for (const mail of smtp.received) for (const to of mail.to) counts[to] = (counts[to] ?? 0) + 1
    return counts
  }
  const deliveries = () =>
    db().selectFrom('newsletter_delivery').select(['next_attempt_at', 'status']).execute()

  it('waits for the page, then mails each reader once, a spread later; a retry mails nothing', async () => {
    const first = sendEpisode(admin)
    // The request is waiting for the page: the letter is made, nothing is started or mailed.
    await until(() => asked.length >= 2, 'the request looks at the page')
    expect(new Set(asked)).toEqual(new Set([`/listen/${episode!.slug}`]))
    const waiting = await db().selectFrom('newsletter_letter').selectAll().execute()
    expect(waiting.map((row) => [row.status, row.announces])).toEqual([
      ['draft', `episode/${episode!.slug}`],
    ])
    expect(await deliveries()).toEqual([])
    await app.mailOutbox.whenIdle()
    expect(smtp.received).toEqual([])

    live = true
    const answer = await first
    expect(answer.statusCode, answer.body).toBe(201)
    const letter = answer.json() as { id: string; status: string; startedAt: string }
    expect(letter.status).toBe('sending')
    // Every copy is due a spread after the start: the other processes' time to load the page.
    const due = await deliveries()
    expect(due).toHaveLength(3)
    for (const row of due)
      expect(Date.parse(row.next_attempt_at!) - Date.parse(letter.startedAt)).toBe(SPREAD_MS)

    const retry = await sendEpisode(admin)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json().id).toBe(letter.id)
    await until(() => smtp.received.length >= 3, 'three copies')
    await app.mailOutbox.whenIdle()
    expect(perAddress()).toEqual({ 'ana@example.org': 1, 'bo@example.org': 1, 'cy@example.org': 1 })
    const [mail] = smtp.received
    expect(mail!.parsed.html).toContain(episode!.data.title)

    const afterwards = await sendEpisode(admin)
    expect(afterwards.statusCode).toBe(200)
    await app.mailOutbox.whenIdle()
    expect(smtp.received).toHaveLength(3)
    expect(await db().selectFrom('newsletter_letter').select('id').execute()).toHaveLength(1)
  }, 120_000)

  it('makes one letter and one send of two requests at once', async () => {
    live = true
    const answers = await Promise.all([sendEpisode(admin), sendEpisode(admin)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201])
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1)
    expect(await deliveries()).toHaveLength(3)
    await until(() => smtp.received.length >= 3, 'three copies')
    await app.mailOutbox.whenIdle()
    expect(Object.values(perAddress())).toEqual([1, 1, 1])
  }, 120_000)

  it('refuses an editor, who may write letters but not send them', async () => {
    live = true
    const answer = await sendEpisode(editor)
    expect(answer.statusCode).toBe(403)
    expect(await db().selectFrom('newsletter_letter').select('id').execute()).toEqual([])
  })
})
