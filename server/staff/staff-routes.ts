/**
 * The administrators' part: the staff list (invite, a new link, change a role, remove), each
 * change behind a fresh "confirm it's you" (confirmation.ts), and the audit log. A link for
 * another administrator goes only to them when mail is on: the issuing administrator sees it
 * only when mail is off (someone has to pass it on).
 */
import * as staffApi from '#common/staff-contracts.ts'
import {
  AuditAnswerSchema,
  InvitationLinkAnswerSchema,
  OkAnswer,
  StaffListAnswerSchema,
  StaffMemberAnswer,
} from '#common/back-office-answers.ts'
import {
  AuditQuery,
  InviteRequest,
  RoleRequest,
  StaffIdParams,
} from '#common/back-office-schemas.ts'
import type { AuditAnswer, InvitationLinkAnswer, StaffListAnswer } from '#common/back-office.ts'
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts'
import { sendApiError } from '#server/http/api-error.ts'
import { auditFacets, listAudit } from '#server/back-office/audit.ts'
import type { BackOffice, SignedInStaff } from '#server/back-office/table.ts'
import { refuseUnconfirmed } from '#server/back-office/confirmation.ts'
import { invitationLink } from './invitation-mail.ts'
import { findMember, listMembers, type MemberRow, type NewInvitation } from './repository.ts'
import { memberSummary, type AnyContext, type StaffRoutesOptions } from './route-helpers.ts'
import { ADMIN_ONLY } from '#server/back-office/roles.ts'
import { changeRole, invite, newLink, remove } from './staff-list.ts'

const AUDIT_PAGE = 50

export function registerStaffListRoutes(backOffice: BackOffice, options: StaffRoutesOptions) {
  const { database, outbox, site } = options
  const db = database.db

  const summaryOf = async (id: string, now: Date) =>
    memberSummary((await listMembers(db, now)).find((row) => row.id === id)!)
  /** The person as the list shows them, with their new link (e-mailed too when mail is set up). */
  const linkAnswer = async (
    member: Pick<MemberRow, 'id' | 'role'>,
    staff: SignedInStaff,
    invitation: NewInvitation,
    now: Date,
  ): Promise<InvitationLinkAnswer> => {
    if (outbox.enabled) outbox.wake()
    // An administrator's link grants an administrator's access: with mail on, only they get it.
    const hidden = outbox.enabled && member.role === 'admin' && member.id !== staff.id
    return {
      member: await summaryOf(member.id, now),
      link: hidden ? null : invitationLink(site, invitation.token),
      expiresAt: invitation.expiresAt.toISOString(),
      mailed: outbox.enabled,
    }
  }
  const actor = (staff: SignedInStaff) => ({ id: staff.id, label: staff.email })
  const noSuchPerson = (reply: AnyContext['reply']) =>
    sendApiError(reply, 404, 'There is no such person on the staff list.')

  backOffice.route(ADMIN_ONLY, staffApi.staffList, {
    response: StaffListAnswerSchema,
    async handler({ now }) {
      return {
        members: (await listMembers(db, now)).map(memberSummary),
        mail: outbox.enabled,
      } satisfies StaffListAnswer
    },
  })

  backOffice.route(ADMIN_ONLY, staffApi.invite, {
    response: InvitationLinkAnswerSchema,
    body: InviteRequest,
    async handler({ body, staff, now, reply }) {
      if (refuseUnconfirmed(reply, staff, now)) return reply
      const invited = await invite(db, body, { by: actor(staff), mail: outbox.enabled, now })
      if (!invited)
        return sendApiError(
          reply,
          409,
          `${body.email} is already on the staff list. Send them a new link from there instead.`,
          { fields: { email: 'This address is already on the staff list.' } },
        )
      return linkAnswer(invited.member, staff, invited.invitation, now)
    },
  })

  backOffice.route(ADMIN_ONLY, staffApi.newInvitationLink, {
    response: InvitationLinkAnswerSchema,
    params: StaffIdParams,
    async handler({ params, staff, now, reply }) {
      if (refuseUnconfirmed(reply, staff, now)) return reply
      const member = await findMember(db, params.id)
      if (!member) return noSuchPerson(reply)
      const invitation = await newLink(db, member, { by: actor(staff), mail: outbox.enabled, now })
      return linkAnswer(member, staff, invitation, now)
    },
  })

  backOffice.route(ADMIN_ONLY, staffApi.changeRole, {
    response: StaffMemberAnswer,
    params: StaffIdParams,
    body: RoleRequest,
    async handler({ params, body, staff, now, reply }) {
      if (refuseUnconfirmed(reply, staff, now)) return reply
      const member = await findMember(db, params.id)
      if (!member) return noSuchPerson(reply)
      const changed = await changeRole(db, member, body.role, { by: actor(staff), now })
      if (changed === 'gone') return noSuchPerson(reply)
      if (changed === 'last-admin')
        return sendApiError(
          reply,
          409,
          'The back office needs at least one administrator: make someone else an administrator first.',
        )
      return summaryOf(member.id, now)
    },
  })

  backOffice.route(ADMIN_ONLY, staffApi.removeMember, {
    response: OkAnswer,
    params: StaffIdParams,
    async handler({ params, staff, now, reply }) {
      if (refuseUnconfirmed(reply, staff, now)) return reply
      const member = await findMember(db, params.id)
      if (!member) return noSuchPerson(reply)
      if (member.id === staff.id)
        return sendApiError(reply, 409, 'You cannot remove yourself. Another administrator can.')
      const removed = await remove(db, member, { by: actor(staff), now })
      if (removed === 'gone') return noSuchPerson(reply)
      if (removed === 'last-admin')
        return sendApiError(reply, 409, 'The back office needs at least one administrator.')
      return { ok: true as const }
    },
  })

  backOffice.route(ADMIN_ONLY, staffApi.auditLog, {
    response: AuditAnswerSchema,
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
