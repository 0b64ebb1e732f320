/**
 * The staff part of the back office's API (under /admin/api): signing in and out with a passkey,
 * accepting an invitation, one's own passkeys and sessions, the administrators' staff list
 * (invite, change a role, remove, a new link) and the audit log. They go into the same route
 * table as every feature's back-office routes (back-office.ts).
 */
import {
  AcceptInvitationRequest,
  AddPasskeyRequest,
  AuditQuery,
  InvitationRequest,
  InviteRequest,
  RoleRequest,
  SignInRequest,
} from '#common/back-office-schemas.ts'
import {
  INVITATION_TTL_HOURS,
  type AccountAnswer,
  type AuditAnswer,
  type InvitationAnswer,
  type InvitationLinkAnswer,
  type SessionAnswer,
  type StaffIdentity,
  type StaffListAnswer,
  type StaffMemberSummary,
} from '#common/back-office.ts'
import { z } from 'zod'
import type { Database } from '#server/db/index.ts'
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts'
import type { Env } from '#server/env.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { RateLimiter } from '#server/http/rate-limit.ts'
import { hashToken } from '#server/http/tokens.ts'
import type { MailOutbox } from '#server/mail/outbox.ts'
import { auditFacets, listAudit, recordAudit } from './audit.ts'
import type { BackOffice, RouteContext, SignedInStaff } from './back-office.ts'
import { invitationLink } from './invitation-mail.ts'
import {
  authenticationOptions,
  claimedChallenge,
  registrationOptions,
  verifyRegistration,
  verifySignIn,
} from './passkeys.ts'
import {
  addPasskey,
  createSession,
  endSession,
  endSessions,
  findInvitation,
  findMember,
  findPasskeyWithMember,
  listMembers,
  listPasskeys,
  listSessions,
  recordPasskeyUse,
  removePasskey,
  saveChallenge,
  takeChallenge,
  useInvitation,
  type MemberListRow,
  type MemberRow,
  type NewInvitation,
} from './repository.ts'
import { changeRole, invite, newLink, remove } from './staff-list.ts'
import { ADMIN_ONLY, SIGNED_IN } from './roles.ts'
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie.ts'
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

const IdParams = z.strictObject({ id: z.string().min(1).max(200) })
const AUDIT_PAGE = 50

export function sessionTimes(
  env: Pick<Env, 'STAFF_SESSION_IDLE_HOURS' | 'STAFF_SESSION_MAX_DAYS'>,
) {
  return {
    idleMs: env.STAFF_SESSION_IDLE_HOURS * 3_600_000,
    maxMs: env.STAFF_SESSION_MAX_DAYS * 24 * 3_600_000,
  }
}

function identity(member: Pick<MemberRow, 'id' | 'email' | 'name' | 'role'>): StaffIdentity {
  return { id: member.id, email: member.email, name: member.name, role: member.role }
}

function memberSummary(row: MemberListRow): StaffMemberSummary {
  return {
    ...identity(row),
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    passkeys: row.passkeys,
    invitationExpiresAt: row.invitation_expires_at,
  }
}

