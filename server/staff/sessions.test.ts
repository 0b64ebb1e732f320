/**
 * Staff sign-in and sessions through the real routes, with software passkeys, on both databases:
 * invitations (one use, 24 hours), passkeys, sessions (a new id at sign-in, idle and absolute
 * expiry, sign out, sign out everywhere, removal of a passkey or a person), the rate limit of
 * sign-in and the refusal of cross-site requests. The clock is moved, never waited for.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Dialect } from '#server/db/index.ts'
import { hashToken } from '#server/http/tokens.ts'
import { deleteExpiredStaffRows } from './repository.ts'
import { createAuthenticator } from '#server/test/authenticator.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import {
  acceptInvitation,
  ADMIN_ORIGIN,
  ADMIN_SITE,
  backOfficeApp,
  call,
  inviteFromCommand,
  sessionCookie,
  signIn,
  signUp,
  testClock,
  type StaffClient,
} from '#server/test/staff.ts'

const HOUR = 3_600_000
/** What each test reads: a new app, clock and administrator for every test. */
interface SessionsTest {
  testDb: TestDatabase
  app: FastifyInstance
  clock: ReturnType<typeof testClock>
  admin: StaffClient
}

describeOnDatabases('staff sessions', (dialect) => {
  const t = useStaffApp(dialect)
  signInChecks(t)
  invitationAndAnswerChecks(t)
  sessionEndChecks(t)
  attackChecks(t)
})

/** The back office on one engine, emptied before each test, and its administrator. */
function useStaffApp(dialect: Dialect) {
  const t = {} as SessionsTest
  beforeAll(async () => {
    t.testDb = await createTestDatabase(dialect)
  })
  afterAll(async () => {
    await t.testDb.drop()
  })
  beforeEach(async () => {
    await t.app?.close()
    for (const table of [
      'audit_log',
      'staff_challenge',
      'staff_member',
      'rate_limit_window',
    ] as const)
      await t.testDb.database.db.deleteFrom(table).execute()
    t.clock = testClock()
    t.app = await backOfficeApp(t.testDb.database, {
      now: t.clock.now,
      env: { STAFF_SIGN_IN_RATE_LIMIT_MAX: '6' },
    })
    t.admin = await signUp(t.app, t.testDb.database, 'ada@example.org', 'admin', t.clock.now())
  })

  const session = (cookie: string | undefined) => call(t.app, 'GET', '/session', { cookie })
  return Object.assign(t, { session })
}
type StaffApp = ReturnType<typeof useStaffApp>

/** What signing in gives: a new session, never one the browser brought. */
function signInChecks(t: StaffApp) {
  const { session } = t
  it('an invitation opens a session; signing in again gives a new one; both name the person and the menu', async () => {
    const first = await session(t.admin.cookie)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({
      staff: { email: 'ada@example.org', role: 'admin' },
      navigation: expect.arrayContaining([{ path: '/messages', label: 'Messages' }]),
    })
    const again = await signIn(t.app, t.admin.authenticator)
    expect(again.statusCode).toBe(200)
    const cookie = sessionCookie(again)
    expect(cookie).toMatch(/^__Host-staff=[\w-]{43}$/)
    expect(cookie).not.toBe(t.admin.cookie)
    const header = String(again.headers['set-cookie'])
    expect(header).toContain('HttpOnly')
    expect(header).toContain('Secure')
    expect(header).toContain('SameSite=Strict')
    expect(header).toContain('Path=/')
    expect(header).not.toMatch(/domain=/i)
    expect((await session(cookie)).statusCode).toBe(200)
    // Only the hash of the id is stored.
    const stored = await t.testDb.database.db
      .selectFrom('staff_session')
      .select('id_hash')
      .execute()
    const id = cookie!.split('=')[1]!
    expect(stored.map((row) => row.id_hash)).toContain(hashToken(id))
    expect(JSON.stringify(stored)).not.toContain(id)
  })

  it('session fixation: a session id the browser brings to sign-in is never kept', async () => {
    // A cookie planted before sign-in (a made-up id), and one of a live session of someone else.
    const planted = `__Host-staff=${'A'.repeat(43)}`
    const byPlanted = await signIn(t.app, t.admin.authenticator, { cookie: planted })
    expect(sessionCookie(byPlanted)).not.toBe(planted)
    expect((await session(planted)).statusCode).toBe(401)

    const editor = await signUp(t.app, t.testDb.database, 'ed@example.org', 'editor', t.clock.now())
    const switched = await signIn(t.app, t.admin.authenticator, { cookie: editor.cookie })
    const fresh = sessionCookie(switched)!
    expect(fresh).not.toBe(editor.cookie)
    expect((await session(fresh)).json().staff.email).toBe('ada@example.org')
    // The session the browser had before signing in has ended.
    expect((await session(editor.cookie)).statusCode).toBe(401)
  })
}

