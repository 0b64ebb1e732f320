/**
 * Test helper: a back office on a fresh database with a clock the test moves, and staff who sign
 * in with software passkeys (authenticator.ts) through the real routes: invited from "the
 * command line" (as `npm run staff -- invite` does), accepting the link, signing in.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { Role } from '#common/back-office.ts'
import { buildApp, type AppOptions } from '#server/app.ts'
import type { ContentSite } from '#server/content/admin-routes.ts'
import type { Database } from '#server/db/index.ts'
import { COMMAND_LINE } from '#server/back-office/audit.ts'
import { invite } from '#server/staff/staff-list.ts'
import { createAuthenticator, type SoftwareAuthenticator } from './authenticator.ts'
import type { Dialect } from '#server/db/index.ts'
import { createTestDatabase, testEnv, type TestDatabase } from './databases.ts'

export const ADMIN_ORIGIN = 'https://staff.example.org'
export const ADMIN_SITE = { origin: ADMIN_ORIGIN, rpID: 'staff.example.org' }

/**
 * A clock that stands still until the test moves it. It starts at the real time: the server's
 * housekeeping (expired sessions and links) runs on the real clock when the app starts.
 */
export function testClock(start = new Date()) {
  let at = start.getTime()
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms
    },
  }
}

export async function backOfficeApp(
  database: Database,
  options: {
    env?: Record<string, string>
    now?: () => Date
    adminDir?: string
    /** Uploaded media on, with the library in the back office (as `npm start`). */
    media?: boolean
    contentSite?: ContentSite
    announce?: AppOptions['announce']
  } = {},
): Promise<FastifyInstance> {
  return buildApp({
    env: testEnv({ ADMIN_ORIGIN, ...options.env }),
    database,
    now: options.now,
    adminDir: options.adminDir,
    ...(options.media && { media: { backOffice: true } }),
    ...(options.contentSite && { contentSite: options.contentSite }),
    ...(options.announce && { announce: options.announce }),
  })
}

export interface StaffClient {
  email: string
  role: Role
  authenticator: SoftwareAuthenticator
  /** "__Host-staff=…", ready for a Cookie header. */
  cookie: string
}

/** The session cookie a response sets ("" when it clears it), or undefined when it sets none. */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie']
  const all = Array.isArray(header) ? header : header ? [header] : []
  const found = all.find((line) => line.startsWith('__Host-staff='))
  if (found === undefined) return undefined
  const value = found.split(';', 1)[0]!
  return value === '__Host-staff=' ? '' : value
}

/** A back-office API call as the staff app makes it (same-origin, JSON). */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url: `/admin/api${url}`,
    headers: {
      origin: ADMIN_ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  })
}

/** GET, POST and DELETE on the back office's API as a signed-in staff member. */
export const callsAs = (app: FastifyInstance, who: StaffClient) => ({
  get: (url: string) => call(app, 'GET', url, { cookie: who.cookie }),
  post: (url: string, body: unknown = {}) => call(app, 'POST', url, { cookie: who.cookie, body }),
  delete: (url: string) => call(app, 'DELETE', url, { cookie: who.cookie }),
})

/** Invites as the command does; returns the token of the link. */
export async function inviteFromCommand(
  database: Database,
  email: string,
  role: Role,
  now = new Date(),
): Promise<string> {
  const invited = await invite(database.db, { email, role }, { by: COMMAND_LINE, mail: false, now })
  if (!invited) throw new Error(`${email} is staff already`)
  return invited.invitation.token
}

/** Opens an invitation link and registers a passkey: the answer of /invitation/accept. */
export async function acceptInvitation(
  app: FastifyInstance,
  token: string,
  authenticator: SoftwareAuthenticator,
  options: { cookie?: string } = {},
) {
  const registration = await call(app, 'POST', '/invitation/options', { body: { token } })
  if (registration.statusCode !== 200)
    throw new Error(`invitation options: ${registration.statusCode} ${registration.body}`)
  return call(app, 'POST', '/invitation/accept', {
    cookie: options.cookie,
    body: { token, credential: authenticator.register(registration.json()) },
  })
}

/** A new staff member with a passkey, signed in (the session of accepting the invitation). */
export async function signUp(
  app: FastifyInstance,
  database: Database,
  email: string,
  role: Role,
  now?: Date,
): Promise<StaffClient> {
  const authenticator = createAuthenticator(ADMIN_SITE)
  const accepted = await acceptInvitation(
    app,
    await inviteFromCommand(database, email, role, now),
    authenticator,
  )
  const cookie = sessionCookie(accepted)
  if (accepted.statusCode !== 200 || !cookie)
    throw new Error(`accepting the invitation: ${accepted.statusCode} ${accepted.body}`)
  return { email, role, authenticator, cookie }
}

/** Signs in with the authenticator's passkey: the answer of /sign-in. */
export async function signIn(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  options: { cookie?: string; credentialId?: string; headers?: Record<string, string> } = {},
) {
  const challenge = await call(app, 'POST', '/sign-in/options', { headers: options.headers })
  if (challenge.statusCode !== 200)
    throw new Error(`sign-in options: ${challenge.statusCode} ${challenge.body}`)
  return call(app, 'POST', '/sign-in', {
    cookie: options.cookie,
    headers: options.headers,
    body: { credential: authenticator.signIn(challenge.json(), options.credentialId) },
  })
}

/**
 * For one describe block: a back office on a fresh database of the engine, with an administrator
 * signed in (ada@example.org). Read the fields inside tests.
 */
export function backOfficeOnDatabase(
  dialect: Dialect,
  options: { env?: Record<string, string>; media?: boolean } = {},
): { readonly app: FastifyInstance; readonly testDb: TestDatabase; readonly admin: StaffClient } {
  let app: FastifyInstance | undefined
  let testDb: TestDatabase | undefined
  let admin: StaffClient | undefined
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    app = await backOfficeApp(testDb.database, options)
    admin = await signUp(app, testDb.database, 'ada@example.org', 'admin')
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.drop()
  })
  return {
    get app() {
      return app!
    },
    get testDb() {
      return testDb!
    },
    get admin() {
      return admin!
    },
  }
}
