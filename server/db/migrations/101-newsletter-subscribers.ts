/**
 * Newsletter subscribers, one row per address (email_key is the lower-cased address). The
 * confirmation mail of the double opt-in is queued on the row itself (mail_status,
 * mail_attempts, next_attempt_at, last_error), like contact messages. Only a SHA-256 hash of the
 * confirmation token is stored.
 */
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const newsletterSubscribersMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('newsletter_subscriber')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('email_key', 'text', (col) => col.notNull().unique())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('spam_reason', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('token_hash', 'text', (col) => col.unique())
      .addColumn('token_expires_at', 'text')
      .addColumn('mail_status', 'text', (col) => col.notNull())
      .addColumn('mail_attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('mail_sent_at', 'text')
      .execute()
    await db.schema
      .createIndex('newsletter_subscriber_created_idx')
      .on('newsletter_subscriber')
      .columns(['created_at', 'id'])
      .execute()
    await db.schema
      .createIndex('newsletter_subscriber_outbox_idx')
      .on('newsletter_subscriber')
      .columns(['mail_status', 'next_attempt_at'])
      .execute()
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropTable('newsletter_subscriber').execute()
  },
}
