/**
 * A sync of many documents is done in slices (server/search/index-sync.ts): the event loop turns,
 * and another writer gets its turn, while a first start indexes the whole site; the index ends
 * equal to what is published all the same. SQLite, where a query holds the thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { createContentRepository } from '#server/content/repository.ts'
import { createTestDatabase, type TestDatabase } from '#server/test/databases.ts'
import { newEpisode, publishBody } from '#server/test/search-sample.ts'
import { markdownText } from '#server/search/entries.ts'
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

    expect(await firstHit(testDb, 'Day 120 of the long winter', 'episode')).toBe('/listen/day-120')
  })

  // Reading a body for its words is Markdown parsing, the costly part of indexing: it runs on the
  // entries thread (server/search/entries-thread.ts), never on the thread that answers requests.
  it('reads a long body for its words off the thread that answers requests', async () => {
    const key = 'episode/day-1'
    const body = longBody('Market day')
    await publishBody(createContentRepository(testDb.database), key, body)

    const longestGap = await watchLoop(() => syncSearchIndex(testDb.database))
    // The control, in the same run: the same reading done on this thread.
    const started = performance.now()
    markdownText(body)
    const onThisThread = performance.now() - started
    expect(longestGap).toBeLessThan(onThisThread / 2)

    expect(await firstHit(testDb, `Market day ${LONG_BODY_LINES - 1}`)).toBe('/listen/day-1')
  })

  // A server that closes aborts its sync (server/search/site-search.ts): the sync stops between
  // slices, and its entries thread with it, rather than reading every document first.
  it('stops when its signal aborts, and the next sync completes the index', async () => {
    await publishBody(
      createContentRepository(testDb.database),
      'episode/day-2',
      longBody('Harvest evening'),
    )
    const closing = new AbortController()
    const syncing = syncSearchIndex(testDb.database, { signal: closing.signal })
    setImmediate(() => closing.abort())
    await expect(syncing).rejects.toThrow(/abort/i)

    expect((await syncSearchIndex(testDb.database)).documents).toBeGreaterThan(0)
    expect(await firstHit(testDb, `Harvest evening ${LONG_BODY_LINES - 1}`)).toBe('/listen/day-2')
  })
})

/** The address of the first result for `q`, searched as a visitor would in 2027. */
async function firstHit(testDb: TestDatabase, q: string, kind?: 'episode') {
  const search = createSiteSearch({
    database: testDb.database,
    clock: () => new Date('2027-01-01T00:00:00Z'),
  })
  try {
    return (await search.search({ q, kind })).hits[0]?.url
  } finally {
    await search.close()
  }
}

/** A body of LONG_BODY_LINES paragraphs, each a link and some emphasis. */
const longBody = (words: string) =>
  Array.from(
    { length: LONG_BODY_LINES },
    (_, n) => `[${words} ${n}](https://example.org/day/${n}) with *the growers* and \`notes\``,
  ).join('\n\n')

/** Lines of the long body: parsing it takes a fast machine about half a second. */
const LONG_BODY_LINES = 1500

/** The longest time between two turns of this thread's event loop while `work` runs, in ms. */
async function watchLoop(work: () => Promise<unknown>): Promise<number> {
  let longest = 0
  let last = performance.now()
  let watching = true
  const tick = () => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
    if (watching) setImmediate(tick)
  }
  setImmediate(tick)
  try {
    await work()
  } finally {
    watching = false
  }
  // A hold at the end, or a work that never let the loop turn, is a gap too.
  return Math.max(longest, performance.now() - last)
}
