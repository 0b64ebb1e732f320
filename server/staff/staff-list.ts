/**
 * Changes to the staff list, with their audit entries: the same operations for the back office's
 * Staff page (routes.ts) and `npm run staff` (server/cli/staff.ts). Each refuses what would lock
 * the organisation out: no address twice, always at least one administrator.
 */
import type { Kysely } from 'kysely'
import { INVITATION_TTL_HOURS, type Role } from '#common/back-office.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'
import { recordAudit, type Actor, type AuditEntry } from '#server/back-office/audit.ts'
import {
  countAdmins,
  createInvitation,
  createMember,
  findMember,
  findMemberByEmail,
  removeMember,
  setRole,
  type MemberRow,
  type NewInvitation,
} from './repository.ts'

type Db = Kysely<DatabaseSchema>

export interface Invited {
  member: MemberRow
  invitation: NewInvitation
}

/** Adds a person and makes their first one-time link; undefined when the address is staff already. */
export async function invite(
  db: Db,
  input: { email: string; name?: string | undefined; role: Role },
  options: { by: Actor; mail: boolean; now: Date },
): Promise<Invited | undefined> {
  if (await findMemberByEmail(db, input.email)) return undefined
  const member = await createMember(db, { ...input, now: options.now })
  const invitation = await issueLink(db, member, options, {
    action: 'staff.invite',
    summary: `${options.by.label} invited ${member.email} as ${member.role}`,
    details: { role: member.role, mailed: options.mail },
  })
  return { member, invitation }
}

/** A new one-time link for a person (one who lost every passkey); earlier unused links stop working. */
export async function newLink(
  db: Db,
  member: MemberRow,
  options: { by: Actor; mail: boolean; now: Date },
): Promise<NewInvitation> {
  return issueLink(db, member, options, {
    action: 'staff.new-link',
    summary: `${options.by.label} made a new invitation link for ${member.email}`,
    details: { mailed: options.mail },
  })
}

async function issueLink(
  db: Db,
  member: MemberRow,
  options: { by: Actor; mail: boolean; now: Date },
  entry: Omit<AuditEntry, 'target'>,
): Promise<NewInvitation> {
  const invitation = await createInvitation(db, {
    memberId: member.id,
    email: member.email,
    now: options.now,
    createdBy: options.by.label,
    mail: options.mail,
    ttlHours: INVITATION_TTL_HOURS,
  })
  await recordAudit(
    db,
    options.by,
    { ...entry, target: { type: 'staff', id: member.id } },
    options.now,
  )
  return invitation
}

/**
 * Runs `work` in a transaction that first takes the administrators' rows for itself (an update
 * that changes nothing): PostgreSQL locks each row until the commit, and SQLite takes its write
 * lock at once. Two administrators demoting or removing each other at the same moment are so
 * answered one after the other, the second counting what the first left.
 */
async function withAdminsLocked<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_member')
      .set((eb) => ({ role: eb.ref('role') }))
      .where('role', '=', 'admin')
      .execute()
    return work(trx)
  })
}

/**
 * Changes a person's role; 'last-admin' when that would leave no administrator. The count, the
 * change and its audit entry are one transaction that holds (withAdminsLocked).
 */
export async function changeRole(
  db: Db,
  member: MemberRow,
  role: Role,
  options: { by: Actor; now: Date },
): Promise<'changed' | 'unchanged' | 'last-admin' | 'gone'> {
  return withAdminsLocked(db, async (trx) => {
    const current = await findMember(trx, member.id)
    if (!current) return 'gone'
    if (current.role === role) return 'unchanged'
    if (current.role === 'admin' && (await countAdmins(trx)) <= 1) return 'last-admin'
    await setRole(trx, current.id, role, options.now)
    await recordAudit(
      trx,
      options.by,
      {
        action: 'staff.role',
        summary: `${options.by.label} changed ${current.email}'s role from ${current.role} to ${role}`,
        target: { type: 'staff', id: current.id },
        details: { from: current.role, to: role },
      },
      options.now,
    )
    return 'changed'
  })
}

/** Removes a person with their passkeys and sessions; 'last-admin' when they are the only one. */
export async function remove(
  db: Db,
  member: MemberRow,
  options: { by: Actor; now: Date },
): Promise<'removed' | 'last-admin' | 'gone'> {
  return withAdminsLocked(db, async (trx) => {
    const current = await findMember(trx, member.id)
    if (!current) return 'gone'
    if (current.role === 'admin' && (await countAdmins(trx)) <= 1) return 'last-admin'
    await removeMember(trx, current.id)
    await recordAudit(
      trx,
      options.by,
      {
        action: 'staff.remove',
        summary: `${options.by.label} removed ${current.email} (${current.role}); their passkeys and sessions ended`,
        target: { type: 'staff', id: current.id },
      },
      options.now,
    )
    return 'removed'
  })
}
