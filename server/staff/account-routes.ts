/**
 * One's own account: the passkeys and sessions, and "confirm it's you"
 * (server/back-office/confirmation.ts), which adding or removing a passkey needs within the last five minutes. Each change to the passkeys
 * is mailed to the person when mail is on (notices.ts), beside its audit entry.
 */
import * as staffApi from '#common/staff-contracts.ts'
import {
  AccountAnswerSchema,
  ConfirmedAnswer,
  PasskeyAddedAnswer,
  PasskeyOptionsAnswer,
  PasskeyRemovedAnswer,
} from '#common/back-office-answers.ts'
import { AddPasskeyRequest, SignInRequest, StaffIdParams } from '#common/back-office-schemas.ts'
import type { AccountAnswer } from '#common/back-office.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { BackOffice, SignedInStaff } from '#server/back-office/table.ts'
import { confirmSession, refuseUnconfirmed } from '#server/back-office/confirmation.ts'
import { passkeyNotice, queueNotice } from './notices.ts'
import {
  authenticationOptionsFor,
  claimedChallenge,
  verifyRegistration,
  verifySignIn,
} from './passkeys.ts'
import {
  addPasskey,
  findPasskeyWithMember,
  listPasskeys,
  listSessions,
  recordPasskeyUse,
  removePasskey,
  saveChallenge,
  takeChallenge,
} from './repository.ts'
import {
  identity,
  registrationChallenge,
  unverified,
  type StaffRoutesOptions,
} from './route-helpers.ts'
import { SIGNED_IN } from '#server/back-office/roles.ts'
import { clearSessionCookie } from '#server/back-office/session-cookie.ts'

export function registerAccountRoutes(backOffice: BackOffice, options: StaffRoutesOptions) {
  accountRoute(backOffice, options)
  confirmRoutes(backOffice, options)
  passkeyRoutes(backOffice, options)
}

/** Mails the person about a change to their passkeys (when mail is on). */
async function notify(
  { database, site, outbox }: StaffRoutesOptions,
  staff: SignedInStaff,
  added: boolean,
  passkeyName: string,
  now: Date,
) {
  const queued = await queueNotice(database.db, outbox, {
    to: staff.email,
    subject: `A passkey was ${added ? 'added to' : 'removed from'} your DocuCommons back-office account`,
    lines: passkeyNotice(site, { added, passkeyName, by: staff.email, now }),
    now,
  })
  if (queued) outbox.wake()
}

/** The person, their passkeys and their sessions. */
function accountRoute(backOffice: BackOffice, { database }: StaffRoutesOptions) {
  const db = database.db
  backOffice.route(SIGNED_IN, staffApi.account, {
    response: AccountAnswerSchema,
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
}

// ── Confirm it's you ───────────────────────────────────────────────────────────────────────────

function confirmRoutes(backOffice: BackOffice, options: StaffRoutesOptions) {
  const { database, site } = options
  const db = database.db
  backOffice.route(SIGNED_IN, staffApi.confirmOptions, {
    response: PasskeyOptionsAnswer,
    limiter: options.challengeLimiter,
    async handler({ staff, now }) {
      const challengeOptions = await authenticationOptionsFor(
        site,
        await listPasskeys(db, staff.id),
      )
      await saveChallenge(db, {
        challenge: challengeOptions.challenge,
        purpose: 'confirm',
        memberId: staff.id,
        now,
      })
      return { ...challengeOptions }
    },
  })

  backOffice.route(SIGNED_IN, staffApi.confirm, {
    response: ConfirmedAnswer,
    body: SignInRequest,
    limiter: options.signInLimiter,
    async handler({ staff, body, now, reply, request }) {
      const challenge = claimedChallenge(body.credential)
      const taken = challenge && (await takeChallenge(db, challenge, 'confirm', now))
      if (!challenge || !taken || taken.member_id !== staff.id) return unverified(reply)
      const found = await findPasskeyWithMember(db, body.credential.id)
      // Only one of the person's own passkeys confirms it is them.
      const counter =
        found && found.member.id === staff.id
          ? await verifySignIn(site, body.credential, challenge, found.passkey)
          : undefined
      if (
        !found ||
        counter === undefined ||
        !(await recordPasskeyUse(db, found.passkey, counter, now))
      ) {
        request.log.info('a confirmation with a passkey answer that did not verify refused')
        return sendApiError(reply, 401, 'Your passkey could not be verified. Please try again.')
      }
      await confirmSession(db, staff.sessionHash, now)
      return { confirmedAt: now.toISOString() }
    },
  })
}

// ── Passkeys ───────────────────────────────────────────────────────────────────────────────────

function passkeyRoutes(backOffice: BackOffice, options: StaffRoutesOptions) {
  const { database, site } = options
  const db = database.db
  backOffice.route(SIGNED_IN, staffApi.passkeyOptions, {
    response: PasskeyOptionsAnswer,
    limiter: options.challengeLimiter,
    async handler({ staff, now, reply }) {
      if (refuseUnconfirmed(reply, staff, now)) return reply
      return { ...(await registrationChallenge(options, staff.id, now, { memberId: staff.id })) }
    },
  })

  backOffice.route(SIGNED_IN, staffApi.addPasskey, {
    response: PasskeyAddedAnswer,
    body: AddPasskeyRequest,
    async handler({ staff, body, now, reply, audit }) {
      if (refuseUnconfirmed(reply, staff, now)) return reply
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
      await notify(options, staff, true, name, now)
      return { id: passkey.id, name }
    },
  })

  backOffice.route(SIGNED_IN, staffApi.removePasskey, {
    response: PasskeyRemovedAnswer,
    params: StaffIdParams,
    async handler({ staff, params, now, reply, audit }) {
      if (refuseUnconfirmed(reply, staff, now)) return reply
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
      await notify(options, staff, false, passkey.name, now)
      const signedOut = passkey.id === staff.passkeyId
      if (signedOut) clearSessionCookie(reply)
      return { signedOut }
    },
  })
}
