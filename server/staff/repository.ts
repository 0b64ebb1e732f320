/**
 * Staff in the database: people, invitation links, passkeys, sessions and WebAuthn challenges.
 * Secrets (invitation tokens, session ids) are stored as SHA-256 hashes only; an invitation's
 * token is kept in clear while its mail waits in the outbox, like the newsletter's confirmation.
 */
import crypto from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Role } from '#common/back-office.ts'
import type {
  DatabaseSchema,
  StaffMemberTable,
  StaffPasskeyTable,
  StaffSessionTable,
} from '#server/db/schema.ts'
import { newRowId } from '#server/db/ids.ts'
import { hashToken, isTokenShaped, newToken } from '#server/http/tokens.ts'

type Db = Kysely<DatabaseSchema>
export type MemberRow = Selectable<StaffMemberTable>
export type PasskeyRow = Selectable<StaffPasskeyTable>
export type SessionRow = Selectable<StaffSessionTable>

const HOUR_MS = 3_600_000

// ── People ────────────────────────────────────────────────────────────────────────────────────

export function emailKey(email: string): string {
  return email.trim().toLowerCase()
}

export async function findMemberByEmail(db: Db, email: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('staff_member')
    .selectAll()
    .where('email_key', '=', emailKey(email))
    .executeTakeFirst()
}

export async function findMember(db: Db, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom('staff_member').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * How staff are named beside what they did (content screens): their name, else their address;
 * someone removed since keeps the label the audit log last recorded for them.
 */
export async function staffLabels(
  db: Db,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))]
  const labels = new Map<string, string>()
  if (wanted.length === 0) return labels
  const members = await db
    .selectFrom('staff_member')
    .select(['id', 'name', 'email'])
    .where('id', 'in', wanted)
    .execute()
  for (const member of members) labels.set(member.id, member.name ?? member.email)
  const gone = wanted.filter((id) => !labels.has(id))
  if (gone.length > 0) {
    const logged = await db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_label'])
      .where('actor_id', 'in', gone)
      .orderBy('created_at', 'desc')
      .execute()
    for (const row of logged)
      if (row.actor_id && !labels.has(row.actor_id))
        labels.set(row.actor_id, `${row.actor_label} (no longer staff)`)
  }
  for (const id of gone) if (!labels.has(id)) labels.set(id, 'a former staff member')
  return labels
}

export async function createMember(
  db: Db,
  input: { email: string; name?: string | undefined; role: Role; now: Date },
): Promise<MemberRow> {
  const at = input.now.toISOString()
  const row: MemberRow = {
    id: newRowId(),
    email: input.email.trim(),
    email_key: emailKey(input.email),
    name: input.name?.trim() || null,
    role: input.role,
    user_handle: crypto.randomBytes(32).toString('base64url'),
    created_at: at,
    updated_at: at,
    last_sign_in_at: null,
  }
  await db.insertInto('staff_member').values(row).execute()
  return row
}

