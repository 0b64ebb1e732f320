/**
 * Issue 25, points 2 to 4: changes to who may do what need the person. Adding or removing a
 * passkey and an administrator's staff-list changes need a "confirm it's you" (a passkey with
 * user verification) from the last five minutes; a completed new link retires the earlier
 * passkeys and sessions; two administrators demoting or removing each other at once leave one.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { createAuthenticator } from '#server/test/authenticator.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'
import {
  ADMIN_SITE,
  acceptInvitation,
  backOfficeApp,
  call,
  sessionCookie,
  signIn,
  signUp,
  testClock,
  type StaffClient,
} from '#server/test/staff.ts'
import { countAdmins } from './repository.ts'

const MINUTE = 60_000

describeOnDatabases('account changes need the person', (dialect) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  const clock = testClock()
  let ada: StaffClient
  let bea: StaffClient
  let cai: StaffClient
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    app = await backOfficeApp(testDb.database, {
      now: clock.now,
      env: { STAFF_SIGN_IN_RATE_LIMIT_MAX: '1000' },
    })
    ada = await signUp(app, testDb.database, 'ada@example.org', 'admin', clock.now())
    bea = await signUp(app, testDb.database, 'bea@example.org', 'admin', clock.now())
    cai = await signUp(app, testDb.database, 'cai@example.org', 'editor', clock.now())
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  /** A fresh session of `who` (signing in counts as a confirmation). */
  const fresh = async (who: StaffClient) => sessionCookie(await signIn(app, who.authenticator))!
  const idOf = async (email: string) =>
    (
      await testDb.database.db
        .selectFrom('staff_member')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id
  const confirm = async (cookie: string, who: StaffClient) => {
    const options = await call(app, 'POST', '/confirm/options', { cookie })
    expect(options.statusCode).toBe(200)
    return call(app, 'POST', '/confirm', {
      cookie,
      body: { credential: who.authenticator.signIn(options.json()) },
    })
  }

  it('refuses passkey and staff-list changes without a confirmation from the last 5 minutes (428), until the person confirms', async () => {
    const cookie = await fresh(ada)
    const caiId = await idOf('cai@example.org')
    clock.advance(5 * MINUTE + 1000)
    const changes = [
      () => call(app, 'POST', '/account/passkeys/options', { cookie }),
      () => call(app, 'DELETE', '/account/passkeys/some-passkey', { cookie }),
      () =>
        call(app, 'POST', '/staff', { cookie, body: { email: 'dee@example.org', role: 'editor' } }),
      () => call(app, 'POST', `/staff/${caiId}/link`, { cookie }),
      () => call(app, 'PATCH', `/staff/${caiId}`, { cookie, body: { role: 'admin' } }),
      () => call(app, 'DELETE', `/staff/${caiId}`, { cookie }),
    ]
    for (const change of changes) {
      const answer = await change()
      expect([answer.statusCode, answer.json().message]).toEqual([
        428,
        expect.stringMatching(/confirm it's you/i),
      ])
    }
    expect((await confirm(cookie, ada)).statusCode).toBe(200)
    const invited = await changes[2]!()
    expect(invited.statusCode).toBe(200)
    // Five minutes later, again.
    clock.advance(5 * MINUTE)
    expect((await changes[4]!()).statusCode).toBe(428)
  })

  it("confirms only with one of the signed-in person's own passkeys", async () => {
    const cookie = await fresh(ada)
    clock.advance(6 * MINUTE)
    const options = await call(app, 'POST', '/confirm/options', { cookie })
    // Another person's passkey, even a valid one, does not confirm Ada.
    const foreign = await call(app, 'POST', '/confirm', {
      cookie,
      body: { credential: cai.authenticator.signIn(options.json()) },
    })
    expect(foreign.statusCode).toBe(401)
    expect((await call(app, 'POST', '/account/passkeys/options', { cookie })).statusCode).toBe(428)
  })

  it('a completed new link ends the earlier passkeys and sessions of the person', async () => {
    const admin = await fresh(ada)
    const caiSession = await fresh(cai)
    const caiId = await idOf('cai@example.org')
    const link = await call(app, 'POST', `/staff/${caiId}/link`, { cookie: admin })
    expect(link.statusCode).toBe(200)
    const token = /#token=([\w-]+)/.exec(link.json().link as string)![1]!
    const replacement = createAuthenticator(ADMIN_SITE)
    expect((await acceptInvitation(app, token, replacement)).statusCode).toBe(200)
    expect((await call(app, 'GET', '/session', { cookie: caiSession })).statusCode).toBe(401)
    expect((await signIn(app, cai.authenticator)).statusCode).toBe(401)
    expect((await signIn(app, replacement)).statusCode).toBe(200)
    cai = { ...cai, authenticator: replacement }
  })

  it('two administrators demoting, then removing, each other at once leave one administrator', async () => {
    const [adaId, beaId] = [await idOf('ada@example.org'), await idOf('bea@example.org')]
    for (let round = 0; round < 4; round++) {
      const [adaCookie, beaCookie] = [await fresh(ada), await fresh(bea)]
      const answers = await Promise.all([
        call(app, 'PATCH', `/staff/${beaId}`, { cookie: adaCookie, body: { role: 'editor' } }),
        call(app, 'PATCH', `/staff/${adaId}`, { cookie: beaCookie, body: { role: 'editor' } }),
      ])
      // The other is refused: the last administrator (409), or no longer one (403).
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, expect.toBeOneOf([403, 409])])
      expect(await countAdmins(testDb.database.db)).toBe(1)
      // The one left makes the other an administrator again.
      const [left, other] = answers[0]!.statusCode === 200 ? [adaCookie, beaId] : [beaCookie, adaId]
      const back = await call(app, 'PATCH', `/staff/${other}`, {
        cookie: left,
        body: { role: 'admin' },
      })
      expect(back.statusCode).toBe(200)
    }
    // Both removing the other at once: one stays.
    const [adaCookie, beaCookie] = [await fresh(ada), await fresh(bea)]
    await call(app, 'PATCH', `/staff/${await idOf('cai@example.org')}`, {
      cookie: adaCookie,
      body: { role: 'editor' },
    })
    const removals = await Promise.all([
      call(app, 'DELETE', `/staff/${beaId}`, { cookie: adaCookie }),
      call(app, 'DELETE', `/staff/${adaId}`, { cookie: beaCookie }),
    ])
    // The other is refused: the last administrator (409), or already removed (401).
    expect(removals.map((a) => a.statusCode).sort()).toEqual([200, expect.toBeOneOf([401, 409])])
    expect(await countAdmins(testDb.database.db)).toBe(1)
  })
})

