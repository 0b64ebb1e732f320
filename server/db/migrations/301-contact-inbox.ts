/**
 * The back office's inbox of contact messages: whether (and by whom) a message was handled, and
 * one partial index per view of the inbox (new, handled, spam, all but spam), each in
 * (created_at, id) order, so the newest page of any view and every page after it is an index
 * range scan at any number of rows (scripts/bench/inbox.ts measures it at 100,000).
 */
import { sql, type Kysely, type SqlBool } from 'kysely'
import type { Migration } from 'kysely/migration'

const VIEWS = {
  contact_message_new_idx: sql<SqlBool>`spam_reason is null and handled_at is null`,
  contact_message_handled_idx: sql<SqlBool>`spam_reason is null and handled_at is not null`,
  contact_message_spam_idx: sql<SqlBool>`spam_reason is not null`,
  contact_message_not_spam_idx: sql<SqlBool>`spam_reason is null`,
}

export const contactInboxMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema.alterTable('contact_message').addColumn('handled_at', 'text').execute()
    await db.schema.alterTable('contact_message').addColumn('handled_by', 'text').execute()
    for (const [name, condition] of Object.entries(VIEWS)) {
      await db.schema
        .createIndex(name)
        .on('contact_message')
        .columns(['created_at', 'id'])
        .where(condition)
        .execute()
    }
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    for (const name of Object.keys(VIEWS)) await db.schema.dropIndex(name).execute()
    await db.schema.alterTable('contact_message').dropColumn('handled_by').execute()
    await db.schema.alterTable('contact_message').dropColumn('handled_at').execute()
  },
}
