/**
 * A contact message sent sooner after the form opened than FORM_MIN_FILL_MS is kept in the inbox
 * "to check" instead of in spam (docs/decisions/027-fast-forms-to-check.md): people with autofill
 * send that fast. Messages taken for spam for that reason alone come back to the inbox, to check,
 * since nobody saw them; they were never mailed, and are not mailed now.
 */
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const contactToCheckMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema.alterTable('contact_message').addColumn('check_reason', 'text').execute()
    await db
      .updateTable('contact_message')
      .set({ check_reason: 'too-fast', spam_reason: null })
      .where('spam_reason', '=', 'too-fast')
      .execute()
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db
      .updateTable('contact_message')
      .set({ spam_reason: 'too-fast' })
      .where('check_reason', '=', 'too-fast')
      .where('spam_reason', 'is', null)
      .execute()
    await db.schema.alterTable('contact_message').dropColumn('check_reason').execute()
  },
}
