/**
 * The catalogue's tables. One query builder serves SQLite and PostgreSQL; the only engine-specific
 * part is the cross-process lock, which exists on PostgreSQL (the engine that several server
 * processes share) and is unnecessary on the embedded SQLite file, which one process owns.
 */
import { setImmediate } from 'node:timers/promises'
import { sql } from 'kysely'
import type { Course } from '#common/course-schemas.ts'
import type { Database } from '#server/db/index.ts'

export interface SyncRecord {
  provider: string | null
  version: number
  lastAttemptAt: string | null
  lastFinishedAt: string | null
  lastSuccessAt: string | null
  lastErrorStatus: number | null
  lastErrorMessage: string | null
}

export interface StoredCatalogue {
  version: number
  courses: Course[]
}

/**
 * Rows per INSERT, well under SQLite's 32766 bound variables with 8 columns a row. A store's
 * courses can be kilobytes each, so a batch is kept to about half a megabyte, and the event loop
 * gets a turn between batches (SQLite runs each statement on it).
 */
const INSERT_BATCH = 100

/** pg_advisory_lock(key1, key2): "LLL" (the site) and 1 (the catalogue sync). */
const LOCK_KEYS = [0x4c4c4c, 1] as const

export function createCatalogueRepository(database: Database) {
  const { db } = database

  async function readSyncRecord(): Promise<SyncRecord> {
    const row = await db
      .selectFrom('catalogue_sync')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirst()
    return {
      provider: row?.provider ?? null,
      version: Number(row?.version ?? 0),
      lastAttemptAt: row?.last_attempt_at ?? null,
      lastFinishedAt: row?.last_finished_at ?? null,
      lastSuccessAt: row?.last_success_at ?? null,
      lastErrorStatus: row?.last_error_status ?? null,
      lastErrorMessage: row?.last_error_message ?? null,
    }
  }

  return {
    readSyncRecord,

    /** The saved catalogue. The version is read first: if a sync commits in between, the copy is
     * labelled older than it is and the next version check reloads it, never the reverse. */
    async readCatalogue(): Promise<StoredCatalogue> {
      const { version } = await readSyncRecord()
      const rows = await db
        .selectFrom('catalogue_course')
        .selectAll()
        .orderBy('position')
        .orderBy('id')
        .execute()
      return {
        version,
        courses: rows.map((row) => ({
          id: row.id,
          title: row.title,
          description: row.description,
          price: Number(row.price_cents) / 100,
          url: row.url,
          image_url: row.image_url,
        })),
      }
    },

    async recordAttempt(provider: string, at: string) {
      await db
        .updateTable('catalogue_sync')
        .set({ provider, last_attempt_at: at })
        .where('id', '=', 1)
        .execute()
    },

    async recordFailure(at: string, status: number, message: string) {
      await db
        .updateTable('catalogue_sync')
        .set({ last_finished_at: at, last_error_status: status, last_error_message: message })
        .where('id', '=', 1)
        .execute()
    },

    /**
     * Replaces the whole catalogue in one transaction (new, changed and removed courses at
     * once), so a reader sees the old catalogue or the new one, never a mix. Returns the new
     * version.
     */
    async replaceCatalogue(
      courses: readonly Course[],
      provider: string,
      at: string,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('catalogue_course').execute()
        for (let start = 0; start < courses.length; start += INSERT_BATCH) {
          if (start > 0) await setImmediate()
          const rows = courses.slice(start, start + INSERT_BATCH).map((course, offset) => ({
            id: course.id,
            position: start + offset,
            title: course.title,
            description: course.description,
            price_cents: Math.round(course.price * 100),
            url: course.url,
            image_url: course.image_url,
            synced_at: at,
          }))
          await trx.insertInto('catalogue_course').values(rows).execute()
        }
        const row = await trx
          .updateTable('catalogue_sync')
          .set((eb) => ({
            provider,
            version: eb('version', '+', 1),
            last_finished_at: at,
            last_success_at: at,
            last_error_status: null,
            last_error_message: null,
            course_count: courses.length,
          }))
          .where('id', '=', 1)
          .returning('version')
          .executeTakeFirstOrThrow()
        return Number(row.version)
      })
    },

    /**
     * Runs fn while holding the catalogue's sync lock. On PostgreSQL that is a session advisory
     * lock on one pooled connection: a second process waits here until the first has finished
     * its sync, then re-reads the sync record and finds the cooldown running. The wait is
     * bounded (a refresh must answer before the site's 30 s request timeout); past it, fn is not
     * run and undefined is returned.
     */
    async withSyncLock<T>(fn: () => Promise<T>, waitMs: number): Promise<{ value: T } | undefined> {
      if (database.dialect !== 'postgres') return { value: await fn() }
      return db.connection().execute(async (connection) => {
        const deadline = performance.now() + waitMs
        for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
          const { rows } = await sql<{
            locked: boolean
          }>`select pg_try_advisory_lock(${sql.lit(LOCK_KEYS[0])}, ${sql.lit(LOCK_KEYS[1])}) as locked`.execute(
            connection,
          )
          if (rows[0]?.locked) break
          if (performance.now() + pause > deadline) return undefined
          await new Promise((resolve) => setTimeout(resolve, pause))
        }
        try {
          return { value: await fn() }
        } finally {
          await sql`select pg_advisory_unlock(${sql.lit(LOCK_KEYS[0])}, ${sql.lit(LOCK_KEYS[1])})`.execute(
            connection,
          )
        }
      })
    },
  }
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>
