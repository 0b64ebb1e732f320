/**
 * npm run forget -- someone@example.org
 * Erasure on request: deletes every contact message and the newsletter subscription of one
 * address (whatever its case), with any mail still queued for them, in one transaction, and
 * prints what it removed. Running it again removes nothing and says so.
 */
import { parseArgs } from 'node:util'
import { isEmailAddress } from '#common/contact-constants.ts'
import { forgetMessages } from '#server/contact/repository.ts'
import { forgetSubscriber } from '#server/newsletter/repository.ts'
import { fail, openConfiguredDatabase } from '#server/cli/database.ts'

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

  const database = await openConfiguredDatabase()
  if (!database) return
  try {
    const { messages, subscriptions } = await database.db.transaction().execute(async (trx) => ({
      messages: await forgetMessages(trx, email),
      subscriptions: await forgetSubscriber(trx, email),
    }))
    const lines = [
      ...messages.map(
        (m) =>
          `removed contact message received ${m.created_at}${m.spam_reason ? ` (spam: ${m.spam_reason})` : ''}`,
      ),
      ...subscriptions.map(
        (s) => `removed newsletter subscription of ${s.email} (${s.status}, since ${s.created_at})`,
      ),
    ]
    process.stdout.write(
      (lines.length > 0
        ? [
            ...lines,
            `${email}: ${messages.length} contact message(s) and ${subscriptions.length} subscription(s) removed.`,
          ]
        : [`${email}: nothing stored, nothing removed.`]
      ).join('\n') + '\n',
    )
  } finally {
    await database.close()
  }
}

if (import.meta.main) await forget(process.argv.slice(2))
