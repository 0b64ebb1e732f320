/**
 * Site search (server/search, docs/search.md, docs/decisions/022-search-in-the-database.md): an
 * index derived from what is published, rebuilt at will (`npm run search -- rebuild`).
 *
 * - search_source: the documents the index holds, by the revision, slug and visibility indexed;
 *   a difference from content_document is what a sync indexes again.
 * - search_entry: one row per searchable thing (an article, a page, an episode, one line of an
 *   episode's transcript, a course), with what a result shows and the text searched: `title`
 *   weighs more than `body`. `visible_from` is when it may be found ('' for now).
 * - search_word: every word indexed, for typo tolerance (a trigram index finds near spellings).
 * - search_state: the content and catalogue versions the index reflects.
 *
 * SQLite: FTS5 with the porter stemmer over search_entry (external content, kept by triggers) and
 * a trigram FTS5 over search_word. PostgreSQL: a weighted tsvector (english) with a GIN index, and
 * pg_trgm over search_word.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const searchMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter
    if (postgres) await sql`create extension if not exists pg_trgm`.execute(db)
    await db.schema
      .createTable('search_source')
      .addColumn('document_key', 'text', (col) => col.primaryKey())
      .addColumn('revision_id', 'text', (col) => col.notNull())
      .addColumn('slug', 'text')
      .addColumn('visible_from', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('search_entry')
      .addColumn('id', postgres ? 'bigserial' : 'integer', (col) => col.primaryKey())
      .addColumn('document_key', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      // 1 for a line of a transcript, 0 otherwise: a result shows one line per episode.
      .addColumn('line', 'integer', (col) => col.notNull())
      .addColumn('visible_from', 'text', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('display_title', 'text', (col) => col.notNull())
      .addColumn('speaker', 'text')
      .addColumn('seconds', postgres ? sql`double precision` : 'real')
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('search_entry_document')
      .on('search_entry')
      .column('document_key')
      .execute()
    await db.schema
      .createTable('search_word')
      .addColumn('id', postgres ? 'bigserial' : 'integer', (col) => col.primaryKey())
      .addColumn('word', 'text', (col) => col.notNull().unique())
      .execute()
    await db.schema
      .createTable('search_state')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('content_version', 'integer', (col) => col.notNull())
      .addColumn('catalogue_version', 'integer', (col) => col.notNull())
      .execute()
    await db
      .insertInto('search_state')
      .values({ id: 1, content_version: -1, catalogue_version: -1 })
      .execute()
    if (postgres) {
      await sql`alter table search_entry add column document tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')
      ) stored`.execute(db)
      await sql`create index search_entry_document_gin on search_entry using gin (document)`.execute(
        db,
      )
      await sql`create index search_word_trigram on search_word using gin (word gin_trgm_ops)`.execute(
        db,
      )
      return
    }
    await sql`create virtual table search_fts using fts5(title, body, content='search_entry',
      content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`.execute(db)
    await sql`create trigger search_entry_added after insert on search_entry begin
      insert into search_fts(rowid, title, body) values (new.id, new.title, new.body); end`.execute(
      db,
    )
    await sql`create trigger search_entry_removed after delete on search_entry begin
      insert into search_fts(search_fts, rowid, title, body)
      values ('delete', old.id, old.title, old.body); end`.execute(db)
    await sql`create virtual table search_word_trigram using fts5(word, content='search_word',
      content_rowid='id', tokenize='trigram')`.execute(db)
    await sql`create trigger search_word_added after insert on search_word begin
      insert into search_word_trigram(rowid, word) values (new.id, new.word); end`.execute(db)
    await sql`create trigger search_word_removed after delete on search_word begin
      insert into search_word_trigram(search_word_trigram, rowid, word)
      values ('delete', old.id, old.word); end`.execute(db)
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter
    if (!postgres) {
      await sql`drop table search_word_trigram`.execute(db)
      await sql`drop table search_fts`.execute(db)
    }
    for (const table of ['search_state', 'search_word', 'search_entry', 'search_source'])
      await db.schema.dropTable(table).execute()
  },
}