export function registerStaffRoutes(backOffice: BackOffice, options: StaffRoutesOptions) {
  const { env, database, outbox, site } = options
  const db = database.db
  const times = sessionTimes(env)

  const sessionAnswer = (
    member: Pick<MemberRow, 'id' | 'email' | 'name' | 'role'>,
  ): SessionAnswer => ({
    staff: identity(member),
    navigation: backOffice.navigation(member.role),
  })

  /**
   * Signs the browser in as `member` with a new session id. A session the browser already had
   * (anyone's, or one an attacker planted) ends first: the id is never one the browser offered.
   */
  async function startSession(
    context: RouteContext<unknown, unknown, unknown, SignedInStaff | null>,
    member: MemberRow,
    passkeyId: string,
  ) {
    const previous = sessionToken(context.request)
    if (previous) await endSession(db, hashToken(previous))
    const token = await createSession(db, {
      memberId: member.id,
      passkeyId,
      now: context.now,
      userAgent: context.request.headers['user-agent'],
      maxMs: times.maxMs,
    })
    await db
      .updateTable('staff_member')
      .set({ last_sign_in_at: context.now.toISOString() })
      .where('id', '=', member.id)
      .execute()
    setSessionCookie(context.reply, token, Math.floor(times.maxMs / 1000))
    await recordAudit(
      db,
      { id: member.id, label: member.email },
      {
        action: 'sign-in',
        summary: `${member.email} signed in`,
        target: { type: 'staff', id: member.id },
      },
      context.now,
    )
    return sessionAnswer(member)
  }

  /** Options to create a passkey for a person, its challenge kept for the invitation or account. */
  async function registrationChallenge(
    memberId: string,
    now: Date,
    answeredBy: { invitationId: string } | { memberId: string },
  ) {
    const member = (await findMember(db, memberId))!
    const challengeOptions = await registrationOptions(
      site,
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

  const unverified = (reply: RouteContext<unknown, unknown, unknown, unknown>['reply']) =>
    sendApiError(
      reply,
      400,
      'This passkey answer has expired or was already used. Please try again.',
    )

  backOffice.page({ path: '/', access: SIGNED_IN, label: 'Overview', order: 0 })
  backOffice.page({ path: '/sign-in', access: 'anyone' })
  backOffice.page({ path: '/welcome', access: 'anyone' })
  backOffice.page({ path: '/staff', access: ADMIN_ONLY, label: 'Staff', order: 70 })
  backOffice.page({ path: '/audit', access: ADMIN_ONLY, label: 'Audit log', order: 80 })
  backOffice.page({ path: '/account', access: SIGNED_IN, label: 'Your account', order: 90 })

  // ── Session ────────────────────────────────────────────────────────────────────────────────

  backOffice.route(SIGNED_IN, {
    method: 'GET',
    url: '/session',
    async handler({ staff }) {
      return sessionAnswer(staff)
    },
  })

  backOffice.publicRoute({
    method: 'POST',
    url: '/sign-in/options',
    limiter: options.challengeLimiter,
    async handler({ now }) {
      const challengeOptions = await authenticationOptions(site)
      await saveChallenge(db, { challenge: challengeOptions.challenge, purpose: 'sign-in', now })
      return challengeOptions
    },
  })

  backOffice.publicRoute({
    method: 'POST',
    url: '/sign-in',
    body: SignInRequest,
    limiter: options.signInLimiter,
    async handler(context) {
      const { body, reply, now, request } = context
      const challenge = claimedChallenge(body.credential)
      if (!challenge || !(await takeChallenge(db, challenge, 'sign-in', now)))
        return unverified(reply)
      const found = await findPasskeyWithMember(db, body.credential.id)
      if (!found) {
        request.log.info('sign-in with an unknown passkey refused')
        return sendApiError(
          reply,
          401,
          'This passkey is not registered for the back office (it may have been removed). Use another passkey, or ask an administrator for a new invitation link.',
        )
      }
      const counter = await verifySignIn(site, body.credential, challenge, found.passkey)
      if (counter === undefined || !(await recordPasskeyUse(db, found.passkey, counter, now))) {
        request.log.info('sign-in with a passkey answer that did not verify refused')
        return sendApiError(reply, 401, 'The passkey could not be verified. Please try again.')
      }
      return startSession(context, found.member, found.passkey.id)
    },
  })

  backOffice.route(SIGNED_IN, {
    method: 'POST',
    url: '/sign-out',
    async handler({ staff, reply, audit }) {
      await endSession(db, staff.sessionHash)
      clearSessionCookie(reply)
      await audit({ action: 'sign-out', summary: `${staff.email} signed out` })
      return { ok: true }
    },
  })

  backOffice.route(SIGNED_IN, {
    method: 'POST',
    url: '/sign-out-everywhere',
    async handler({ staff, reply, audit }) {
      const ended = await endSessions(db, staff.id)
      clearSessionCookie(reply)
      await audit({
        action: 'sign-out-everywhere',
        summary: `${staff.email} signed out on every device (${ended} session${ended === 1 ? '' : 's'})`,
      })
      return { ended }
    },
  })

  // ── Invitations ────────────────────────────────────────────────────────────────────────────

  async function validInvitation(
    token: string,
    context: RouteContext<unknown, unknown, unknown, unknown>,
  ) {
    const found = await findInvitation(db, token, context.now)
    if (found.state === 'valid') return found.invitation
    const message = {
      unknown:
        'This invitation link is not valid. Check that you opened the whole link, or ask an administrator for a new one.',
      used: 'This invitation link has already been used. Sign in with your passkey, or ask an administrator for a new link.',
      expired: `This invitation link has expired (links work for ${INVITATION_TTL_HOURS} hours). Ask an administrator for a new one.`,
    }[found.state]
    sendApiError(context.reply, found.state === 'unknown' ? 404 : 410, message)
    return undefined
  }

  backOffice.publicRoute({
    method: 'POST',
    url: '/invitation',
    body: InvitationRequest,
    limiter: options.signInLimiter,
    async handler(context) {
      const invitation = await validInvitation(context.body.token, context)
      if (!invitation) return context.reply
      return {
        email: invitation.email,
        name: invitation.name,
        role: invitation.role,
        expiresAt: invitation.expires_at,
      } satisfies InvitationAnswer
    },
  })

  backOffice.publicRoute({
    method: 'POST',
    url: '/invitation/options',
    body: InvitationRequest,
    limiter: options.challengeLimiter,
    async handler(context) {
      const invitation = await validInvitation(context.body.token, context)
      if (!invitation) return context.reply
      return registrationChallenge(invitation.member_id, context.now, {
        invitationId: invitation.invitation_id,
      })
    },
  })

  backOffice.publicRoute({
    method: 'POST',
    url: '/invitation/accept',
    body: AcceptInvitationRequest,
    limiter: options.signInLimiter,
    async handler(context) {
      const { body, now, reply } = context
      const invitation = await validInvitation(body.token, context)
      if (!invitation) return reply
      const challenge = claimedChallenge(body.credential)
      const taken = challenge && (await takeChallenge(db, challenge, 'register', now))
      if (!challenge || !taken || taken.invitation_id !== invitation.invitation_id)
        return unverified(reply)
      const passkey = await verifyRegistration(site, body.credential, challenge)
      if (!passkey)
        return sendApiError(reply, 400, 'The new passkey could not be verified. Please try again.')
      const member = (await findMember(db, invitation.member_id))!
      const accepted = await db.transaction().execute(async (trx) => {
        if (!(await useInvitation(trx, invitation.invitation_id, now))) return false
        await addPasskey(trx, {
          ...passkey,
          member_id: member.id,
          name: body.passkeyName || 'First passkey',
          created_at: now.toISOString(),
          last_used_at: now.toISOString(),
        })
        await recordAudit(
          trx,
          { id: member.id, label: member.email },
          {
            action: 'invitation.accept',
            summary: `${member.email} accepted an invitation and registered a passkey`,
            target: { type: 'staff', id: member.id },
          },
          now,
        )
        return true
      })
      if (!accepted)
        return sendApiError(
          reply,
          410,
          'This invitation link has already been used. Sign in with your passkey, or ask an administrator for a new link.',
        )
      return startSession(context, member, passkey.id)
    },
  })

  // ── One's own account ──────────────────────────────────────────────────────────────────────

  backOffice.route(SIGNED_IN, {
    method: 'GET',
    url: '/account',
    async handler({ staff }) {
      const [passkeys, sessions] = await Promise.all([
        listPasskeys(db, staff.id),
        listSessions(db, staff.id),
      ])
      return {
        staff: identity(staff),
        passkeys: passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          createdAt: p.created_at,
          lastUsedAt: p.last_used_at,
          current: p.id === staff.passkeyId,
        })),
        sessions: sessions.map((s) => ({
          createdAt: s.created_at,
          lastSeenAt: s.last_seen_at,
          userAgent: s.user_agent,
          current: s.id_hash === staff.sessionHash,
        })),
      } satisfies AccountAnswer
    },
  })

  backOffice.route(SIGNED_IN, {
    method: 'POST',
    url: '/account/passkeys/options',
    limiter: options.challengeLimiter,
    async handler({ staff, now }) {
      return registrationChallenge(staff.id, now, { memberId: staff.id })
    },
  })

  backOffice.route(SIGNED_IN, {
    method: 'POST',
    url: '/account/passkeys',
    body: AddPasskeyRequest,
    async handler({ staff, body, now, reply, audit }) {
      const challenge = claimedChallenge(body.credential)
      const taken = challenge && (await takeChallenge(db, challenge, 'register', now))
      if (!challenge || !taken || taken.member_id !== staff.id) return unverified(reply)
      const passkey = await verifyRegistration(site, body.credential, challenge)
      if (!passkey)
        return sendApiError(reply, 400, 'The new passkey could not be verified. Please try again.')
      const count = (await listPasskeys(db, staff.id)).length
      const name = body.passkeyName || `Passkey ${count + 1}`
      await addPasskey(db, {
        ...passkey,
        member_id: staff.id,
        name,
        created_at: now.toISOString(),
        last_used_at: null,
      })
      await audit({
        action: 'passkey.add',
        summary: `${staff.email} added a passkey (${name})`,
        target: { type: 'staff', id: staff.id },
      })
      return { id: passkey.id, name }
    },
  })

  backOffice.route(SIGNED_IN, {
    method: 'DELETE',
    url: '/account/passkeys/:id',
    params: IdParams,
    async handler({ staff, params, reply, audit }) {
      const passkeys = await listPasskeys(db, staff.id)
      const passkey = passkeys.find((p) => p.id === params.id)
      if (!passkey) return sendApiError(reply, 404, 'You have no such passkey.')
      if (passkeys.length === 1)
        return sendApiError(
          reply,
          409,
          'This is your only passkey: add another one before you remove it, or you could not sign in again.',
        )
      await removePasskey(db, staff.id, passkey.id)
      await audit({
        action: 'passkey.remove',
        summary: `${staff.email} removed a passkey (${passkey.name}); its sessions ended`,
        target: { type: 'staff', id: staff.id },
      })
      const signedOut = passkey.id === staff.passkeyId
      if (signedOut) clearSessionCookie(reply)
      return { signedOut }
    },
  })

  // ── Staff (administrators) ─────────────────────────────────────────────────────────────────

  const summaryOf = async (id: string, now: Date) =>
    memberSummary((await listMembers(db, now)).find((row) => row.id === id)!)
  /** The person as the list shows them, with their new link (e-mailed too when mail is set up). */
  const linkAnswer = async (
    memberId: string,
    invitation: NewInvitation,
    now: Date,
  ): Promise<InvitationLinkAnswer> => {
    if (outbox.enabled) outbox.wake()
    return {
      member: await summaryOf(memberId, now),
      link: invitationLink(site, invitation.token),
      expiresAt: invitation.expiresAt.toISOString(),
      mailed: outbox.enabled,
    }
  }
  const actor = (staff: SignedInStaff) => ({ id: staff.id, label: staff.email })
  const noSuchPerson = (reply: RouteContext<unknown, unknown, unknown, unknown>['reply']) =>
    sendApiError(reply, 404, 'There is no such person on the staff list.')

  backOffice.route(ADMIN_ONLY, {
    method: 'GET',
    url: '/staff',
    async handler({ now }) {
      return {
        members: (await listMembers(db, now)).map(memberSummary),
        mail: outbox.enabled,
      } satisfies StaffListAnswer
    },
  })

  backOffice.route(ADMIN_ONLY, {
    method: 'POST',
    url: '/staff',
    body: InviteRequest,
    async handler({ body, staff, now, reply }) {
      const invited = await invite(db, body, { by: actor(staff), mail: outbox.enabled, now })
      if (!invited)
        return sendApiError(
          reply,
          409,
          `${body.email} is already on the staff list. Send them a new link from there instead.`,
          { fields: { email: 'This address is already on the staff list.' } },
        )
      return linkAnswer(invited.member.id, invited.invitation, now)
    },
  })

  backOffice.route(ADMIN_ONLY, {
    method: 'POST',
    url: '/staff/:id/link',
    params: IdParams,
    async handler({ params, staff, now, reply }) {
      const member = await findMember(db, params.id)
      if (!member) return noSuchPerson(reply)
      const invitation = await newLink(db, member, { by: actor(staff), mail: outbox.enabled, now })
      return linkAnswer(member.id, invitation, now)
    },
  })

  backOffice.route(ADMIN_ONLY, {
    method: 'PATCH',
    url: '/staff/:id',
    params: IdParams,
    body: RoleRequest,
    async handler({ params, body, staff, now, reply }) {
      const member = await findMember(db, params.id)
      if (!member) return noSuchPerson(reply)
      if ((await changeRole(db, member, body.role, { by: actor(staff), now })) === 'last-admin')
        return sendApiError(
          reply,
          409,
          'The back office needs at least one administrator: make someone else an administrator first.',
        )
      return summaryOf(member.id, now)
    },
  })

  backOffice.route(ADMIN_ONLY, {
    method: 'DELETE',
    url: '/staff/:id',
    params: IdParams,
    async handler({ params, staff, now, reply }) {
      const member = await findMember(db, params.id)
      if (!member) return noSuchPerson(reply)
      if (member.id === staff.id)
        return sendApiError(reply, 409, 'You cannot remove yourself. Another administrator can.')
      if ((await remove(db, member, { by: actor(staff), now })) === 'last-admin')
        return sendApiError(reply, 409, 'The back office needs at least one administrator.')
      return { ok: true }
    },
  })

  // ── Audit log (administrators) ─────────────────────────────────────────────────────────────

  backOffice.route(ADMIN_ONLY, {
    method: 'GET',
    url: '/audit',
    query: AuditQuery,
    async handler({ query }) {
      const rows = await listAudit(db, {
        action: query.action || undefined,
        actorId: query.actor || undefined,
        before: decodeCursor(query.cursor),
        limit: AUDIT_PAGE + 1,
      })
      const page = rows.slice(0, AUDIT_PAGE)
      return {
        entries: page.map((row) => ({
          id: row.id,
          at: row.created_at,
          actor: row.actor_label,
          action: row.action,
          summary: row.summary,
          target:
            row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
        })),
        next: rows.length > AUDIT_PAGE ? encodeCursor(page.at(-1)!) : null,
        ...(await auditFacets(db)),
      } satisfies AuditAnswer
    },
  })
}
