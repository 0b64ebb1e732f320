/**
 * Unsubscribe tokens at rest (issue 21): only their SHA-256 is kept, in a table of their own,
 * so a copy of the database cannot unsubscribe anyone. Every mail to a subscriber gets a token
 * of its own; the plain token stays on the row only while its mail is in the outbox
 * (mail_unsubscribe_token, cleared with mail_token), and each hash keeps working for as long as
 * the subscriber exists, so every link ever mailed still works. The tokens of existing rows
 * become hashes here: the links mailed before this migration keep working.
 */
import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

const PAGE = 500

export const newsletterUnsubscribeHashesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('newsletter_unsubscribe_token')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('subscriber_id', 'text', (col) =>
        col.notNull().references('newsletter_subscriber.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('newsletter_unsubscribe_token_subscriber_idx')
      .on('newsletter_unsubscribe_token')
      .column('subscriber_id')
      .execute()
    await db.schema
      .alterTable('newsletter_subscriber')
      .addColumn('mail_unsubscribe_token', 'text')
      .execute()

    // A confirmation still in the outbox keeps the link it was composed with on its retries.
    await db
      .updateTable('newsletter_subscriber')
      .set((eb) => ({ mail_unsubscribe_token: eb.ref('unsubscribe_token') }))
      .where('mail_status', '=', 'pending')
      .execute()
    for (let after = ''; ;) {
      const rows: { id: string; unsubscribe_token: string | null; updated_at: string }[] = await db
        .selectFrom('newsletter_subscriber')
        .select(['id', 'unsubscribe_token', 'updated_at'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute()
      if (rows.length === 0) break
      const tokens = rows.flatMap((row) =>
        row.unsubscribe_token
          ? [
              {
                token_hash: crypto.createHash('sha256').update(row.unsubscribe_token).digest('hex'),
                subscriber_id: row.id,
                created_at: row.updated_at,
              },
            ]
          : [],
      )
      if (tokens.length > 0)
        await db.insertInto('newsletter_unsubscribe_token').values(tokens).execute()
      after = rows.at(-1)!.id
    }

    await db.schema.dropIndex('newsletter_subscriber_unsubscribe_idx').execute()
    await db.schema.alterTable('newsletter_subscriber').dropColumn('unsubscribe_token').execute()
  },

  // Plain tokens cannot be recovered from their hashes: going back gives every subscriber a new
  // token, and the links mailed since this migration stop working.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema
      .alterTable('newsletter_subscriber')
      .addColumn('unsubscribe_token', 'text')
      .execute()
    const rows: { id: string; mail_unsubscribe_token: string | null }[] = await db
      .selectFrom('newsletter_subscriber')
      .select(['id', 'mail_unsubscribe_token'])
      .execute()
    for (const row of rows) {
      await db
        .updateTable('newsletter_subscriber')
        .set({
          unsubscribe_token:
            row.mail_unsubscribe_token ?? crypto.randomBytes(32).toString('base64url'),
        })
        .where('id', '=', row.id)
        .execute()
    }
    await db.schema
      .createIndex('newsletter_subscriber_unsubscribe_idx')
      .on('newsletter_subscriber')
      .column('unsubscribe_token')
      .unique()
      .execute()
    await db.schema
      .alterTable('newsletter_subscriber')
      .dropColumn('mail_unsubscribe_token')
      .execute()
    await db.schema.dropTable('newsletter_unsubscribe_token').execute()
  },
}
