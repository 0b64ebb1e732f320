/**
 * The work of `npm run staff` (server/cli/staff.ts), once its arguments are checked: on the
 * configured database, with the back office's origin for the links.
 */
import { ROLE_LABELS, type Role } from '#common/back-office.ts'
import { resolvePaths } from '#server/env.ts'
import { builtSettings } from '#server/site/site-config.ts'
import { COMMAND_LINE } from '#server/back-office/audit.ts'
import { invitationLink } from '#server/staff/invitation-mail.ts'
import { findMemberByEmail, listMembers, type NewInvitation } from '#server/staff/repository.ts'
import { adminSite, type AdminSite } from '#server/staff/site.ts'
import { changeRole, invite, newLink, remove } from '#server/staff/staff-list.ts'
import { openConfiguredDatabase } from './database.ts'
import { fail } from './fail.ts'
import type { StaffCommandName } from './staff-usage.ts'

/** The one-time link of an invitation, and a warning when the origin it names is doubtful. */
function printLink(site: AdminSite, invitation: NewInvitation) {
  const until = invitation.expiresAt.toISOString().replace('T', ' ').slice(0, 16)
  process.stdout.write(
    `One-time link (works once, until ${until} UTC):\n${invitationLink(site, invitation.token)}\n`,
  )
  if (site.problem) process.stderr.write(`Warning: ${site.problem}\n`)
}

export interface StaffCommand {
  command: StaffCommandName
  /** Checked: an e-mail address, for every command but list. */
  email?: string
  /** Checked: for invite and role. */
  role?: Role
  name?: string
}

export async function runStaffCommand({ command, email, role: newRole, name }: StaffCommand) {
  const opened = await openConfiguredDatabase()
  if (!opened) return
  const { database, env } = opened
  const db = database.db
  const now = new Date()
  const site = adminSite(env, builtSettings(resolvePaths(env).buildDir).PUBLIC_SITE_URL)
  try {
    if (command === 'list') {
      const members = await listMembers(db, now)
      if (members.length === 0)
        return void process.stdout.write(
          'Nobody is on the staff list yet. Invite the first administrator:\n  npm run staff -- invite you@example.org --role admin\n',
        )
      for (const m of members)
        process.stdout.write(
          `${m.email}\t${m.role}\t${m.passkeys} passkey(s)\t${m.last_sign_in_at ? `last signed in ${m.last_sign_in_at}` : 'never signed in'}${m.invitation_expires_at ? `\tlink valid until ${m.invitation_expires_at}` : ''}\n`,
        )
      return
    }
    if (command === 'invite') {
      const invited = await invite(
        db,
        { email: email!, name, role: newRole! },
        { by: COMMAND_LINE, mail: false, now },
      )
      if (!invited)
        return fail(
          `${email} is already on the staff list. For a new link: npm run staff -- link ${email}`,
        )
      process.stdout.write(
        `Invited ${invited.member.email} as ${ROLE_LABELS[newRole!].toLowerCase()}.\n`,
      )
      return printLink(site, invited.invitation)
    }
    const member = await findMemberByEmail(db, email!)
    if (!member) return fail(`${email} is not on the staff list (npm run staff -- list).`)
    if (command === 'link') {
      process.stdout.write(`A new link for ${member.email}; earlier links no longer work.\n`)
      return printLink(site, await newLink(db, member, { by: COMMAND_LINE, mail: false, now }))
    }
    if (command === 'role') {
      const changed = await changeRole(db, member, newRole!, { by: COMMAND_LINE, now })
      if (changed === 'last-admin')
        return fail(
          `${member.email} is the only administrator: make someone else an administrator first.`,
        )
      return void process.stdout.write(
        changed === 'changed'
          ? `${member.email} is now ${ROLE_LABELS[newRole!].toLowerCase()}.\n`
          : `${member.email} already is ${ROLE_LABELS[newRole!].toLowerCase()}.\n`,
      )
    }
    if ((await remove(db, member, { by: COMMAND_LINE, now })) === 'last-admin')
      return fail(`${member.email} is the only administrator and cannot be removed.`)
    process.stdout.write(`Removed ${member.email}; their passkeys and sessions have ended.\n`)
  } finally {
    await database.close()
  }
}
