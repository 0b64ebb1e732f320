/**
 * What the staff routes (sign-in-routes.ts, account-routes.ts, staff-routes.ts) share: their
 * options, the person as the answers show them, and the registration challenge of a new passkey.
 */
import type { SessionAnswer, StaffIdentity, StaffMemberSummary } from '#common/back-office.ts'
import type { Database } from '#server/db/index.ts'
import type { Env } from '#server/env.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { RateLimiter } from '#server/http/rate-limit.ts'
import type { MailOutbox } from '#server/mail/outbox.ts'
import type { BackOffice, RouteContext } from '#server/back-office/table.ts'
import { registrationOptions } from './passkeys.ts'
import {
  findMember,
  listPasskeys,
  saveChallenge,
  type MemberListRow,
  type MemberRow,
} from './repository.ts'
import type { AdminSite } from './site.ts'

export interface StaffRoutesOptions {
  env: Env
  database: Database
  outbox: MailOutbox
  site: AdminSite
  /** Sign-in and invitation answers (each a guess at a secret), per client address. */
  signInLimiter: RateLimiter
  /** Challenges handed out (each a row until answered or expired), per client address. */
  challengeLimiter: RateLimiter
}

export type AnyContext = RouteContext<unknown, unknown, unknown, unknown>

export function sessionTimes(
  env: Pick<Env, 'STAFF_SESSION_IDLE_HOURS' | 'STAFF_SESSION_MAX_DAYS'>,
) {
  return {
    idleMs: env.STAFF_SESSION_IDLE_HOURS * 3_600_000,
    maxMs: env.STAFF_SESSION_MAX_DAYS * 24 * 3_600_000,
  }
}

export function identity(member: Pick<MemberRow, 'id' | 'email' | 'name' | 'role'>): StaffIdentity {
  return { id: member.id, email: member.email, name: member.name, role: member.role }
}

export function memberSummary(row: MemberListRow): StaffMemberSummary {
  return {
    ...identity(row),
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    passkeys: row.passkeys,
    invitationExpiresAt: row.invitation_expires_at,
  }
}

export function sessionAnswer(
  backOffice: BackOffice,
  member: Pick<MemberRow, 'id' | 'email' | 'name' | 'role'>,
): SessionAnswer {
  return { staff: identity(member), navigation: backOffice.navigation(member.role) }
}

/** A passkey answer whose challenge is unknown, used, expired or someone else's. */
export function unverified(reply: AnyContext['reply']) {
  return sendApiError(
    reply,
    400,
    'This passkey answer has expired or was already used. Please try again.',
  )
}

/** Options to create a passkey for a person, its challenge kept for the invitation or account. */
export async function registrationChallenge(
  options: Pick<StaffRoutesOptions, 'database' | 'site'>,
  memberId: string,
  now: Date,
  answeredBy: { invitationId: string } | { memberId: string },
) {
  const db = options.database.db
  const member = (await findMember(db, memberId))!
  const challengeOptions = await registrationOptions(
    options.site,
    member,
    await listPasskeys(db, memberId),
  )
  await saveChallenge(db, {
    challenge: challengeOptions.challenge,
    purpose: 'register',
    ...answeredBy,
    now,
  })
  return challengeOptions
}
