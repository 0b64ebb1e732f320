/**
 * The first start of a server on a new database: the repository's content/ folder becomes the
 * first published revision of every page, article and setting, so `npm ci && npm start` on a fresh
 * clone serves the sample site. From then on the database is the source of what is published;
 * content/ is read again only by `npm run content -- import` (docs/decisions/014-content-as-data.md).
 */
import fs from 'node:fs'
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
 * import once (the repository takes a lock; the podcast's audio and artwork, stored first, are
 * stored once by the media library whoever comes first). A folder with bad content throws a
 * ContentError that names each file and field.
 */
export async function importContentOnFirstStart(options: {
  database: Database
  contentDir: string
  log: FirstStartLog
  /** Where the podcast's audio and artwork are stored (the process's media library). */
  library: MediaLibrary
}): Promise<'imported' | 'present' | 'no-folder'> {
  const { database, contentDir, log, library } = options
  const repository = createContentRepository(database)
  if (!(await repository.isEmpty())) return 'present'
  if (!fs.existsSync(contentDir)) {
    log.warn(
      { contentDir },
      'the database holds no content and there is no content folder to import it from: copy content/ beside the server (or set CONTENT_DIR), or run npm run content -- import <folder>',
    )
    return 'no-folder'
  }
  const { snapshot, stored, label } = readContentFolder(contentDir)
  await storeContentFiles(snapshot, stored, library, label)
  const result = await repository.importSnapshot(snapshot, {
    note: 'Imported from the content folder at first start',
  })
  if (!result.imported) return 'present'
  log.info(
    { contentDir, documents: result.documents, contentVersion: result.contentVersion },
    'content imported into the empty database',
  )
  return 'imported'
}