/** Invitation links and passkey answers, each good once and for this site only. */
function invitationAndAnswerChecks(t: StaffApp) {
  it('an invitation link works once and for 24 hours', async () => {
    const token = await inviteFromCommand(
      t.testDb.database,
      'grace@example.org',
      'editor',
      t.clock.now(),
    )
    const check = await call(t.app, 'POST', '/invitation', { body: { token } })
    expect(check.json()).toMatchObject({ email: 'grace@example.org', role: 'editor' })
    const authenticator = createAuthenticator(ADMIN_SITE)
    const accepted = await acceptInvitation(t.app, token, authenticator)
    expect(accepted.statusCode).toBe(200)

    // Replayed: the same link, and the same passkey answer sent again.
    const replayed = await call(t.app, 'POST', '/invitation/options', { body: { token } })
    expect(replayed.statusCode).toBe(410)
    expect(replayed.json().message).toMatch(/already been used/)
    expect(
      await acceptInvitation(t.app, token, createAuthenticator(ADMIN_SITE)).catch((e: Error) => e),
    ).toBeInstanceOf(Error)

    // Expired: a day and a second later.
    const late = await inviteFromCommand(
      t.testDb.database,
      'lin@example.org',
      'editor',
      t.clock.now(),
    )
    t.clock.advance(24 * HOUR + 1000)
    const expired = await call(t.app, 'POST', '/invitation', { body: { token: late } })
    expect(expired.statusCode).toBe(410)
    expect(expired.json().message).toMatch(/expired/)
    expect(
      (await call(t.app, 'POST', '/invitation/options', { body: { token: late } })).statusCode,
    ).toBe(410)
    expect(
      (await call(t.app, 'POST', '/invitation', { body: { token: 'x'.repeat(43) } })).statusCode,
    ).toBe(404)
  })

  it('a registration answer cannot be replayed for an invitation whose link is still unused', async () => {
    const token = await inviteFromCommand(
      t.testDb.database,
      'kim@example.org',
      'editor',
      t.clock.now(),
    )
    const options = (await call(t.app, 'POST', '/invitation/options', { body: { token } })).json()
    const credential = createAuthenticator(ADMIN_SITE).register(options)
    const first = await call(t.app, 'POST', '/invitation/accept', { body: { token, credential } })
    expect(first.statusCode).toBe(200)
    const second = await call(t.app, 'POST', '/invitation/accept', { body: { token, credential } })
    expect(second.statusCode).toBe(410)
  })

  it('two browsers racing to accept one link: exactly one passkey is registered', async () => {
    const token = await inviteFromCommand(
      t.testDb.database,
      'race@example.org',
      'editor',
      t.clock.now(),
    )
    const [first, second] = await Promise.all(
      [0, 1].map(async () => {
        const options = (
          await call(t.app, 'POST', '/invitation/options', { body: { token } })
        ).json()
        return { options, authenticator: createAuthenticator(ADMIN_SITE) }
      }),
    )
    const answers = await Promise.all(
      [first!, second!].map(({ options, authenticator }) =>
        call(t.app, 'POST', '/invitation/accept', {
          body: { token, credential: authenticator.register(options) },
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410])
    const passkeys = await t.testDb.database.db
      .selectFrom('staff_passkey')
      .innerJoin('staff_member', 'staff_member.id', 'staff_passkey.member_id')
      .select('staff_passkey.id')
      .where('staff_member.email', '=', 'race@example.org')
      .execute()
    expect(passkeys).toHaveLength(1)
  })

  it('a sign-in answer works once: the challenge is used up', async () => {
    const options = (await call(t.app, 'POST', '/sign-in/options')).json()
    const credential = t.admin.authenticator.signIn(options)
    expect((await call(t.app, 'POST', '/sign-in', { body: { credential } })).statusCode).toBe(200)
    const replay = await call(t.app, 'POST', '/sign-in', { body: { credential } })
    expect(replay.statusCode).toBe(400)
    expect(sessionCookie(replay)).toBeUndefined()
  })

  it('a passkey answer made for another site is refused', async () => {
    const options = (await call(t.app, 'POST', '/sign-in/options')).json()
    const credential = t.admin.authenticator.signIn(options, undefined, 'https://evil.example')
    const answer = await call(t.app, 'POST', '/sign-in', { body: { credential } })
    expect(answer.statusCode).toBe(401)
    expect(sessionCookie(answer)).toBeUndefined()
  })
}

/** How sessions end: timeouts, housekeeping, signing out, removing a passkey or a person. */
function sessionEndChecks(t: StaffApp) {
  const { session } = t
  it('sessions end after the idle timeout and after the absolute lifetime', async () => {
    t.clock.advance(8 * HOUR - 60_000)
    expect((await session(t.admin.cookie)).statusCode).toBe(200)
    // Activity keeps it alive for another 8 hours, but not past 7 days.
    t.clock.advance(8 * HOUR - 60_000)
    expect((await session(t.admin.cookie)).statusCode).toBe(200)
    t.clock.advance(8 * HOUR + 1)
    expect((await session(t.admin.cookie)).statusCode).toBe(401)

    const cookie = sessionCookie(await signIn(t.app, t.admin.authenticator))!
    for (let hour = 0; hour < 7 * 24; hour += 6) {
      expect((await session(cookie)).statusCode).toBe(200)
      t.clock.advance(6 * HOUR)
    }
    expect((await session(cookie)).statusCode).toBe(401)
  })

  it('housekeeping removes what has expired and keeps what is live', async () => {
    const db = t.testDb.database.db
    await signIn(t.app, t.admin.authenticator)
    await call(t.app, 'POST', '/sign-in/options')
    await inviteFromCommand(t.testDb.database, 'late@example.org', 'editor', t.clock.now())
    const times = { idleMs: 8 * HOUR, maxMs: 7 * 24 * HOUR }
    expect(await deleteExpiredStaffRows(db, t.clock.now(), times)).toEqual({
      sessions: 0,
      challenges: 0,
      invitations: 0,
    })
    // Nine days on: both sessions idle, the challenge stale, the unused link expired 8 days ago.
    t.clock.advance(9 * 24 * HOUR)
    expect(await deleteExpiredStaffRows(db, t.clock.now(), times)).toEqual({
      sessions: 2,
      challenges: 1,
      invitations: 1,
    })
    // The used link stays: the audit log and the staff list refer to it.
    expect(await db.selectFrom('staff_invitation').select('used_at').execute()).toEqual([
      { used_at: expect.any(String) },
    ])
  })

  it('signs out one browser, or every browser of the person', async () => {
    const second = sessionCookie(await signIn(t.app, t.admin.authenticator))!
    const out = await call(t.app, 'POST', '/sign-out', { cookie: t.admin.cookie, body: {} })
    expect(out.statusCode).toBe(200)
    expect(sessionCookie(out)).toBe('')
    expect((await session(t.admin.cookie)).statusCode).toBe(401)
    expect((await session(second)).statusCode).toBe(200)

    const third = sessionCookie(await signIn(t.app, t.admin.authenticator))!
    const everywhere = await call(t.app, 'POST', '/sign-out-everywhere', {
      cookie: third,
      body: {},
    })
    expect(everywhere.json()).toEqual({ ended: 2 })
    expect((await session(second)).statusCode).toBe(401)
    expect((await session(third)).statusCode).toBe(401)
  })

  it('removing a passkey ends the sessions opened with it, and it signs in no more', async () => {
    const added = createAuthenticator(ADMIN_SITE)
    const options = (
      await call(t.app, 'POST', '/account/passkeys/options', { cookie: t.admin.cookie })
    ).json()
    const created = await call(t.app, 'POST', '/account/passkeys', {
      cookie: t.admin.cookie,
      body: { credential: added.register(options), passkeyName: 'Phone' },
    })
    expect(created.statusCode).toBe(200)
    const byPhone = sessionCookie(await signIn(t.app, added))!
    expect((await session(byPhone)).statusCode).toBe(200)

    const removed = await call(t.app, 'DELETE', `/account/passkeys/${added.credentialIds[0]}`, {
      cookie: t.admin.cookie,
    })
    expect(removed.json()).toEqual({ signedOut: false })
    expect((await session(byPhone)).statusCode).toBe(401)
    expect((await session(t.admin.cookie)).statusCode).toBe(200)
    const again = await signIn(t.app, added)
    expect(again.statusCode).toBe(401)
    expect(sessionCookie(again)).toBeUndefined()

    // The last passkey cannot be removed: the person could never sign in again.
    const last = await call(
      t.app,
      'DELETE',
      `/account/passkeys/${t.admin.authenticator.credentialIds[0]}`,
      {
        cookie: t.admin.cookie,
      },
    )
    expect(last.statusCode).toBe(409)
  })

  it('removing a person ends their sessions at once', async () => {
    const editor = await signUp(t.app, t.testDb.database, 'ed@example.org', 'editor', t.clock.now())
    const staffList = (await call(t.app, 'GET', '/staff', { cookie: t.admin.cookie })).json()
    const id = staffList.members.find((m: { email: string }) => m.email === 'ed@example.org').id
    expect((await session(editor.cookie)).statusCode).toBe(200)
    expect(
      (await call(t.app, 'DELETE', `/staff/${id}`, { cookie: t.admin.cookie })).statusCode,
    ).toBe(200)
    expect((await session(editor.cookie)).statusCode).toBe(401)
    expect((await signIn(t.app, editor.authenticator)).statusCode).toBe(401)
  })
}

/** Guessing at sign-in, and requests from another site. */
function attackChecks(t: StaffApp) {
  it('brute force: sign-in attempts from one address are limited, with Retry-After', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const options = await call(t.app, 'POST', '/sign-in/options')
      // A forged answer: a passkey this server never registered.
      const stranger = createAuthenticator(ADMIN_SITE)
      stranger.register({ challenge: 'x', user: { id: 'eA' }, rp: {} })
      const answer = await call(t.app, 'POST', '/sign-in', {
        body: { credential: stranger.signIn(options.json()) },
      })
      statuses.push(answer.statusCode)
      if (answer.statusCode === 429)
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
    }
    // The limit is 6 answers per window; accepting the invitation in beforeEach was the first.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    // The window passes: the address may try again.
    t.clock.advance(600_000)
    expect((await signIn(t.app, t.admin.authenticator)).statusCode).toBe(200)
  })

  it('refuses cross-site requests, even with a valid session cookie', async () => {
    const invite = (headers: Record<string, string>) =>
      call(t.app, 'POST', '/staff', {
        cookie: t.admin.cookie,
        headers,
        body: { email: 'mallory@example.org', role: 'admin' },
      })
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      // The browser's own word alone, with the back office's Origin (each half of the check
      // refuses on its own).
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]
    for (const headers of crossSite) {
      const answer = await invite(headers)
      expect(answer.statusCode).toBe(403)
    }
    const members = (await call(t.app, 'GET', '/staff', { cookie: t.admin.cookie })).json().members
    expect(members.map((m: { email: string }) => m.email)).toEqual(['ada@example.org'])
    // A form post from another site is refused before it is read.
    const form = await t.app.inject({
      method: 'POST',
      url: '/admin/api/staff',
      headers: {
        cookie: t.admin.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'email=mallory%40example.org&role=admin',
    })
    expect(form.statusCode).toBe(403)
    // The same request from the back office's own page works.
    expect(
      (await invite({ origin: ADMIN_ORIGIN, 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200)
  })
}
