/**
 * The course catalogue: the courses as last synced from the store, and the one-row sync record
 * that carries the refresh cooldown across server processes.
 */
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const catalogueMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('catalogue_course')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('image_url', 'text', (col) => col.notNull())
      .addColumn('synced_at', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('catalogue_sync')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('provider', 'text')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_attempt_at', 'text')
      .addColumn('last_finished_at', 'text')
      .addColumn('last_success_at', 'text')
      .addColumn('last_error_status', 'integer')
      .addColumn('last_error_message', 'text')
      .addColumn('course_count', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.insertInto('catalogue_sync').values({ id: 1 }).execute()
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropTable('catalogue_sync').execute()
    await db.schema.dropTable('catalogue_course').execute()
  },
}
