/**
 * Contact messages. Each row is also its own entry in the mail outbox: delivery_status,
 * delivery_attempts, next_attempt_at and last_error drive the notification worker
 * (server/mail/outbox.ts), so a message and its delivery state commit together.
 */
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const contactMessagesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('contact_message')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('submission_id', 'text', (col) => col.unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('website', 'text')
      .addColumn('message', 'text')
      .addColumn('spam_reason', 'text')
      .addColumn('delivery_status', 'text', (col) => col.notNull())
      .addColumn('delivery_attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('delivered_at', 'text')
      .execute()
    await db.schema
      .createIndex('contact_message_created_idx')
      .on('contact_message')
      .columns(['created_at', 'id'])
      .execute()
    await db.schema
      .createIndex('contact_message_outbox_idx')
      .on('contact_message')
      .columns(['delivery_status', 'next_attempt_at'])
      .execute()
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropTable('contact_message').execute()
  },
}
