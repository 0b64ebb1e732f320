/**
 * A process starts on the database's content with its schemas checked only (the rest passed
 * when it was published), and then checks it all again in its render worker: content that a
 * stricter release would refuse (here a script stored in an article's body, as if an older
 * release had let it through) does not hold the start, and is reported in the log with its
 * document and field. (The article's page itself does not render, and answers its last good
 * bytes, as live-site.test.ts shows for a page that fails.)
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { createTestDatabase, type TestDatabase } from '#server/test/databases.ts'
import { realBuild } from '#server/test/real-build.ts'
import { openRealSiteBuild } from '#server/test/site-build.ts'
import { testClock } from '#server/test/staff.ts'
import { createLiveSite } from './live-site.ts'
import { createContentRepository } from './repository.ts'

const sample = readContentDir('content')
const linked = new Set(sample.pages.home.changemakers.cards.map((card) => card.article))
const unlinked = sample.articles.find((article) => !linked.has(article.slug))!

describe('a process that starts on stored content', () => {
  let testDb: TestDatabase
  let buildDirectory: string
  beforeAll(async () => {
    buildDirectory = await realBuild()
    testDb = await createTestDatabase('sqlite')
    const clock = testClock(new Date('2026-11-24T09:00:00.000Z'))
    await createContentRepository(testDb.database, { clock: clock.now }).importSnapshot(sample)
  }, 600_000)
  afterAll(() => testDb?.drop())

  it('checks it all again after it answers, and reports what no longer passes', async () => {
    await sql`update content_revision set body = body || ${'\n<script>alert(1)</script>\n'}
      where id = (select published_revision_id from content_document
        where key = ${`article/${unlinked.slug}`})`.execute(testDb.database.db)
    const build = openRealSiteBuild(buildDirectory)
    const errors: { message: string; object: object }[] = []
    const live = createLiveSite({
      database: testDb.database,
      build,
      clock: testClock(new Date('2026-11-24T09:00:00.000Z')).now,
      log: {
        info() {},
        warn() {},
        error: (object, message) => errors.push({ message, object }),
      },
    })
    try {
      await live.start()
      expect(await build.pages.load('/')).toBeDefined()
      const reported = await vi.waitFor(
        () => {
          const found = errors.find((entry) =>
            entry.message.startsWith('the published content does not pass'),
          )
          expect(found).toBeDefined()
          return found!
        },
        { timeout: 60_000, interval: 100 },
      )
      expect(reported.object).toMatchObject({
        problems: [
          {
            source: expect.stringContaining(unlinked.slug),
            field: 'body',
            message: expect.stringMatching(/raw HTML is not allowed/),
          },
        ],
      })
      expect((await live.status()).lastFailure?.message).toMatch(/raw HTML is not allowed/)
    } finally {
      await live.close()
      build.close()
    }
  }, 180_000)
})
