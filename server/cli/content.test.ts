/** npm run content -- export / import, as separate processes against a real database of each engine. */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { listContentFiles, listStoredFiles } from '#common/content/content-dir.ts'
import { createContentRepository } from '#server/content/repository.ts'
import { createRenderer } from '#server/render/renderer.ts'
import { loadServerBuild } from '#server/render/server-build.ts'
import { realBuild } from '#server/test/real-build.ts'
import type { Dialect } from '#server/db/index.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { childEnv } from '#server/test/child-env.ts'
import { CONTENT, importContentFolder, sample } from '#server/test/content-repository.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

// Every test starts Node processes (each some seconds on a loaded two-core machine), as
// server/cli/forget.test.ts does.
vi.setConfig({ testTimeout: 240_000 })

/**
 * A fresh test database and scratch folder for each test, and the command run on that database
 * (npm run content -- ...), with the files of a folder and the number of stored documents.
 * `seed()` imports the sample in this process, as a server's first start does (content version
 * 1): the setup of tests about what comes after an import, so that only the commands a test is
 * about start a process (each one about a thousand modules).
 */
function contentSetup(dialect: Dialect) {
  let testDb: TestDatabase
  let scratch: string

  const content = (...args: string[]) =>
    spawnSync(process.execPath, ['server/cli/content.ts', ...args], {
      cwd: ROOT,
      env: childEnv(testDb.env),
      encoding: 'utf8',
    })
  /** Every file of a folder (relative path -> text). */
  const filesOf = (dir: string) => listContentFiles(dir)
  const seed = () => importContentFolder(testDb)
  const documentCount = async () =>
    Number(
      (
        await testDb.database.db
          .selectFrom('content_document')
          .select(testDb.database.db.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    )

  beforeEach(async () => {
    testDb = await createTestDatabase(dialect)
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'content-cli-'))
  })
  afterEach(async () => {
    await testDb.drop()
    fs.rmSync(scratch, { recursive: true, force: true })
  })

  return {
    get testDb() {
      return testDb
    },
    get scratch() {
      return scratch
    },
    content,
    seed,
    filesOf,
    documentCount,
  }
}
type ContentSetup = ReturnType<typeof contentSetup>

describeOnDatabases('npm run content', (dialect) => {
  const setup = contentSetup(dialect)
  exportChecks(setup)
  refusalChecks(setup)
  roundTripCheck(setup, dialect)
})

/** Export: the repository's content/ after an import, and what staff published since. */
function exportChecks(setup: ContentSetup) {
  const { content, filesOf } = setup
  it('exports a freshly imported database byte for byte as the repository’s content/', async () => {
    const imported = content('import', CONTENT)
    expect(imported.stderr).toBe('')
    expect(imported.status).toBe(0)
    expect(imported.stdout).toMatch(
      /^Imported into .*: 23 documents from .*content \(content version 1\)\.$/m,
    )
    // The import leaves the search index equal to what it published: no server has to build it.
    expect(imported.stdout).toMatch(/^Search index: [1-9]\d* documents indexed/m)
    const state = await setup.testDb.database.db
      .selectFrom('search_state')
      .select('content_version')
      .executeTakeFirstOrThrow()
    expect(Number(state.content_version)).toBe(1)
    const out = path.join(setup.scratch, 'export')
    const exported = content('export', out)
    expect(exported.stderr).toBe('')
    expect(exported.status).toBe(0)
    expect(exported.stdout).toMatch(/^Exported 42 files \(content version 1\)/)
    const written = filesOf(out)
    const sampleFiles = filesOf(CONTENT)
    expect([...written.keys()].sort()).toEqual([...sampleFiles.keys()].sort())
    for (const [file, text] of sampleFiles) expect(written.get(file), file).toBe(text)
    // The podcast's audio and artwork, from the media library, byte for byte.
    const writtenStored = listStoredFiles(out)
    const sampleStored = listStoredFiles(CONTENT)
    expect([...writtenStored.keys()].sort()).toEqual([...sampleStored.keys()].sort())
    for (const [file, bytes] of sampleStored)
      expect(writtenStored.get(file)!.equals(bytes), file).toBe(true)
  })

  it('exports what staff published since, in the same formats', async () => {
    await setup.seed()
    const repository = createContentRepository(setup.testDb.database)
    const home = structuredClone(sample.pages.home)
    home.hero.heading = 'Stories of change, told by the people who lead it'
    const { version } = await repository.getDocument('page/home')
    const saved = await repository.saveDraft('page/home', {
      data: home,
      baseVersion: version,
      actor: 'editor',
    })
    await repository.publish('page/home', { baseVersion: saved.document.version, actor: 'editor' })
    const out = path.join(setup.scratch, 'export')
    expect(content('export', out).status).toBe(0)
    const before = fs.readFileSync(path.join(CONTENT, 'home.yaml'), 'utf8').split('\n')
    const after = fs.readFileSync(path.join(out, 'home.yaml'), 'utf8').split('\n')
    const changed = after.filter((line, i) => line !== before[i])
    expect(changed).toEqual(['  heading: Stories of change, told by the people who lead it'])
  })
}

