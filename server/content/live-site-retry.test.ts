/**
 * A load of the published content that fails leaves the pages as they were. Content that does not
 * pass its checks waits for a newer version; a failure of anything else (here the render worker,
 * as if it had stopped in the middle of a load) is tried again until the pages show the version,
 * and a process whose first load failed still starts on its build's pages when the content is
 * theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RenderJobError, startRenderThread } from '#server/render/render-thread.ts'
import { importSample } from '#server/test/content-repository.ts'
import { createTestDatabase, type TestDatabase } from '#server/test/databases.ts'
import { realBuild } from '#server/test/real-build.ts'
import { openRealSiteBuild } from '#server/test/site-build.ts'
import { testClock } from '#server/test/staff.ts'
import { createLiveSite, type LiveSite } from './live-site.ts'
import { createContentRepository } from './repository.ts'

const POLL_MS = 25
const clock = testClock(new Date('2026-11-24T09:00:00.000Z'))

interface Logged {
  level: 'info' | 'warn' | 'error'
  message: string
  object: Record<string, unknown>
}

describe('a load of the published content that fails', () => {
  let testDb: TestDatabase
  let buildDirectory: string
  beforeAll(async () => {
    buildDirectory = await realBuild()
    testDb = await createTestDatabase('sqlite')
    await importSample(createContentRepository(testDb.database, { clock: clock.now }))
  }, 600_000)
  afterAll(() => testDb?.drop())

  /** A live site whose render worker fails its first load with `error`. */
  async function withFailingLoad(error: Error, check: (s: Site) => Promise<void>) {
    const build = openRealSiteBuild(buildDirectory)
    const thread = startRenderThread(buildDirectory)
    const loads: number[] = []
    const logged: Logged[] = []
    const entry = (level: Logged['level']) => (object: object, message: string) =>
      logged.push({ level, message, object: object as Record<string, unknown> })
    const live = createLiveSite({
      database: testDb.database,
      build,
      clock: clock.now,
      pollMs: POLL_MS,
      log: { info: entry('info'), warn: entry('warn'), error: entry('error') },
      thread: {
        ...thread,
        load(content, options) {
          loads.push(options.version)
          return loads.length === 1 ? Promise.reject(error) : thread.load(content, options)
        },
      },
    })
    try {
      await live.start()
      await check({ live, loads, logged })
    } finally {
      await live.close()
      build.close()
    }
  }

  interface Site {
    live: LiveSite
    loads: number[]
    logged: Logged[]
  }

  it('for another reason than the content is tried again until the pages show it, on the build’s pages', async () => {
    await withFailingLoad(new Error('the render worker stopped (exit code 1)'), async (s) => {
      const first = await s.live.status()
      expect(first.servedVersion).toBeLessThan(first.contentVersion)
      expect(first.lastFailure?.message).toBe('the render worker stopped (exit code 1)')
      expect(s.logged.find((e) => e.level === 'error')).toMatchObject({
        message: expect.stringContaining('it is tried again'),
        object: { retryMs: POLL_MS },
      })
      await s.live.serving(first.contentVersion, 60_000)
      expect(s.loads.length).toBe(2)
      expect((await s.live.status()).lastFailure).toBeNull()
      // Still a start: the content is the build's, so the build's pages are served.
      expect(s.logged.map((e) => e.message)).toContain(
        'the published content is the build’s: its pages are served',
      )
    })
  }, 180_000)

  it('because the content does not pass its checks waits for a newer version', async () => {
    const problem = { source: 'page/home', field: 'hero.title', message: 'is required' }
    await withFailingLoad(new RenderJobError('Invalid content', [problem]), async (s) => {
      const { contentVersion } = await s.live.status()
      expect((await s.live.status()).lastFailure?.message).toBe(
        'Invalid content hero.title: is required',
      )
      // Twenty polls find nothing new to try.
      await new Promise((resolve) => setTimeout(resolve, 20 * POLL_MS))
      expect(s.loads.length).toBe(1)
      expect((await s.live.status()).servedVersion).toBeLessThan(contentVersion)
      const repository = createContentRepository(testDb.database, { clock: clock.now })
      const home = await repository.getDocument('page/home')
      const saved = await repository.saveDraft('page/home', {
        data: home.published!.data,
        body: home.published!.body,
        baseVersion: home.version,
        actor: null,
      })
      const { change } = await repository.publish('page/home', {
        baseVersion: saved.document.version,
        actor: null,
      })
      await s.live.serving(change.contentVersion!, 60_000)
      expect(s.loads.length).toBe(2)
      expect((await s.live.status()).lastFailure).toBeNull()
    })
  }, 180_000)
})
