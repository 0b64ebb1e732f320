/**
 * npm run staff -- <command>   (node server/cli/staff.ts on a host)
 * The staff list from the host's command line, for the first administrator and for anyone locked
 * out: invite a person (prints a one-time link, valid 24 hours), make a new link for someone who
 * lost every passkey, list, change a role, remove. Every change is in the audit log as "command
 * line". The links point at the back office's origin (ADMIN_ORIGIN, else the site's public
 * address, set or built: server/staff/site.ts).
 *
 * The arguments are checked before the database and the staff code are loaded
 * (./staff-commands.ts): a wrong use is told at once, without loading what only a valid command
 * needs.
 */
import { parseArgs } from 'node:util'
import { ROLES, type Role } from '#common/back-office.ts'
import { isEmailAddress } from '#common/validation.ts'
import { fail } from './fail.ts'
import { isStaffCommand, USAGE } from './staff-usage.ts'

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

  if (!isStaffCommand(command)) return fail(`Unknown command "${command}".\n${USAGE}`, 2)
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

  const { runStaffCommand } = await import('./staff-commands.ts')
  await runStaffCommand({ command, email, role: newRole, name: parsed.values.name })
}

if (import.meta.main) await staff(process.argv.slice(2))
