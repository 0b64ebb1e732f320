/**
 * Consent records for newsletter subscribers: when and how consent was given, when it was
 * withdrawn, a per-subscriber unsubscribe token for the links in every mail, and the
 * confirmation token of a mail still in the outbox (so a retry sends the same link).
 */
import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const newsletterConsentMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    // SQLite adds one column per ALTER TABLE.
    for (const column of [
      'consent_at',
      'consent_source',
      'unsubscribed_at',
      'unsubscribe_token',
      'mail_token',
    ]) {
      await db.schema.alterTable('newsletter_subscriber').addColumn(column, 'text').execute()
    }
    const rows = await db
      .selectFrom('newsletter_subscriber')
      .select(['id', 'created_at', 'status', 'mail_status'])
      .execute()
    for (const row of rows) {
      // A confirmation mail still queued gets its token now, so its retries keep one link.
      const queued = row.status === 'pending' && row.mail_status === 'pending'
      const mailToken = queued ? crypto.randomBytes(32).toString('base64url') : null
      await db
        .updateTable('newsletter_subscriber')
        .set({
          consent_at: row.status === 'spam' ? null : row.created_at,
          consent_source: row.status === 'spam' ? null : 'newsletter sign-up form',
          unsubscribe_token: crypto.randomBytes(32).toString('base64url'),
          ...(mailToken
            ? {
                mail_token: mailToken,
                token_hash: crypto.createHash('sha256').update(mailToken).digest('hex'),
                token_expires_at: null,
              }
            : {}),
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
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('newsletter_subscriber_unsubscribe_idx').execute()
    for (const column of [
      'mail_token',
      'unsubscribe_token',
      'unsubscribed_at',
      'consent_source',
      'consent_at',
    ]) {
      await db.schema.alterTable('newsletter_subscriber').dropColumn(column).execute()
    }
  },
}
