/**
 * The back office's mail through the outbox, against a real SMTP server on 127.0.0.1: an
 * invitation made in the back office is mailed with its one-time link (which then works), and a
 * contact notification that failed is mailed when an administrator sends it again.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { saveMessage } from '#server/contact/repository.ts'
import { createAuthenticator } from '#server/test/authenticator.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'
import {
  acceptInvitation,
  ADMIN_ORIGIN,
  ADMIN_SITE,
  backOfficeApp,
  call,
  signUp,
  type StaffClient,
} from '#server/test/staff.ts'

describeOnDatabases('back-office mail', (dialect) => {
  let testDb: TestDatabase
  let smtp: TestSmtpServer
  let app: FastifyInstance
  let admin: StaffClient

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    smtp = await startTestSmtpServer()
    app = await backOfficeApp(testDb.database, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'DocuCommons <web@docucommons.example.org>',
        CONTACT_NOTIFY_TO: 'team@docucommons.example.org',
        PUBLIC_SITE_URL: 'https://www.example.org',
        MAIL_POLL_MS: '50',
      },
    })
    admin = await signUp(app, testDb.database, 'ada@example.org', 'admin')
  })
  afterAll(async () => {
    await app.close()
    await smtp.stop()
    await testDb.drop()
  })

  it('mails an invitation made in the back office; its link registers a passkey', async () => {
    const answer = await call(app, 'POST', '/staff', {
      cookie: admin.cookie,
      body: { email: 'Grace.Hopper@example.org', name: 'Grace Hopper', role: 'editor' },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ mailed: true, member: { role: 'editor', passkeys: 0 } })
    const [mail] = await smtp.waitForMail(1)
    expect(mail!.to).toEqual(['Grace.Hopper@example.org'])
    const link = /https:\/\/\S+/.exec(mail!.text)![0]
    expect(link).toBe(answer.json().link)
    expect(link.startsWith(`${ADMIN_ORIGIN}/admin/welcome#token=`)).toBe(true)
    const token = link.split('#token=')[1]!
    const accepted = await acceptInvitation(app, token, createAuthenticator(ADMIN_SITE))
    expect(accepted.json().staff).toMatchObject({
      email: 'Grace.Hopper@example.org',
      role: 'editor',
    })
    // Once sent, only the hash of the token is left in the database.
    const rows = await testDb.database.db.selectFrom('staff_invitation').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('sends a failed notification again through the outbox', async () => {
    await saveMessage(
      testDb.database.db,
      { name: 'Sam Rivera', email: 'sam@example.org', message: 'Hello there' },
      { receivedAt: new Date(), spamReason: null, notify: false },
    )
    await testDb.database.db
      .updateTable('contact_message')
      .set({ delivery_status: 'failed', delivery_attempts: 12, last_error: '451 try later' })
      .execute()
    const { id } = (await call(app, 'GET', '/messages?filter=new', { cookie: admin.cookie })).json()
      .messages[0]
    expect(
      (await call(app, 'GET', `/messages/${id}`, { cookie: admin.cookie })).json().canSendAgain,
    ).toBe(true)
    const before = smtp.received.length
    const again = await call(app, 'POST', `/messages/${id}/send-again`, {
      cookie: admin.cookie,
      body: {},
    })
    expect(again.json().delivery).toMatchObject({ status: 'pending', attempts: 0 })
    const mails = await smtp.waitForMail(before + 1)
    expect(mails.at(-1)!.headers.get('x-contact-message-id')).toBe(id)
    await app.mailOutbox.whenIdle()
    const after = (await call(app, 'GET', `/messages/${id}`, { cookie: admin.cookie })).json()
    expect(after.delivery.status).toBe('sent')
    // Only a failed notification can be sent again.
    expect(
      (await call(app, 'POST', `/messages/${id}/send-again`, { cookie: admin.cookie, body: {} }))
        .statusCode,
    ).toBe(409)
  })
})
