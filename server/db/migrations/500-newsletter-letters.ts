/**
 * Letters to the newsletter's readers (issue 26, docs/newsletter.md):
 * - newsletter_letter: what staff write (subject, preheader, Markdown body), its state (draft,
 *   scheduled, sending, sent), and once sent the slug of its public copy at /newsletter/<slug>;
 * - newsletter_delivery: one row per reader of a letter, written in one INSERT … SELECT when the
 *   send starts, carrying its own outbox columns (server/newsletter/delivery-queue.ts). Its id is
 *   "<letter id>:<subscriber id>", so a second start of the same letter cannot add a second row,
 *   and an erasure deletes it with the subscriber (cascade);
 * - newsletter_subscriber.bounced_at: a permanent SMTP refusal; such an address is never mailed.
 */
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const newsletterLettersMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('newsletter_letter')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('source_key', 'text')
      .addColumn('slug', 'text', (col) => col.notNull().unique())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('preheader', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('send_at', 'text')
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .addColumn('recipients', 'integer')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text')
      .addColumn('sent_by', 'text')
      .execute()
    await db.schema
      .createIndex('newsletter_letter_status_idx')
      .on('newsletter_letter')
      .columns(['status', 'send_at'])
      .execute()

    await db.schema
      .createTable('newsletter_delivery')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('letter_id', 'text', (col) =>
        col.notNull().references('newsletter_letter.id').onDelete('cascade'),
      )
      .addColumn('subscriber_id', 'text', (col) =>
        col.notNull().references('newsletter_subscriber.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('unsubscribe_token', 'text')
      .execute()
    // The outbox asks "what is due" (status, next attempt); progress counts by letter and state.
    await db.schema
      .createIndex('newsletter_delivery_due_idx')
      .on('newsletter_delivery')
      .columns(['status', 'next_attempt_at'])
      .execute()
    await db.schema
      .createIndex('newsletter_delivery_letter_idx')
      .on('newsletter_delivery')
      .columns(['letter_id', 'status'])
      .execute()
    await db.schema
      .createIndex('newsletter_delivery_subscriber_idx')
      .on('newsletter_delivery')
      .column('subscriber_id')
      .execute()

    await db.schema.alterTable('newsletter_subscriber').addColumn('bounced_at', 'text').execute()
    await db.schema.alterTable('newsletter_subscriber').addColumn('bounce_reason', 'text').execute()
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.alterTable('newsletter_subscriber').dropColumn('bounce_reason').execute()
    await db.schema.alterTable('newsletter_subscriber').dropColumn('bounced_at').execute()
    await db.schema.dropTable('newsletter_delivery').execute()
    await db.schema.dropTable('newsletter_letter').execute()
  },
}
