/**
 * npm run content -- export <folder>
 * npm run content -- import <folder> [--replace]
 *
 * Moves published content between the database the server is configured with (DATA_DIR or
 * DATABASE_URL) and a folder in the repository's formats (docs/content.md): `export` writes
 * everything published, for review, backup or a new sample; `import` reads a folder into an empty
 * database, or with --replace into one that has content (every page, article and revision is
 * replaced). Ships with the server: production dependencies only.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readContentFolder, writeContentDir } from '#common/content/content-dir.ts'
import { ContentError } from '#common/content/problems.ts'
import { createContentRepository } from '#server/content/repository.ts'
import { syncSearchIndex } from '#server/search/index-sync.ts'
import { storeContentFiles } from '#server/content/stored-files.ts'
import { resolvePaths } from '#server/env.ts'
import { createMediaLibrary } from '#server/media/media-library.ts'
import { openConfiguredDatabase } from './database.ts'
import { fail } from './fail.ts'

const USAGE = [
  'Usage: npm run content -- export <folder>',
  '       npm run content -- import <folder> [--replace]',
  'export writes everything published in the configured database (DATA_DIR or DATABASE_URL) into',
  'a new or empty folder, as YAML and Markdown files like the repository’s content/.',
  'import reads such a folder into an empty database; --replace first deletes every page,',
  'article and revision the database holds.',
].join('\n')

export async function contentCommand(argv: string[]): Promise<void> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        replace: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`, 2)
  }
  if (parsed.values.help) return void process.stdout.write(USAGE + '\n')
  const [action, folder, ...extra] = parsed.positionals
  if ((action !== 'export' && action !== 'import') || !folder || extra.length > 0)
    return fail(USAGE, 2)
  if (action === 'export' && parsed.values.replace)
    return fail(`--replace is for import.\n${USAGE}`, 2)
  const dir = path.resolve(folder)

  // Check the folder before touching the database.
  if (action === 'export' && fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    return fail(`${dir} is not empty: export into a new or empty folder.`, 1)
  let source
  if (action === 'import') {
    try {
      source = readContentFolder(dir)
    } catch (error) {
      if (error instanceof ContentError)
        return fail(`${error.message}\nNothing was imported: fix the files above and try again.`, 1)
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return fail(`There is no folder ${dir} to import.`, 1)
      throw error
    }
  }

  const opened = await openConfiguredDatabase({ create: action === 'import' })
  if (!opened) return
  const { database, env } = opened
  // The podcast's audio and artwork: stored in the media library, as the server stores them.
  const library = createMediaLibrary({ database, dataDir: resolvePaths(env).dataDir })
  try {
    const repository = createContentRepository(database)
    if (action === 'export') {
      const published = await repository.readPublished()
      if (!published)
        return fail(
          `The database at ${database.location} holds no content yet: start the server once (it imports content/ into a new database) or run npm run content -- import <folder>.`,
          1,
        )
      const written = await writeContentDir(dir, published, (file) =>
        library.readBlob(file.sha256, file.size),
      )
      const version = await repository.contentVersion()
      process.stdout.write(
        `Exported ${written.length} files (content version ${version}) from ${database.location} to ${dir}.\n`,
      )
      return
    }
    const full = async () =>
      fail(
        `The database at ${database.location} already holds content (${await repository.documentCount()} documents). import fills an empty database; to replace every page, article and revision with ${dir}, run it again with --replace.`,
        1,
      )
    if (!parsed.values.replace && !(await repository.isEmpty())) return await full()
    try {
      await storeContentFiles(source!.snapshot, source!.stored, library, source!.label)
    } catch (error) {
      if (error instanceof ContentError)
        return fail(`${error.message}\nNothing was imported: fix the files above and try again.`, 1)
      throw error
    }
    const result = await repository.importSnapshot(source!.snapshot, {
      replace: parsed.values.replace,
      note: `Imported from ${path.basename(dir)} with npm run content`,
    })
    if (!result.imported) return await full()
    process.stdout.write(
      `${parsed.values.replace ? 'Replaced the content of' : 'Imported into'} ${database.location}: ${result.documents} documents from ${dir} (content version ${result.contentVersion}).\n`,
    )
    // The search index is derived from what was imported: made here, in a process that ends,
    // rather than by the first server to start (docs/operations.md, "Memory").
    const indexed = await syncSearchIndex(database)
    process.stdout.write(
      `Search index: ${Math.max(indexed.documents, 0)} documents indexed for what is published.\n`,
    )
  } finally {
    await database.close()
  }
}

if (import.meta.main) await contentCommand(process.argv.slice(2))
