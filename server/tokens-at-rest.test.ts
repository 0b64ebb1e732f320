/**
 * Issue 25, point 9: a newsletter token is in the data folder only while its mail waits in the
 * outbox. Once the mail is sent the row forgets it, and SQLite's secure_delete overwrites the
 * bytes it leaves behind, so after a checkpoint no file of the data folder holds it (as `grep`
 * in the folder right after a sign-up once found).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { createTestDatabase, testEnv, type TestDatabase } from '#server/test/databases.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'

/** The files of a folder, recursively, that contain `text`. */
function filesHolding(folder: string, text: string): string[] {
  const needle = Buffer.from(text)
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file).includes(needle))
}

describe('newsletter tokens at rest (SQLite)', () => {
  let testDb: TestDatabase
  let smtp: TestSmtpServer
  let app: FastifyInstance
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    smtp = await startTestSmtpServer()
    app = await buildApp({
      env: testEnv({
        ...testDb.env,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'DocuCommons <news@docucommons.example.org>',
        PUBLIC_SITE_URL: 'https://docucommons.example.org',
        FORM_MIN_FILL_MS: '0',
        MAIL_POLL_MS: '40',
      }),
      database: testDb.database,
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await smtp.stop()
    await testDb.drop()
  })

  it('leaves no file of the data folder holding a sent mail’s tokens', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe/',
      payload: { email: 'kofi.mensah@example.org' },
    })
    expect(answer.statusCode).toBeLessThan(300)
    const [mail] = await smtp.waitForMail(1, 60_000)
    await app.mailOutbox.whenIdle()
    const links = `${mail!.text}\n${mail!.headers.get('list-unsubscribe')}`
    const tokens = [...links.matchAll(/token=([\w-]{43})\b/g)].map((match) => match[1]!)
    expect(new Set(tokens).size).toBe(2)
    const db = testDb.database.db
    expect(await db.selectFrom('newsletter_subscriber').select('mail_token').execute()).toEqual([
      { mail_token: null },
    ])
    // The WAL's older frames still hold the pages of the pending mail until a checkpoint
    // (automatic after about 4 MB of writes): docs/privacy.md says so. After it, nothing does.
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db)
    const dataDir = testDb.env.DATA_DIR!
    for (const token of tokens) expect(filesHolding(dataDir, token)).toEqual([])
  })
  it('leaves no file holding the tokens of a pending mail whose sign-up was deleted (erasure, retention)', async () => {
    smtp.failNext(1000)
    const answer = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe/',
      payload: { email: 'ines.duarte@example.org' },
    })
    expect(answer.statusCode).toBeLessThan(300)
    const db = testDb.database.db
    const pending = await db
      .selectFrom('newsletter_subscriber')
      .select(['mail_token', 'mail_unsubscribe_token'])
      .where('email_key', '=', 'ines.duarte@example.org')
      .executeTakeFirstOrThrow()
    const tokens = [pending.mail_token!, pending.mail_unsubscribe_token!]
    const dataDir = testDb.env.DATA_DIR!
    // While the mail waits, the row holds them (in the WAL, then in the database file).
    expect(filesHolding(dataDir, tokens[0]!)).not.toEqual([])
    await db
      .deleteFrom('newsletter_subscriber')
      .where('email_key', '=', 'ines.duarte@example.org')
      .execute()
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db)
    for (const token of tokens) expect(filesHolding(dataDir, token)).toEqual([])
  })
})