/** What import and export refuse, and imports at the same moment. */
function refusalChecks(setup: ContentSetup) {
  const { content, documentCount } = setup
  it('refuses to import over existing content unless --replace is given', async () => {
    await setup.seed()
    const again = content('import', CONTENT)
    expect(again.status).toBe(1)
    expect(again.stderr).toMatch(
      /already holds content \(23 documents\)\. import fills an empty database; .* run it again with --replace\./,
    )
    expect(await createContentRepository(setup.testDb.database).contentVersion()).toBe(1)
    const replaced = content('import', CONTENT, '--replace')
    expect(replaced.status).toBe(0)
    expect(replaced.stdout).toMatch(/^Replaced the content of .*\(content version 2\)\.$/m)
  })

  it('imports nothing from a folder with a mistake, and names the file and the field', async () => {
    const folder = path.join(setup.scratch, 'bad')
    fs.cpSync(CONTENT, folder, { recursive: true })
    const settings = path.join(folder, 'settings.yaml')
    fs.writeFileSync(
      settings,
      fs.readFileSync(settings, 'utf8').replace(/^email: .*$/m, 'email: not-an-address'),
    )
    const result = content('import', folder)
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(
      /^Invalid content in .*bad\/settings\.yaml:\n {2}email: must be an e-mail address\nNothing was imported/,
    )
    expect(await documentCount()).toBe(0)
  })

  it('says why it cannot export', async () => {
    const empty = content('export', path.join(setup.scratch, 'out'))
    expect(empty.status).toBe(1)
    expect(empty.stderr).toMatch(/holds no content yet: start the server once/)
    await setup.seed()
    fs.writeFileSync(path.join(setup.scratch, 'note.txt'), 'mine')
    const occupied = content('export', setup.scratch)
    expect(occupied.status).toBe(1)
    expect(occupied.stderr).toMatch(/is not empty: export into a new or empty folder/)
    expect(fs.readdirSync(setup.scratch)).toEqual(['note.txt'])
    expect(content('frobnicate', setup.scratch).status).toBe(2)
  })

  it('imports once when several imports run at the same moment', async () => {
    const runs = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<{ code: number | null; stderr: string }>((resolve) => {
            const child = spawn(process.execPath, ['server/cli/content.ts', 'import', CONTENT], {
              cwd: ROOT,
              env: childEnv(setup.testDb.env),
            })
            let stderr = ''
            child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
            child.on('exit', (code) => resolve({ code, stderr }))
          }),
      ),
    )
    expect(runs.map((r) => r.code).sort()).toEqual([0, 1, 1])
    for (const run of runs.filter((r) => r.code === 1))
      expect(run.stderr).toMatch(/already holds content/)
    expect(await documentCount()).toBe(23)
    expect(await createContentRepository(setup.testDb.database).contentVersion()).toBe(1)
  })
}

/** Export, import into an empty database, and render the same pages. */
function roundTripCheck(setup: ContentSetup, dialect: Dialect) {
  const { content } = setup
  it('exports what was published, imports it into an empty database, and that renders the same pages byte for byte', async () => {
    await setup.seed()
    // Published since the import: an edited page, and an article with a former address.
    const repository = createContentRepository(setup.testDb.database)
    const home = structuredClone(sample.pages.home)
    home.testimonials.items[1]!.quote = 'The course gave our tenants’ union a shared language.'
    const opened = await repository.getDocument('page/home')
    const draft = await repository.saveDraft('page/home', {
      data: home,
      baseVersion: opened.version,
      actor: null,
    })
    await repository.publish('page/home', { baseVersion: draft.document.version, actor: null })
    const created = await repository.createArticle({
      slug: 'first-draft-address',
      data: { ...structuredClone(sample.articles[0]!.frontmatter), headline: 'A New Profile' },
      body: 'A body with a [link](https://example.org).\n',
      actor: null,
    })
    const live = await repository.publish(created.document.key, {
      baseVersion: created.document.version,
      actor: null,
    })
    await repository.changeSlug(created.document.key, 'final-address', {
      baseVersion: live.document.version,
      actor: null,
    })
    const out = path.join(setup.scratch, 'export')
    expect(content('export', out).status).toBe(0)

    const empty = await createTestDatabase(dialect)
    try {
      const imported = spawnSync(process.execPath, ['server/cli/content.ts', 'import', out], {
        cwd: ROOT,
        env: childEnv(empty.env),
        encoding: 'utf8',
      })
      expect(imported.stderr).toBe('')
      expect(imported.status).toBe(0)
      const before = (await repository.readPublished())!
      const after = (await createContentRepository(empty.database).readPublished())!
      // What pages are made of is the same on both engines (the snapshot the renderer reads)…
      expect(after).toEqual(before)
      expect(after.redirects).toEqual([{ from: 'first-draft-address', to: 'final-address' }])
      // …and the renderer reads nothing else (ADR 021: the same content, the same bytes), so its
      // bytes are compared once, on SQLite: rendering every page again per engine checks the
      // renderer, not the export.
      if (dialect !== 'sqlite') return
      const { build } = await loadServerBuild(await realBuild())
      const renderer = createRenderer(build)
      const renderedAt = new Date('2026-11-25T12:00:00.000Z')
      const paths = renderer.paths(before)
      expect(renderer.paths(after)).toEqual(paths)
      expect(paths).toContain('/articles/final-address')
      for (const pagePath of paths) {
        const one = await renderer.render(pagePath, { renderedAt, snapshot: before })
        const two = await renderer.render(pagePath, { renderedAt, snapshot: after })
        expect(two.body.equals(one.body), pagePath).toBe(true)
      }
    } finally {
      await empty.drop()
    }
  }, 600_000)
}
