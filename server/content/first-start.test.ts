import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { Dialect } from '#server/db/index.ts'
import { readContentDir } from '#common/content/content-dir.ts'
import { ContentError } from '#common/content/problems.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import {
  ROOT,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'
import { storedFileUrl, storedVariantUrl } from '#common/content/podcast-files.ts'
import { openDatabase } from '#server/db/index.ts'
import { createMediaLibrary, type MediaLibrary } from '#server/media/media-library.ts'
import { importContentOnFirstStart } from './first-start.ts'
import { createContentRepository } from './repository.ts'
import { writeSiteBuild } from '#server/test/site-build.ts'

const CONTENT = path.join(ROOT, 'content')
/** Starting server processes takes some seconds each on a loaded two-core machine. */
const SPAWNING_TIMEOUT_MS = 90_000
/** What each test reads: a new database, media library and scratch folder for every test. */
interface FirstStartTest {
  testDb: TestDatabase
  scratch: string
  library: MediaLibrary
}

describeOnDatabases('first start', (dialect) => {
  const t = useFirstStart(dialect)
  importChecks(dialect, t)
  serverChecks(dialect, t)
})

/** A fresh database on one engine before each test, and a log the checks read. */
function useFirstStart(dialect: Dialect) {
  const t = {} as FirstStartTest
  const log = { info: vi.fn(), warn: vi.fn() }

  beforeEach(async () => {
    t.testDb = await createTestDatabase(dialect)
    t.library = createMediaLibrary({ database: t.testDb.database, dataDir: t.testDb.env.DATA_DIR })
    t.scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'))
    log.info.mockClear()
    log.warn.mockClear()
  })
  afterEach(async () => {
    await t.testDb.drop()
    fs.rmSync(t.scratch, { recursive: true, force: true })
  })
  return Object.assign(t, { log })
}
type FirstStart = ReturnType<typeof useFirstStart>

