/**
 * The newsletter's public archive (ADR 024), with the real build on SQLite and PostgreSQL: a
 * letter that went out answers 200 at /newsletter/<slug> with its subject and its body rendered
 * like an article's, is in the archive list and the sitemap; a draft, a scheduled letter and one
 * only mailed as a test answer 404, as does an unknown slug; a letter's start raises the content
 * version, so another process's pages show it too; and no letter takes a page's name.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { buildApp } from '#server/app.ts'
import { createLiveSite, type LiveSite } from '#server/content/live-site.ts'
import { createContentRepository } from '#server/content/repository.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'
import { realBuild } from '#server/test/real-build.ts'
import { openRealSiteBuild } from '#server/test/site-build.ts'
import { archivedLetters, createLetter, scheduleLetter } from '#server/newsletter/letters.ts'
import { subscribe } from '#server/newsletter/repository.ts'
import { startSending } from '#server/newsletter/sending.ts'

const silent = { info() {}, warn() {}, error() {} }

describeOnDatabases('the newsletter’s public archive', (dialect) => {
  let testDb: TestDatabase
  let builds: ReturnType<typeof openRealSiteBuild>[] = []
  let sites: LiveSite[] = []
  let app: FastifyInstance

  /** A server process's site: its own page set and render worker, as `npm start` has. */
  async function process() {
    const build = openRealSiteBuild(await realBuild())
    const live = createLiveSite({
      database: testDb.database,
      build,
      log: silent,
      letters: () => archivedLetters(testDb.database.db),
      // The other process finds changes by its poll only (no NOTIFY on SQLite).
      pollMs: 200,
    })
    builds.push(build)
    sites.push(live)
    await live.start()
    return { build, live }
  }

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    await createContentRepository(testDb.database).importSnapshot(readContentDir('content'))
    const { build } = await process()
    app = await buildApp({ env: testEnv(), database: testDb.database, build })
  }, 600_000)
  afterAll(async () => {
    await app?.close()
    for (const live of sites) await live.close()
    for (const build of builds) build.close()
    await testDb?.drop()
    builds = []
    sites = []
  })

  const db = () => testDb.database.db
  const get = (url: string) => app.inject({ method: 'GET', url })
  const letter = (subject: string, body = 'Hello *readers*.\n') =>
    createLetter(
      db(),
      { kind: 'letter', subject, preheader: `About ${subject}`, body },
      { staffId: null, now: new Date() },
    )

  it('shows a sent letter, in the list and the sitemap, and never a draft, scheduled or test', async () => {
    const sent = await letter(
      'Porches of the prairie',
      'A week of **porch stories**.\n\n[Listen](/listen)\n',
    )
    const draft = await letter('A draft nobody saw')
    const scheduled = await letter('Next week’s letter')
    await scheduleLetter(db(), scheduled.id, new Date(Date.now() + 86_400_000), {
      staffId: 'x',
      now: new Date(),
    })
    // A test mail leaves a letter a draft: nothing about it changes.
    const tested = await letter('Only tested')
    await subscribe(
      db(),
      { email: 'porch-reader@example.net' },
      { receivedAt: new Date(), spamReason: null, doubleOptIn: false, source: 'test' },
    )
    await startSending(db(), sent.id, { staffId: null, now: new Date() })
    await sites[0]!.changed()

    const page = await get(`/newsletter/${sent.slug}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<h1 class="mt-6 text-title font-semibold">Porches of the prairie')
    expect(page.body).toContain('<strong>porch stories</strong>')
    expect(page.body).toMatch(
      new RegExp(`<link rel="canonical" href="https?://[^/"]+/newsletter/${sent.slug}"/>`),
    )
    expect(page.body).toContain('"@type":"Article"')
    for (const hidden of [draft, scheduled, tested]) {
      expect((await get(`/newsletter/${hidden.slug}`)).statusCode, hidden.slug).toBe(404)
    }
    expect((await get('/newsletter/no-such-letter')).statusCode).toBe(404)

    const list = await get('/newsletter/archive')
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain(`href="/newsletter/${sent.slug}"`)
    expect(list.body).not.toContain(draft.slug)
    expect(list.body).not.toContain(scheduled.slug)
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.body).toContain(`/newsletter/${sent.slug}</loc>`)
    expect(sitemap.body).toContain('/newsletter/archive</loc>')
    expect(sitemap.body).not.toContain(draft.slug)
    // Nothing of who got it reaches a page.
    for (const body of [page.body, list.body]) {
      expect(body).not.toContain('porch-reader')
      expect(body).not.toMatch(/\b1 reader|recipients/)
    }
  }, 120_000)

  it('raises the content version when a letter starts, so another process shows it', async () => {
    const other = await process()
    const before = await createContentRepository(testDb.database).contentVersion()
    const news = await letter('Second letter of the season')
    await startSending(db(), news.id, { staffId: null, now: new Date() })
    expect(await createContentRepository(testDb.database).contentVersion()).toBe(before + 1)
    // Its poll finds the new version; nothing tells it otherwise.
    await other.live.serving(before + 1, 60_000)
    const page = await other.build.pages.load(`/newsletter/${news.slug}`)
    expect(page?.status).toBe(200)
    expect(page?.body.toString('utf8')).toContain('Second letter of the season')
  }, 120_000)

  it('gives no letter the name of a page under /newsletter/', async () => {
    for (const subject of ['Archive', 'Confirmed', 'Check your inbox', 'Unsubscribe']) {
      const made = await letter(subject)
      expect(made.slug).toMatch(/-letter$/)
      await startSending(db(), made.id, { staffId: null, now: new Date() })
    }
    await sites[0]!.changed()
    expect((await get('/newsletter/archive')).body).toContain('Newsletter archive')
    expect((await get('/newsletter/confirmed')).body).not.toContain('Confirmed-letter')
    expect((await get('/newsletter/confirmed-letter')).statusCode).toBe(200)
  }, 120_000)
})
