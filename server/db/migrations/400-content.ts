/**
 * Published content (server/content, docs/content.md): one document per page's copy, article,
 * settings and media manifest; its immutable revisions; the former slugs of articles; and one
 * content version, raised by every publish, that other server processes watch.
 */
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const contentMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('content_document')
      .addColumn('id', 'text', (col) => col.primaryKey())
      // Stable for the document's life: "page/home", "article/marisol-vega".
      .addColumn('key', 'text', (col) => col.notNull().unique())
      .addColumn('kind', 'text', (col) => col.notNull())
      // Articles only; unique where set (NULLs never collide on either engine).
      .addColumn('slug', 'text', (col) => col.unique())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('publish_at', 'text')
      .addColumn('published_revision_id', 'text')
      // Unpublished changes: the document's JSON and, for an article, its Markdown body.
      .addColumn('draft_data', 'text')
      .addColumn('draft_body', 'text')
      // Optimistic concurrency: every change raises it; a save from an older one is refused.
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('updated_by', 'text')
      .execute()
    await db.schema
      .createTable('content_revision')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('document_id', 'text', (col) =>
        col.notNull().references('content_document.id').onDelete('cascade'),
      )
      .addColumn('number', 'integer', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('body', 'text')
      // The staff account that published it; null for the importer.
      .addColumn('author_id', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('note', 'text')
      .addUniqueConstraint('content_revision_number', ['document_id', 'number'])
      .execute()
    await db.schema
      .createTable('content_redirect')
      .addColumn('from_slug', 'text', (col) => col.primaryKey())
      .addColumn('document_id', 'text', (col) =>
        col.notNull().references('content_document.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('content_redirect_document')
      .on('content_redirect')
      .column('document_id')
      .execute()
    await db.schema
      .createTable('content_state')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'text')
      .execute()
    await db.insertInto('content_state').values({ id: 1, version: 0 }).execute()
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropTable('content_state').execute()
    await db.schema.dropTable('content_redirect').execute()
    await db.schema.dropTable('content_revision').execute()
    await db.schema.dropTable('content_document').execute()
  },
}
