/**
 * What `npm run staff` (server/cli/staff.ts) accepts: its commands and its usage text. A module of
 * its own so that the command's work (./staff-commands.ts) can name the commands without importing
 * the entry point that loads it.
 */
import { INVITATION_TTL_HOURS } from '#common/back-office.ts'

export const USAGE = `Usage: npm run staff -- <command>
  invite <e-mail> --role admin|editor [--name "Full Name"]
                      add a person to the back office; prints a one-time link (valid ${INVITATION_TTL_HOURS} hours)
                      with which they create their passkey
  link <e-mail>       a new one-time link for someone who lost every passkey (older links stop working)
  list                everyone on the staff list, with their role and passkeys
  role <e-mail> admin|editor
                      change a person's role
  remove <e-mail>     remove a person; their passkeys and sessions end at once
Works on the configured database (DATA_DIR or DATABASE_URL), with the server running or not.`

export const STAFF_COMMANDS = ['invite', 'link', 'list', 'role', 'remove'] as const
export type StaffCommandName = (typeof STAFF_COMMANDS)[number]
export const isStaffCommand = (name: string): name is StaffCommandName =>
  (STAFF_COMMANDS as readonly string[]).includes(name)
