/**
 * "Send this episode to readers" (ADR 024): the letter that announces a publication, one per
 * episode or article. `announces` holds "episode/<slug>" for such a letter (null for every
 * other); its unique index makes a retried or doubled request find the letter the first one made
 * instead of making and mailing a second.
 */
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const newsletterAnnouncementsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema.alterTable('newsletter_letter').addColumn('announces', 'text').execute()
    // Both databases let any number of rows hold null in a unique index.
    await db.schema
      .createIndex('newsletter_letter_announces_idx')
      .on('newsletter_letter')
      .column('announces')
      .unique()
      .execute()
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('newsletter_letter_announces_idx').execute()
    await db.schema.alterTable('newsletter_letter').dropColumn('announces').execute()
  },
}
