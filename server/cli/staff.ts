/**
 * npm run staff -- <command>   (node server/cli/staff.ts on a host)
 * The staff list from the host's command line, for the first administrator and for anyone locked
 * out: invite a person (prints a one-time link, valid 24 hours), make a new link for someone who
 * lost every passkey, list, change a role, remove. Every change is in the audit log as "command
 * line". The links point at the back office's origin (ADMIN_ORIGIN, else the site's public
 * address, set or built: server/staff/site.ts).
 */
import { parseArgs } from 'node:util'
import { INVITATION_TTL_HOURS, ROLE_LABELS, ROLES, type Role } from '#common/back-office.ts'
import { isEmailAddress } from '#common/validation.ts'
import { resolvePaths } from '#server/env.ts'
import { builtSettings } from '#server/site/site-build.ts'
import { COMMAND_LINE } from '#server/back-office/audit.ts'
import { invitationLink } from '#server/staff/invitation-mail.ts'
import { findMemberByEmail, listMembers, type NewInvitation } from '#server/staff/repository.ts'
import { adminSite, type AdminSite } from '#server/staff/site.ts'
import { changeRole, invite, newLink, remove } from '#server/staff/staff-list.ts'
import { fail, openConfiguredDatabase } from './database.ts'

const USAGE = `Usage: npm run staff -- <command>
  invite <e-mail> --role admin|editor [--name "Full Name"]
                      add a person to the back office; prints a one-time link (valid ${INVITATION_TTL_HOURS} hours)
                      with which they create their passkey
  link <e-mail>       a new one-time link for someone who lost every passkey (older links stop working)
  list                everyone on the staff list, with their role and passkeys
  role <e-mail> admin|editor
                      change a person's role
  remove <e-mail>     remove a person; their passkeys and sessions end at once
Works on the configured database (DATA_DIR or DATABASE_URL), with the server running or not.`

/** The PUBLIC_SITE_URL of the build the server serves, when the environment does not set it. */
function printLink(site: AdminSite, invitation: NewInvitation) {
  const until = invitation.expiresAt.toISOString().replace('T', ' ').slice(0, 16)
  process.stdout.write(
    `One-time link (works once, until ${until} UTC):\n${invitationLink(site, invitation.token)}\n`,
  )
  if (site.problem) process.stderr.write(`Warning: ${site.problem}\n`)
}

export async function staff(argv: string[]) {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        role: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`, 2)
  }
  const [command, ...rest] = parsed.positionals
  if (parsed.values.help || !command) {
    if (!command && !parsed.values.help) return fail(USAGE, 2)
    return void process.stdout.write(USAGE + '\n')
  }
  const expect = (count: number) =>
    rest.length === count ? true : fail(`"${command}" takes ${count} argument(s).\n${USAGE}`, 2)
  const address = (value: string | undefined) =>
    value && isEmailAddress(value.trim())
      ? value.trim()
      : fail(`"${value ?? ''}" is not an e-mail address.`, 2)
  const role = (value: string | undefined): Role | undefined =>
    (ROLES as readonly string[]).includes(value ?? '')
      ? (value as Role)
      : fail(`The role must be one of: ${ROLES.join(', ')} (got "${value ?? ''}").`, 2)

  if (!['invite', 'link', 'list', 'role', 'remove'].includes(command))
    return fail(`Unknown command "${command}".\n${USAGE}`, 2)
  let email: string | undefined
  let newRole: Role | undefined
  if (command === 'list') {
    if (!expect(0)) return
  } else if (command === 'role') {
    if (!expect(2) || !(email = address(rest[0])) || !(newRole = role(rest[1]))) return
  } else {
    if (!expect(1) || !(email = address(rest[0]))) return
    if (command === 'invite' && !(newRole = role(parsed.values.role))) return
  }

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
        { email: email!, name: parsed.values.name, role: newRole! },
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

if (import.meta.main) await staff(process.argv.slice(2))