export async function setRole(db: Db, id: string, role: Role, now: Date): Promise<void> {
  await db
    .updateTable('staff_member')
    .set({ role, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute()
}

/** Removes a person; their invitations, passkeys and sessions go with them (ON DELETE CASCADE). */
export async function removeMember(db: Db, id: string): Promise<void> {
  await db.deleteFrom('staff_member').where('id', '=', id).execute()
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('staff_member')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export interface MemberListRow extends MemberRow {
  passkeys: number
  invitation_expires_at: string | null
}

export async function listMembers(db: Db, now: Date): Promise<MemberListRow[]> {
  const rows = await db
    .selectFrom('staff_member as m')
    .selectAll('m')
    .select((eb) => [
      eb
        .selectFrom('staff_passkey as p')
        .select((inner) => inner.fn.countAll<number | string>().as('c'))
        .whereRef('p.member_id', '=', 'm.id')
        .as('passkeys'),
      eb
        .selectFrom('staff_invitation as i')
        .select((inner) => inner.fn.max('i.expires_at').as('e'))
        .whereRef('i.member_id', '=', 'm.id')
        .where('i.used_at', 'is', null)
        .where('i.expires_at', '>', now.toISOString())
        .as('invitation_expires_at'),
    ])
    .orderBy('m.email_key')
    .execute()
  return rows.map((row) => ({
    ...row,
    passkeys: Number(row.passkeys ?? 0),
    invitation_expires_at: row.invitation_expires_at ?? null,
  }))
}

// ── Invitations ───────────────────────────────────────────────────────────────────────────────

export interface NewInvitation {
  id: string
  token: string
  expiresAt: Date
}

/**
 * A new one-time link for a person; any earlier unused link of theirs stops working. With
 * `mail`, the row is queued in the outbox and keeps the token until the mail is sent.
 */
export async function createInvitation(
  db: Db,
  input: {
    memberId: string
    email: string
    now: Date
    createdBy: string
    mail: boolean
    ttlHours: number
  },
): Promise<NewInvitation> {
  const token = newToken()
  const at = input.now.toISOString()
  const expiresAt = new Date(input.now.getTime() + input.ttlHours * HOUR_MS)
  const id = newRowId()
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('staff_invitation')
      .where('member_id', '=', input.memberId)
      .where('used_at', 'is', null)
      .execute()
    await trx
      .insertInto('staff_invitation')
      .values({
        id,
        member_id: input.memberId,
        token_hash: hashToken(token),
        created_at: at,
        expires_at: expiresAt.toISOString(),
        used_at: null,
        created_by: input.createdBy,
        mail_to: input.email,
        mail_status: input.mail ? 'pending' : 'none',
        next_attempt_at: input.mail ? at : null,
        last_error: null,
        mail_sent_at: null,
        mail_token: input.mail ? token : null,
      })
      .execute()
  })
  return { id, token, expiresAt }
}

export type InvitationState = 'valid' | 'expired' | 'used' | 'unknown'

export async function findInvitation(db: Db, token: string, now: Date) {
  if (!isTokenShaped(token)) return { state: 'unknown' as const }
  const row = await db
    .selectFrom('staff_invitation as i')
    .innerJoin('staff_member as m', 'm.id', 'i.member_id')
    .select([
      'i.id as invitation_id',
      'i.expires_at',
      'i.used_at',
      'm.id as member_id',
      'm.email',
      'm.name',
      'm.role',
    ])
    .where('i.token_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!row) return { state: 'unknown' as const }
  const state: InvitationState = row.used_at
    ? 'used'
    : row.expires_at <= now.toISOString()
      ? 'expired'
      : 'valid'
  return { state, invitation: row }
}

/** Marks the link used; false when it was used (or expired) meanwhile: a link works once. */
export async function useInvitation(db: Db, invitationId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitation')
    .set({
      used_at: now.toISOString(),
      mail_token: null,
      mail_status: sql<'none'>`case when mail_status = 'pending' then 'none' else mail_status end`,
    })
    .where('id', '=', invitationId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

// ── Passkeys ──────────────────────────────────────────────────────────────────────────────────

export async function listPasskeys(db: Db, memberId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('staff_passkey')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .execute()
}

export async function addPasskey(db: Db, row: PasskeyRow): Promise<void> {
  await db.insertInto('staff_passkey').values(row).execute()
}

export async function findPasskeyWithMember(db: Db, credentialId: string) {
  const passkey = await db
    .selectFrom('staff_passkey')
    .selectAll()
    .where('id', '=', credentialId)
    .executeTakeFirst()
  if (!passkey) return undefined
  const member = await findMember(db, passkey.member_id)
  return member ? { passkey, member } : undefined
}

/**
 * Records a sign-in's new signature counter; false when another sign-in with a counter at least
 * as high won meanwhile (a cloned authenticator, or the same answer sent twice).
 */
export async function recordPasskeyUse(
  db: Db,
  passkey: PasskeyRow,
  counter: number,
  now: Date,
): Promise<boolean> {
  let query = db
    .updateTable('staff_passkey')
    .set({ counter, last_used_at: now.toISOString() })
    .where('id', '=', passkey.id)
  // Authenticators that keep no counter always report 0 (passkeys synced between devices).
  if (counter > 0) query = query.where('counter', '<', counter)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Removes one of a person's passkeys; the sessions opened with it end (ON DELETE CASCADE). */
export async function removePasskey(db: Db, memberId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('staff_passkey')
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

// ── Sessions ──────────────────────────────────────────────────────────────────────────────────

export interface SessionTimes {
  idleMs: number
  maxMs: number
}

/** A new session: a fresh random id (never one the browser offered), stored as its hash. */
export async function createSession(
  db: Db,
  input: { memberId: string; passkeyId: string; now: Date; userAgent: string | undefined } & Pick<
    SessionTimes,
    'maxMs'
  >,
): Promise<string> {
  const token = newToken()
  const at = input.now.toISOString()
  await db
    .insertInto('staff_session')
    .values({
      id_hash: hashToken(token),
      member_id: input.memberId,
      passkey_id: input.passkeyId,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(input.now.getTime() + input.maxMs).toISOString(),
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      // Signing in is a user verification: changes that need a fresh one may follow at once.
      confirmed_at: at,
    })
    .execute()
  return token
}

/** The session and its person, when the session exists and has neither expired nor idled out. */
export async function findSession(db: Db, token: string, now: Date, idleMs: number) {
  if (!isTokenShaped(token)) return undefined
  const row = await db
    .selectFrom('staff_session as s')
    .innerJoin('staff_member as m', 'm.id', 's.member_id')
    .select([
      's.id_hash',
      's.passkey_id',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      's.confirmed_at',
      'm.id as member_id',
      'm.email',
      'm.name',
      'm.role',
    ])
    .where('s.id_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!row) return undefined
  const at = now.getTime()
  if (Date.parse(row.expires_at) <= at || Date.parse(row.last_seen_at) + idleMs <= at) {
    await db.deleteFrom('staff_session').where('id_hash', '=', row.id_hash).execute()
    return undefined
  }
  return row
}

export async function touchSession(db: Db, idHash: string, now: Date): Promise<void> {
  await db
    .updateTable('staff_session')
    .set({ last_seen_at: now.toISOString() })
    .where('id_hash', '=', idHash)
    .execute()
}

export async function endSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('staff_session').where('id_hash', '=', idHash).execute()
}

export async function endSessions(db: Db, memberId: string): Promise<number> {
  const result = await db
    .deleteFrom('staff_session')
    .where('member_id', '=', memberId)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function listSessions(db: Db, memberId: string): Promise<SessionRow[]> {
  return db
    .selectFrom('staff_session')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('last_seen_at', 'desc')
    .execute()
}

// ── Challenges ────────────────────────────────────────────────────────────────────────────────

/** How long a browser has to answer a WebAuthn challenge (the ceremony's own timeout is 5 min). */
export const CHALLENGE_TTL_MS = 6 * 60_000

export async function saveChallenge(
  db: Db,
  input: {
    challenge: string
    purpose: 'sign-in' | 'register' | 'confirm'
    memberId?: string | undefined
    invitationId?: string | undefined
    now: Date
  },
): Promise<void> {
  await db
    .insertInto('staff_challenge')
    .values({
      challenge: input.challenge,
      purpose: input.purpose,
      member_id: input.memberId ?? null,
      invitation_id: input.invitationId ?? null,
      expires_at: new Date(input.now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    })
    .execute()
}

/**
 * Takes a challenge out of the table: each is answered at most once, so a captured answer
 * cannot be replayed. Undefined when it is unknown, used or expired.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: 'sign-in' | 'register' | 'confirm',
  now: Date,
) {
  const rows = await db
    .deleteFrom('staff_challenge')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .returning(['member_id', 'invitation_id', 'expires_at'])
    .execute()
  const row = rows[0]
  if (!row || row.expires_at <= now.toISOString()) return undefined
  return row
}

// ── Housekeeping ──────────────────────────────────────────────────────────────────────────────

/** Unused links are kept this long after they expire, so that opening one says "expired". */
const EXPIRED_INVITATION_KEPT_MS = 7 * 24 * HOUR_MS

/** Expired sessions and challenges, and unused invitation links a week after they expired. */
export async function deleteExpiredStaffRows(
  db: Db,
  now: Date,
  times: SessionTimes,
): Promise<Record<string, number>> {
  const at = now.toISOString()
  const idleBefore = new Date(now.getTime() - times.idleMs).toISOString()
  const sessions = await db
    .deleteFrom('staff_session')
    .where((eb) => eb.or([eb('expires_at', '<=', at), eb('last_seen_at', '<=', idleBefore)]))
    .executeTakeFirst()
  const challenges = await db
    .deleteFrom('staff_challenge')
    .where('expires_at', '<=', at)
    .executeTakeFirst()
  const invitations = await db
    .deleteFrom('staff_invitation')
    .where('used_at', 'is', null)
    .where('expires_at', '<=', new Date(now.getTime() - EXPIRED_INVITATION_KEPT_MS).toISOString())
    .where('mail_status', '!=', 'pending')
    .executeTakeFirst()
  return {
    sessions: Number(sessions.numDeletedRows),
    challenges: Number(challenges.numDeletedRows),
    invitations: Number(invitations.numDeletedRows),
  }
}
