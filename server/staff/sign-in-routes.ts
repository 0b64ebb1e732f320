/**
 * Signing in and out with a passkey, and accepting an invitation (a first one, or a "New link"
 * after lost passkeys, which retires every earlier passkey and session of the person).
 */
import * as staffApi from '#common/staff-contracts.ts'
import {
  EndedAnswer,
  InvitationAnswerSchema,
  OkAnswer,
  PasskeyOptionsAnswer,
  SessionAnswerSchema,
} from '#common/back-office-answers.ts'
import {
  AcceptInvitationRequest,
  InvitationRequest,
  SignInRequest,
} from '#common/back-office-schemas.ts'
import {
  INVITATION_TTL_HOURS,
  type InvitationAnswer,
  type SessionAnswer,
} from '#common/back-office.ts'
import { sendApiError } from '#server/http/api-error.ts'
import { hashToken } from '#server/http/tokens.ts'
import { recordAudit } from '#server/back-office/audit.ts'
import type { BackOffice, RouteContext, SignedInStaff } from '#server/back-office/table.ts'
import {
  authenticationOptions,
  claimedChallenge,
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
  recordPasskeyUse,
  saveChallenge,
  takeChallenge,
  useInvitation,
  type MemberRow,
} from './repository.ts'
import {
  registrationChallenge,
  sessionAnswer,
  sessionTimes,
  unverified,
  type AnyContext,
  type StaffRoutesOptions,
} from './route-helpers.ts'
import { SIGNED_IN } from '#server/back-office/roles.ts'
import {
  clearSessionCookie,
  sessionToken,
  setSessionCookie,
} from '#server/back-office/session-cookie.ts'

export function registerSignInRoutes(backOffice: BackOffice, options: StaffRoutesOptions) {
  const { database, site } = options
  const db = database.db
  const times = sessionTimes(options.env)

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
    return sessionAnswer(backOffice, member)
  }

  backOffice.route(SIGNED_IN, staffApi.session, {
    response: SessionAnswerSchema,
    async handler({ staff }) {
      return sessionAnswer(backOffice, staff)
    },
  })

  backOffice.publicRoute(staffApi.signInOptions, {
    response: PasskeyOptionsAnswer,
    limiter: options.challengeLimiter,
    async handler({ now }) {
      const challengeOptions = await authenticationOptions(site)
      await saveChallenge(db, { challenge: challengeOptions.challenge, purpose: 'sign-in', now })
      return { ...challengeOptions }
    },
  })

  backOffice.publicRoute(staffApi.signIn, {
    response: SessionAnswerSchema,
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

  backOffice.route(SIGNED_IN, staffApi.signOut, {
    response: OkAnswer,
    async handler({ staff, reply, audit }) {
      await endSession(db, staff.sessionHash)
      clearSessionCookie(reply)
      await audit({ action: 'sign-out', summary: `${staff.email} signed out` })
      return { ok: true as const }
    },
  })

  backOffice.route(SIGNED_IN, staffApi.signOutEverywhere, {
    response: EndedAnswer,
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

  registerInvitationRoutes(backOffice, options, startSession)
}

function registerInvitationRoutes(
  backOffice: BackOffice,
  options: StaffRoutesOptions,
  startSession: (
    context: RouteContext<unknown, unknown, unknown, SignedInStaff | null>,
    member: MemberRow,
    passkeyId: string,
  ) => Promise<SessionAnswer>,
) {
  const { database, site } = options
  const db = database.db

  async function validInvitation(token: string, context: AnyContext) {
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

  backOffice.publicRoute(staffApi.invitation, {
    response: InvitationAnswerSchema,
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

  backOffice.publicRoute(staffApi.invitationOptions, {
    response: PasskeyOptionsAnswer,
    body: InvitationRequest,
    limiter: options.challengeLimiter,
    async handler(context) {
      const invitation = await validInvitation(context.body.token, context)
      if (!invitation) return context.reply
      return {
        ...(await registrationChallenge(options, invitation.member_id, context.now, {
          invitationId: invitation.invitation_id,
        })),
      }
    },
  })

  backOffice.publicRoute(staffApi.acceptInvitation, {
    response: SessionAnswerSchema,
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
        // A new link replaces what was lost or stolen: the earlier passkeys and every session
        // (opened with them) end here.
        const retired = await trx
          .deleteFrom('staff_passkey')
          .where('member_id', '=', member.id)
          .executeTakeFirst()
        await endSessions(trx, member.id)
        await addPasskey(trx, {
          ...passkey,
          member_id: member.id,
          name: body.passkeyName || 'First passkey',
          created_at: now.toISOString(),
          last_used_at: now.toISOString(),
        })
        const earlier = Number(retired.numDeletedRows)
        await recordAudit(
          trx,
          { id: member.id, label: member.email },
          {
            action: 'invitation.accept',
            summary:
              earlier > 0
                ? `${member.email} used a new link and registered a passkey; ${earlier} earlier passkey${earlier === 1 ? '' : 's'} and their sessions ended`
                : `${member.email} accepted an invitation and registered a passkey`,
            target: { type: 'staff', id: member.id },
            details: { retiredPasskeys: earlier },
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
}
