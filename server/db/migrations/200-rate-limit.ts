/**
 * Rate-limit windows shared by every server process on PostgreSQL (server/http/rate-limit.ts);
 * created on SQLite too, where the limiter counts in memory instead, so both schemas stay alike.
 */
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const rateLimitMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_limit_window')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('count', 'integer', (col) => col.notNull())
      // Milliseconds since 1970, when the window ends.
      .addColumn('reset_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('rate_limit_window_reset_at')
      .on('rate_limit_window')
      .column('reset_at')
      .execute()
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropTable('rate_limit_window').execute()
  },
}
