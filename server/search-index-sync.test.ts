/**
 * A sync of many documents is done in slices (server/search/index-sync.ts): the event loop turns,
 * and another writer gets its turn, while a first start indexes the whole site; the index ends
 * equal to what is published all the same. SQLite, where a query holds the thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { createContentRepository } from '#server/content/repository.ts'
import { createTestDatabase, type TestDatabase } from '#server/test/databases.ts'
import { newEpisode } from '#server/test/search-sample.ts'
import { syncSearchIndex } from '#server/search/index-sync.ts'
import { createSiteSearch } from '#server/search/site-search.ts'

const EPISODES = 120
const LINES = 120

const cue = (n: number) =>
  `00:${String(Math.floor(n / 6)).padStart(2, '0')}:${String((n % 6) * 10).padStart(2, '0')}.000 --> ` +
  `00:${String(Math.floor(n / 6)).padStart(2, '0')}:${String((n % 6) * 10 + 9).padStart(2, '0')}.000\n` +
  `<v Ines Calloway>Line ${n} of the day: the tenants' union met the housing council again.`

describe('search index sync, in slices', () => {
  let testDb: TestDatabase

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    const sample = readContentDir('content')
    const template = newEpisode().data
    const episodes = Array.from({ length: EPISODES }, (_, i) => ({
      slug: `day-${i + 1}`,
      notes: 'Notes of the day.\n',
      data: {
        ...structuredClone(template),
        title: `Day ${i + 1} of the long winter`,
        number: 2000 + i,
        guid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
        duration: LINES * 10 + 5,
        files: {
          ...template.files,
          transcript: `WEBVTT\n\n${Array.from({ length: LINES }, (_, n) => cue(n)).join('\n\n')}\n`,
        },
      },
    }))
    const imported = await createContentRepository(testDb.database).importSnapshot({
      ...sample,
      podcast: { ...sample.podcast, episodes: [...sample.podcast.episodes, ...episodes] },
    })
    if (!imported.imported) throw new Error('not imported')
  })
  afterAll(async () => {
    await testDb?.drop()
  })

  it('lets the event loop and other writers in while it indexes a whole site, and ends complete', async () => {
    let turns = 0
    let syncing = true
    const tick = () => {
      turns++
      if (syncing) setImmediate(tick)
    }
    setImmediate(tick)
    // A write that comes while the sync runs: it commits before the sync ends.
    let wroteDuringSync = false
    const write = new Promise<void>((resolve) =>
      setImmediate(async () => {
        await testDb.database.db
          .updateTable('search_state')
          .set({ catalogue_version: 0 })
          .where('id', '=', 1)
          .execute()
        wroteDuringSync = syncing
        resolve()
      }),
    )
    const result = await syncSearchIndex(testDb.database)
    syncing = false
    await write
    expect(result.documents).toBeGreaterThan(EPISODES)
    expect(turns).toBeGreaterThan(2)
    expect(wroteDuringSync).toBe(true)

    const search = createSiteSearch({
      database: testDb.database,
      clock: () => new Date('2027-01-01T00:00:00Z'),
    })
    const hits = (await search.search({ q: 'Day 120 of the long winter', kind: 'episode' })).hits
    expect(hits[0]?.url).toBe('/listen/day-120')
    await search.close()
  })
})
