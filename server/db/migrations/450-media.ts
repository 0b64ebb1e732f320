/**
 * Uploaded media (server/media, docs/decisions/015-media-storage.md):
 * - media_blob: one row per distinct content (SHA-256 of the bytes), so equal bytes are stored
 *   once whoever saved them;
 * - media_blob_chunk: the bytes on PostgreSQL, in chunks of at most 1 MiB (bytea); on SQLite the
 *   bytes are files under DATA_DIR/media and this table stays empty, so both schemas stay alike;
 * - media_asset: one picture or audio file of the library (alt text, focal point, who, when);
 * - media_file: the files an asset is served as (variants, master, audio), by URL name.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const mediaMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter
    await db.schema
      .createTable('media_blob')
      .addColumn('sha256', 'text', (col) => col.primaryKey())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('media_blob_chunk')
      .addColumn('sha256', 'text', (col) =>
        col.notNull().references('media_blob.sha256').onDelete('cascade'),
      )
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('data', postgres ? sql`bytea` : 'blob', (col) => col.notNull())
      .addPrimaryKeyConstraint('media_blob_chunk_pk', ['sha256', 'seq'])
      .execute()
    if (postgres) {
      // The bytes are AVIF, WebP, JPEG, PNG or compressed audio already: TOAST's compression
      // would spend CPU on every write to gain nothing, and EXTERNAL lets a read of part of a
      // value fetch only that part.
      await sql`alter table media_blob_chunk alter column data set storage external`.execute(db)
    }
    await db.schema
      .createTable('media_asset')
      .addColumn('id', 'text', (col) => col.primaryKey())
      // The first 32 hex digits of the uploaded bytes' SHA-256: the stem of every URL it has.
      .addColumn('key', 'text', (col) => col.notNull().unique())
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('image', 'audio')`))
      .addColumn('original_name', 'text', (col) => col.notNull())
      .addColumn('mime', 'text', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('sha256', 'text', (col) => col.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('color', 'text')
      .addColumn('alt', 'text')
      .addColumn('focal_x', 'double precision')
      .addColumn('focal_y', 'double precision')
      // A staff account's id; no foreign key, so media outlive an account and need no staff table.
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('media_asset_created_idx')
      .on('media_asset')
      .columns(['created_at', 'id'])
      .execute()
    await db.schema
      .createTable('media_file')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('asset_id', 'text', (col) =>
        col.notNull().references('media_asset.id').onDelete('cascade'),
      )
      .addColumn('sha256', 'text', (col) => col.notNull().references('media_blob.sha256'))
      // 'variant' (a responsive width), 'master' (the re-encoded picture) or 'audio'.
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('format', 'text', (col) => col.notNull())
      .addColumn('mime', 'text', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .execute()
    await db.schema
      .createIndex('media_file_asset_idx')
      .on('media_file')
      .column('asset_id')
      .execute()
    await db.schema.createIndex('media_file_blob_idx').on('media_file').column('sha256').execute()
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropTable('media_file').execute()
    await db.schema.dropTable('media_asset').execute()
    await db.schema.dropTable('media_blob_chunk').execute()
    await db.schema.dropTable('media_blob').execute()
  },
}
