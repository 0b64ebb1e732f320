/**
 * Test helper: many contact messages at once, for the inbox's query plans and its benchmark
 * (scripts/bench/inbox.ts): one a `stepMs` apart from `from`, 10 % spam, 30 % new, the rest
 * handled, with a few words of text each ("garden" in one of every fifteen).
 */
import type { Insertable } from 'kysely'
import type { Database } from '#server/db/index.ts'
import type { ContactMessageTable } from '#server/db/schema.ts'
import { newRowId } from '#server/db/ids.ts'

const WORDS =
  'story workshop film library garden neighbours youth course insurance documentary partnership volunteer podcast archive community'.split(
    ' ',
  )

export async function insertManyMessages(
  database: Database,
  count: number,
  options: { from?: Date; stepMs?: number } = {},
): Promise<void> {
  const from = (options.from ?? new Date(Date.UTC(2024, 0, 1))).getTime()
  const step = options.stepMs ?? 60_000
  for (let offset = 0; offset < count; offset += 1000) {
    const rows: Insertable<ContactMessageTable>[] = []
    for (let i = offset; i < Math.min(count, offset + 1000); i++) {
      const at = new Date(from + i * step).toISOString()
      const kind = i % 10
      rows.push({
        id: newRowId(),
        submission_id: null,
        created_at: at,
        name: `Visitor ${i}`,
        email: `visitor${i}@example.org`,
        website: null,
        message: `About the ${WORDS[i % WORDS.length]} and the ${WORDS[(i * 7) % WORDS.length]}: message ${i}.`,
        spam_reason: kind === 0 ? 'honeypot' : null,
        delivery_status: 'sent',
        next_attempt_at: null,
        last_error: null,
        delivered_at: at,
        handled_at: kind >= 4 ? at : null,
        handled_by: kind >= 4 ? 'staff@example.org' : null,
      })
    }
    await database.db.insertInto('contact_message').values(rows).execute()
  }
}
