/**
 * npm run forget -- someone@example.org   (node server/cli/forget.ts on a host)
 * Erasure on request: deletes every record of one address (whatever its case) that any feature
 * stores (contact messages, the newsletter subscription, with mail still queued for them), in one
 * transaction, the same erasers as the back office's "Forget a person"; prints what it removed
 * and records the erasure in the audit log (its count and the address's hash, never the
 * address). Running it again removes nothing and says so.
 */
import { parseArgs } from 'node:util'
import { isEmailAddress } from '#common/validation.ts'
import { personalDataErasers } from '#server/erasers.ts'
import { describeCounts, erasePerson, erasureEntry } from '#server/privacy/erasure.ts'
import { COMMAND_LINE, recordAudit } from '#server/back-office/audit.ts'
import { openConfiguredDatabase } from './database.ts'
import { fail } from './fail.ts'

const USAGE = [
  'Usage: npm run forget -- <e-mail address>',
  'Deletes every contact message and newsletter subscription of the address (any case), with',
  'their queued mail, from the configured database (DATA_DIR or DATABASE_URL).',
].join('\n')

export async function forget(argv: string[]) {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h', default: false } },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`, 2)
  }
  if (parsed.values.help) return void process.stdout.write(USAGE + '\n')
  const [email, ...extra] = parsed.positionals.map((value) => value.trim())
  if (!email || extra.length > 0) return fail(`Give exactly one e-mail address.\n${USAGE}`, 2)
  if (!isEmailAddress(email))
    return fail(`"${email}" is not an e-mail address the site could have stored.`, 2)

  const opened = await openConfiguredDatabase()
  if (!opened) return
  const { database } = opened
  try {
    const erased = await erasePerson(database.db, personalDataErasers, email, (trx, done) =>
      recordAudit(trx, COMMAND_LINE, erasureEntry(email, done, 'the command line')),
    )
    const lines = erased.groups.flatMap((group) =>
      group.records.map((record) => `removed ${group.noun}: ${record}`),
    )
    process.stdout.write(
      (erased.total > 0
        ? [...lines, `${email}: ${describeCounts(erased)} removed.`]
        : [`${email}: nothing stored, nothing removed.`]
      ).join('\n') + '\n',
    )
  } finally {
    await database.close()
  }
}

if (import.meta.main) await forget(process.argv.slice(2))
