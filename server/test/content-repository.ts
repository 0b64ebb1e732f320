/**
 * Test helper of the content repository's tests (server/content/repository*.test.ts): the
 * sample content, the people who edit it, and a fresh repository per test on one engine, whose
 * clock the test moves. Also, for any test, content/ imported as a first start imports it.
 */
import path from 'node:path'
import { afterAll, beforeEach } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { SINGLETONS } from '#common/content/snapshot.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import type { Dialect } from '#server/db/index.ts'
import { importContentOnFirstStart } from '#server/content/first-start.ts'
import { createContentRepository, type ContentRepository } from '#server/content/repository.ts'
import { createMediaLibrary, type MediaLibrary } from '#server/media/media-library.ts'
import { createTestDatabase, type TestDatabase } from './databases.ts'

/** The repository's content/ folder, the sample every test here starts from. */
export const CONTENT = path.resolve(import.meta.dirname, '../../content')

export const sample = readContentDir(CONTENT)
/** One document per singleton (settings, site, pages, media, the podcast), article and episode. */
export const documentsOf = (snapshot: typeof sample) =>
  Object.keys(SINGLETONS).length + snapshot.articles.length + snapshot.podcast.episodes.length
export const EDITOR = 'staff-editor-1'
export const OTHER_EDITOR = 'staff-editor-2'
const START = Date.parse('2026-11-24T09:00:00.000Z')

/** An article of the sample that the home page does not link to, and one that it does. */
const linked = new Set(sample.pages.home.changemakers.cards.map((c) => c.article))
export const unlinkedSlug = sample.articles.find((a) => !linked.has(a.slug))!.slug
export const linkedSlug = sample.articles.find((a) => linked.has(a.slug))!.slug

export function caught(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => {
      throw new Error('the call succeeded')
    },
    (error: unknown) => error,
  )
}

/** What each test of a group reads: set afresh before every test. */
export interface RepositoryTest {
  testDb: TestDatabase
  repository: ContentRepository
  /** The repository's clock, in milliseconds; a test moves it forward. */
  now: number
}

/** A fresh database and repository before every test of the calling describe(), on `dialect`. */
export function useContentRepository(dialect: Dialect): RepositoryTest {
  const t = { now: START } as RepositoryTest
  beforeEach(async () => {
    await t.testDb?.drop()
    t.testDb = await createTestDatabase(dialect)
    t.now = START
    t.repository = createContentRepository(t.testDb.database, { clock: () => new Date(t.now) })
  })
  afterAll(async () => {
    await t.testDb?.drop()
  })
  return t
}

/** Imports the sample as the first revision of everything. */
export async function importSample(repository: ContentRepository) {
  const result = await repository.importSnapshot(sample, { note: 'Imported from content/' })
  if (!result.imported) throw new Error('not imported')
  return result
}

/**
 * The repository's content/ folder imported into a test database as a server's first start
 * imports it (documents, and the podcast's audio and artwork in the media library): content
 * version 1. `library`: the one a test's app uses, when it has one.
 */
export async function importContentFolder(
  testDb: TestDatabase,
  library: MediaLibrary = createMediaLibrary({
    database: testDb.database,
    dataDir: testDb.env.DATA_DIR,
  }),
) {
  const imported = await importContentOnFirstStart({
    database: testDb.database,
    contentDir: CONTENT,
    log: { info: () => {}, warn: () => {} },
    library,
  })
  if (imported !== 'imported') throw new Error(`content/ not imported: ${imported}`)
}

export const homeWithQuote = (quote: string): ContentSnapshot['pages']['home'] => {
  const home = structuredClone(sample.pages.home)
  home.testimonials.items[0]!.quote = quote
  return home
}
