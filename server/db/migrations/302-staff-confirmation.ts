/**
 * Issue 25: a session remembers when its person last confirmed it was them (a passkey with user
 * verification; signing in counts), for the changes that need a fresh confirmation; and the
 * notices mailed to a person when their passkeys change, each a row of the outbox.
 */
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const staffConfirmationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('staff_session').addColumn('confirmed_at', 'text').execute()
    await db.schema
      .createTable('staff_notice')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('mail_to', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('mail_status', 'text', (col) => col.notNull())
      .addColumn('mail_attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('mail_sent_at', 'text')
      .execute()
    await db.schema
      .createIndex('staff_notice_outbox_idx')
      .on('staff_notice')
      .columns(['mail_status', 'next_attempt_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('staff_notice').execute()
    await db.schema.alterTable('staff_session').dropColumn('confirmed_at').execute()
  },
}