/** The import itself, in this process: what it stores, what it refuses, and its lock. */
function importChecks(dialect: Dialect, t: FirstStart) {
  const { log } = t
  it('fills an empty database from the content folder, once', async () => {
    const start = () =>
      importContentOnFirstStart({
        database: t.testDb.database,
        contentDir: CONTENT,
        log,
        library: t.library,
      })
    expect(await start()).toBe('imported')
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ documents: 23, contentVersion: 1 }),
      'content imported into the empty database',
    )
    const published = await createContentRepository(t.testDb.database).readPublished()
    expect(published).toEqual(readContentDir(CONTENT))
    // The podcast's audio and artwork answer at the addresses the pages name.
    const name = (url: string) => url.slice('/media/u/'.length)
    for (const { data } of published!.podcast.episodes) {
      const served = await t.library.resolve(name(storedFileUrl(data.files.audio.sha256, 'mp3')))
      expect(served, data.audio).toMatchObject({ mime: 'audio/mpeg', size: data.files.audio.size })
    }
    const artwork = published!.podcast.show.files.artwork
    expect(await t.library.resolve(name(storedFileUrl(artwork.sha256, 'jpg')))).toMatchObject({
      mime: 'image/jpeg',
      size: artwork.size,
      sha256: artwork.sha256,
    })
    for (const width of [320, 480, 640])
      for (const format of ['avif', 'webp'] as const)
        expect(
          await t.library.resolve(name(storedVariantUrl(artwork.sha256, width, format))),
        ).toBeDefined()
    // Only the widths the pages show: the rest would cost the first start memory for nothing.
    expect(await t.library.resolve(name(storedVariantUrl(artwork.sha256, 960, 'webp')))).toBe(
      undefined,
    )
    expect(await start()).toBe('present')
    expect(await createContentRepository(t.testDb.database).contentVersion()).toBe(1)
  })

  it('starts without content when there is no folder, and says what to do', async () => {
    const result = await importContentOnFirstStart({
      database: t.testDb.database,
      contentDir: path.join(t.scratch, 'missing'),
      log,
      library: t.library,
    })
    expect(result).toBe('no-folder')
    expect(log.warn).toHaveBeenCalledWith(
      { contentDir: path.join(t.scratch, 'missing') },
      expect.stringMatching(/copy content\/ beside the server \(or set CONTENT_DIR\)/),
    )
    expect(await createContentRepository(t.testDb.database).isEmpty()).toBe(true)
  })

  it('imports nothing from a folder with a mistake', async () => {
    const folder = path.join(t.scratch, 'content')
    fs.cpSync(CONTENT, folder, { recursive: true })
    fs.writeFileSync(path.join(folder, 'articles', 'marisol-vega.md'), '<script>x</script>\n')
    await expect(
      importContentOnFirstStart({
        database: t.testDb.database,
        contentDir: folder,
        log,
        library: t.library,
      }),
    ).rejects.toBeInstanceOf(ContentError)
    expect(await createContentRepository(t.testDb.database).isEmpty()).toBe(true)
  })

  it.skipIf(dialect !== 'postgres')(
    "waits for another process's import longer than one statement may run",
    async () => {
      // A pool whose statements may run 300 ms, and another session holding the import's lock
      // for a second: a plain pg_advisory_lock would be cancelled by the statement timeout.
      const short = await openDatabase({
        dataDir: t.scratch,
        databaseUrl: t.testDb.env.DATABASE_URL,
        statementTimeoutMs: 300,
      })
      // The other process: a session of the test database's own pool, which holds the lock
      // until `release` is called.
      let release = () => {}
      let locked = () => {}
      const isLocked = new Promise<void>((resolve) => (locked = resolve))
      const holder = t.testDb.database.db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(${sql.lit(0x4c4c4c)}, ${sql.lit(401)})`.execute(
          connection,
        )
        locked()
        await new Promise<void>((resolve) => (release = resolve))
        await sql`select pg_advisory_unlock(${sql.lit(0x4c4c4c)}, ${sql.lit(401)})`.execute(
          connection,
        )
      })
      try {
        await isLocked
        const waiting = importContentOnFirstStart({
          database: short,
          contentDir: path.join(t.scratch, 'missing'),
          log,
          library: t.library,
        })
        await new Promise((resolve) => setTimeout(resolve, 1000))
        expect(log.warn).not.toHaveBeenCalled()
        release()
        await holder
        expect(await waiting).toBe('no-folder')
      } finally {
        release()
        await holder
        await short.close()
      }
    },
  )

  it('refuses an episode whose audio is not as long as its front matter says, and stores nothing', async () => {
    const folder = path.join(t.scratch, 'content')
    fs.cpSync(CONTENT, folder, { recursive: true })
    const md = path.join(folder, 'podcast/episodes/the-empty-panel.md')
    fs.writeFileSync(md, fs.readFileSync(md, 'utf8').replace(/^duration: .*$/m, 'duration: 170.5'))
    const refused = importContentOnFirstStart({
      database: t.testDb.database,
      contentDir: folder,
      log,
      library: t.library,
    })
    await expect(refused).rejects.toThrow(
      /podcast\/episodes\/the-empty-panel\.md:\n {2}duration: says 170\.5 s, but the-empty-panel\.mp3 is 160\.47 s long/,
    )
    expect(await createContentRepository(t.testDb.database).isEmpty()).toBe(true)
    expect((await t.library.list({ limit: 10 })).items).toEqual([])
  })
}

/** The server's own start on a new database, in real processes. */
function serverChecks(dialect: Dialect, t: FirstStart) {
  it(
    'the server imports content/ as it starts on a new database, once across processes',
    async () => {
      const build = writeSiteBuild(path.join(t.scratch, 'build'), {
        pages: { '/': '<!doctype html><title>x</title>' },
      })
      const env = {
        ...t.testDb.env,
        PORT: '0',
        BUILD_DIR: build,
        CONTENT_DIR: CONTENT,
        LOG_LEVEL: 'info',
      }
      const count = dialect === 'postgres' ? 3 : 1
      const servers: ServerProcess[] = await Promise.all(
        Array.from({ length: count }, () => startServerProcess({ env })),
      )
      try {
        const imports = servers.flatMap((s) =>
          s.output.filter((line) => line.includes('content imported into the empty database')),
        )
        expect(imports).toHaveLength(1)
        expect(await createContentRepository(t.testDb.database).contentVersion()).toBe(1)
      } finally {
        await Promise.all(servers.map((s) => stopServerProcess(s)))
      }
    },
    SPAWNING_TIMEOUT_MS,
  )

  it(
    'the server refuses to start on content that does not pass its schemas',
    async () => {
      const folder = path.join(t.scratch, 'content')
      fs.cpSync(CONTENT, folder, { recursive: true })
      const home = path.join(folder, 'home.yaml')
      fs.writeFileSync(home, fs.readFileSync(home, 'utf8').replace('cta: Get Access', 'cta: ""'))
      const build = writeSiteBuild(path.join(t.scratch, 'build-2'), {
        pages: { '/': '<!doctype html><title>x</title>' },
      })
      const started = startServerProcess({
        env: { ...t.testDb.env, PORT: '0', BUILD_DIR: build, CONTENT_DIR: folder },
      })
      await expect(started).rejects.toThrow(
        /exited with 1:[\s\S]*home\.yaml:\n {2}hero\.cta: must not be empty/,
      )
    },
    SPAWNING_TIMEOUT_MS,
  )
}