describe('with mail on: what the person is told', () => {
  let testDb: TestDatabase
  let smtp: TestSmtpServer
  let app: FastifyInstance
  let ada: StaffClient
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    smtp = await startTestSmtpServer()
    app = await backOfficeApp(testDb.database, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'DocuCommons <web@example.org>',
        PUBLIC_SITE_URL: 'https://www.example.org',
        MAIL_POLL_MS: '40',
      },
    })
    await app.ready()
    ada = await signUp(app, testDb.database, 'ada@example.org', 'admin')
  })
  afterAll(async () => {
    await app.close()
    await smtp.stop()
    await testDb.drop()
  })

  it('mails the person each change to their passkeys', async () => {
    const cookie = ada.cookie
    const options = await call(app, 'POST', '/account/passkeys/options', { cookie })
    expect(options.statusCode).toBe(200)
    const second = createAuthenticator(ADMIN_SITE)
    const added = await call(app, 'POST', '/account/passkeys', {
      cookie,
      body: { credential: second.register(options.json()), passkeyName: 'Laptop' },
    })
    expect(added.statusCode).toBe(200)
    const removed = await call(app, 'DELETE', `/account/passkeys/${added.json().id}`, { cookie })
    expect(removed.statusCode).toBe(200)
    const mails = await smtp.waitForMail(2, 60_000)
    const toAda = mails.filter((mail) => mail.to.includes('ada@example.org'))
    expect(toAda.map((mail) => mail.headers.get('subject'))).toEqual([
      'A passkey was added to your DocuCommons back-office account',
      'A passkey was removed from your DocuCommons back-office account',
    ])
    expect(toAda[0]!.text).toContain('"Laptop"')
  })

  it("shows another administrator's link to nobody but them; an editor's link is shown", async () => {
    const admin = await call(app, 'POST', '/staff', {
      cookie: ada.cookie,
      body: { email: 'bea@example.org', role: 'admin' },
    })
    expect(admin.statusCode).toBe(200)
    expect(admin.json()).toMatchObject({ link: null, mailed: true })
    const editor = await call(app, 'POST', '/staff', {
      cookie: ada.cookie,
      body: { email: 'cai@example.org', role: 'editor' },
    })
    expect(editor.json().link).toMatch(/#token=/)
  })
})
