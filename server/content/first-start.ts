/**
 * The first start of a server on a new database: the repository's content/ folder becomes the
 * first published revision of every page, article and setting, so `npm ci && npm start` on a fresh
 * clone serves the sample site. From then on the database is the source of what is published;
 * content/ is read again only by `npm run content -- import` (docs/decisions/014-content-as-data.md).
 */
import fs from 'node:fs'
import { sql } from 'kysely'
import { readContentFolder } from '#common/content/content-dir.ts'
import type { Database } from '#server/db/index.ts'
import type { MediaLibrary } from '#server/media/media-library.ts'
import { createContentRepository } from './repository.ts'
import { storeContentFiles } from './stored-files.ts'

export interface FirstStartLog {
  info(object: object, message: string): void
  warn(object: object, message: string): void
}

/**
 * Imports `contentDir` when the database holds no content. Several processes starting at once
 * on PostgreSQL take turns (a session lock), so one reads, checks and stores the folder (the
 * podcast's audio, and its artwork through sharp, a few seconds) and the others find it done; the
 * repository's own lock keeps the import single in any case. A folder with bad content throws a
 * ContentError that names each file and field.
 */
/** How long a process waits for another one's first-start import before giving up. */
const FIRST_START_WAIT_MS = 5 * 60_000

export async function importContentOnFirstStart(options: {
  database: Database
  contentDir: string
  log: FirstStartLog
  /** Where the podcast's audio and artwork are stored (the process's media library). */
  library: MediaLibrary
}): Promise<'imported' | 'present' | 'no-folder'> {
  const { database } = options
  if (database.dialect === 'sqlite') return importOnce(options)
  // pg_advisory_lock(key1, key2): "LLL" (the site) and 401 (the first start's import). Taken
  // with pg_try_advisory_lock in a loop: a waiting pg_advisory_lock is one statement, and the
  // pool's statement_timeout would cancel it while another process imports on a slow machine.
  return database.db.connection().execute(async (connection) => {
    const deadline = performance.now() + FIRST_START_WAIT_MS
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      const { rows } = await sql<{
        locked: boolean
      }>`select pg_try_advisory_lock(${sql.lit(0x4c4c4c)}, ${sql.lit(401)}) as locked`.execute(
        connection,
      )
      if (rows[0]?.locked) break
      if (performance.now() > deadline)
        throw new Error(
          `Another process has been importing the content folder for ${FIRST_START_WAIT_MS / 1000} s; this one gives up (start it again once that import is done)`,
        )
      await new Promise((resolve) => setTimeout(resolve, pause))
    }
    try {
      return await importOnce(options)
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(0x4c4c4c)}, ${sql.lit(401)})`.execute(
        connection,
      )
    }
  })
}

async function importOnce(options: Parameters<typeof importContentOnFirstStart>[0]) {
  const { database, contentDir, log, library } = options
  const repository = createContentRepository(database)
  if (!(await repository.isEmpty())) return 'present' as const
  if (!fs.existsSync(contentDir)) {
    log.warn(
      { contentDir },
      'the database holds no content and there is no content folder to import it from: copy content/ beside the server (or set CONTENT_DIR), or run npm run content -- import <folder>',
    )
    return 'no-folder' as const
  }
  const { snapshot, stored, label } = readContentFolder(contentDir)
  await storeContentFiles(snapshot, stored, library, label)
  const result = await repository.importSnapshot(snapshot, {
    note: 'Imported from the content folder at first start',
  })
  if (!result.imported) return 'present' as const
  log.info(
    { contentDir, documents: result.documents, contentVersion: result.contentVersion },
    'content imported into the empty database',
  )
  return 'imported' as const
}
