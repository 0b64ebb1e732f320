/**
 * npm run search -- rebuild     empties the search index and indexes everything published again
 * npm run search -- status      the versions the index reflects and how many entries it holds
 *
 * The index is derived from the published content and the catalogue (docs/search.md); every
 * server process keeps it current by itself, so a rebuild is for after a restore or a change of
 * how things are indexed. Safe beside a running server: the sync takes the index's write lock.
 */
import { createSiteSearch } from '#server/search/site-search.ts'
import { openConfiguredDatabase } from './database.ts'
import { fail } from './fail.ts'

const USAGE = 'Usage: npm run search -- rebuild | status'

async function main(command: string | undefined) {
  if (command !== 'rebuild' && command !== 'status') return fail(USAGE, 2)
  const opened = await openConfiguredDatabase()
  if (!opened) return
  const { database } = opened
  try {
    const search = createSiteSearch({ database })
    if (command === 'rebuild') {
      const started = performance.now()
      await search.sync({ rebuild: true })
      process.stdout.write(
        `Search index rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
      )
    }
    const state = await database.db
      .selectFrom('search_state')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    const count = await database.db
      .selectFrom('search_entry')
      .select((eb) => eb.fn.countAll<number>().as('entries'))
      .executeTakeFirstOrThrow()
    process.stdout.write(
      `${Number(count.entries)} entries; content version ${state.content_version}, catalogue version ${state.catalogue_version}.\n`,
    )
    await search.close()
  } finally {
    await database.close()
  }
}

if (import.meta.main) await main(process.argv[2])
