/**
 * Property-based tests of search (fast-check; under CI one fixed seed, scripts/vitest-setup.ts):
 * whatever string a visitor sends, on either engine, the search answers without an error, and
 * every result is published content. The database holds a draft article and an episode scheduled
 * for later whose words the generated queries are made of, so a leak would be found.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { createContentRepository } from '#server/content/repository.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { createSiteSearch, type SiteSearch } from '#server/search/site-search.ts'
import { newArticle, newEpisode } from '#server/test/search-sample.ts'

const RUNS = 300
const PROPERTY_TIMEOUT_MS = 180_000
const NOW = Date.parse('2026-12-31T12:00:00.000Z')
const sample = readContentDir('content')

/** Words of the unpublished article and the scheduled episode. */
const hiddenWords = [
  'quillon',
  'farrow',
  'heirloom',
  'lindell',
  'willow',
  'gymnasium',
  'braided',
  'lanterns',
  'levee',
  'odessa',
]

const hostile = fc.constantFrom(
  '"',
  '""',
  '"unbalanced',
  '*',
  'a*',
  'NEAR(a b)',
  'a OR b',
  'a AND NOT b',
  'title:quillon',
  '-quillon',
  '(((',
  ')',
  '^a',
  '{a b}',
  "'; DROP TABLE search_entry; --",
  '\u0000\u0001\u0002',
  '\ud800',
  '\u202e',
  'ا ب ت',
  '東京 北京',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'x'.repeat(10_240),
  '"'.repeat(500),
  'a '.repeat(5000),
)

const query = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  hostile,
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...hiddenWords),
        fc.constantFrom('abernathy', 'porch', 'doula', 'the', 'or', 'near', 'kansas'),
        hostile,
      ),
      { minLength: 1, maxLength: 6 },
    )
    .chain((words) =>
      fc.constantFrom(words.join(' '), `"${words.join(' ')}"`, words.join(' OR '), `${words[0]}*`),
    ),
)

describeOnDatabases('search with any query', (dialect) => {
  let testDb: TestDatabase
  let search: SiteSearch
  const published = new Set<string>()

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    const clock = () => new Date(NOW)
    const repository = createContentRepository(testDb.database, { clock })
    await repository.importSnapshot(sample)
    await repository.createDocument({
      kind: 'article',
      slug: 'quillon-farrow',
      ...newArticle(),
      actor: null,
    })
    const episode = await repository.createDocument({
      kind: 'episode',
      slug: 'lanterns-along-the-levee',
      ...newEpisode(),
      actor: null,
    })
    await repository.publish(episode.document.key, {
      baseVersion: episode.document.version,
      actor: null,
      at: new Date(NOW + 86_400_000),
    })
    for (const article of sample.articles) published.add(`/articles/${article.slug}`)
    for (const item of sample.podcast.episodes) published.add(`/listen/${item.slug}`)
    for (const page of ['/', '/about', '/articles', '/contact', '/privacy']) published.add(page)
    search = createSiteSearch({ database: testDb.database, clock })
  })
  afterAll(async () => {
    await search?.close()
    await testDb?.drop()
  })

  it(
    `answers every query with published content only (${RUNS} runs)`,
    async () => {
      let found = 0
      await fc.assert(
        fc.asyncProperty(
          query,
          fc.constantFrom(null, 'episode', 'article', 'page', 'course'),
          fc.integer({ min: 1, max: 3 }),
          async (q, kind, page) => {
            const answer = await search.search({ q, kind, page })
            // 200 characters (code points: a letter outside the BMP is two UTF-16 units).
            expect([...answer.query].length).toBeLessThanOrEqual(200)
            for (const hit of answer.hits) {
              expect(published).toContain(hit.url.split('#')[0])
              found++
            }
          },
        ),
        { numRuns: RUNS },
      )
      // The queries did reach published content too (a search that finds nothing passes).
      expect(found).toBeGreaterThan(0)
    },
    PROPERTY_TIMEOUT_MS,
  )
})
