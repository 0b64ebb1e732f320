/**
 * The server renders pages at run time on a host installed with `npm ci --omit=dev` (docs/deployment.md's
 * deployment): a copy of what such a host has (the server's sources, the content, a real build's
 * server build, and a production install from the registry) renders pages through this module,
 * and gets the bytes the build wrote; and, as a running server does when staff publish, renders
 * the database's published content in the render worker, the same bytes for the same content
 * and the edit for an edited page.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { realBuild } from '#server/test/real-build.ts'
import { readPageFiles, pageFileName, PAGES_DIR } from './page-files.ts'

const root = path.resolve(import.meta.dirname, '../..')
/** What a host needs to render: the server and what it shares with the app, and the content. */
const HOST_FILES = ['package.json', 'package-lock.json', '.npmrc', 'server', 'common', 'content']
const PATHS = ['/', '/about', '/articles/marisol-vega', '/courses', '/contact/not-sent', '/rss.xml']

/** Run on the host: renders each path given and writes its body under out/. */
const RENDER_SCRIPT = `
import fs from 'node:fs'
import path from 'node:path'
import { createRenderer } from '#server/render/renderer.ts'
import { loadServerBuild } from '#server/render/server-build.ts'
const [buildDirectory, renderedAt, out, ...paths] = process.argv.slice(2)
const { build } = await loadServerBuild(buildDirectory)
const renderer = createRenderer(build)
for (const pagePath of paths) {
  const page = await renderer.render(pagePath, { renderedAt: new Date(renderedAt) })
  const file = path.join(out, pagePath === '/' ? 'index' : pagePath.slice(1).replaceAll('/', '~'))
  fs.writeFileSync(file, page.body)
}
`

/**
 * Run on the host: imports content/ into a new SQLite database, loads what it publishes into the
 * render worker (as a server does at start-up) and renders the given pages, publishes an edited
 * testimonial and renders the home page again; writes the bodies under out/, and how many paths
 * exist and what the edit affects to out.json.
 */
const PUBLISH_SCRIPT = `
import fs from 'node:fs'
import path from 'node:path'
import { readContentDir } from '#common/content/content-dir.ts'
import { createContentRepository } from '#server/content/repository.ts'
import { openDatabase } from '#server/db/index.ts'
import { startRenderThread } from '#server/render/render-thread.ts'
const [buildDirectory, renderedAt, out, quote, ...paths] = process.argv.slice(2)
const database = await openDatabase({ dataDir: path.join(out, 'data') })
const repository = createContentRepository(database)
await repository.importSnapshot(readContentDir('content'))
const thread = startRenderThread(buildDirectory)
const first = await repository.publishedChanges()
const all = await thread.load(first.changes, { version: 1, renderedAt: new Date(renderedAt) })
const name = (p) => (p === '/' ? 'index' : p.slice(1).replaceAll('/', '~'))
for (const p of paths) fs.writeFileSync(path.join(out, name(p)), (await thread.render(1, p)).body)
const home = await repository.getDocument('page/home')
const data = structuredClone(home.published.data)
data.testimonials.items[0].quote = quote
const draft = await repository.saveDraft('page/home', { data, baseVersion: home.version, actor: null })
await repository.publish('page/home', { baseVersion: draft.document.version, actor: null })
// What changed since the first load: one document.
const changes = (await repository.publishedChanges(undefined, undefined, first.stamps)).changes
const edited = await thread.load(changes, { version: 2, base: 1, renderedAt: new Date() })
fs.writeFileSync(path.join(out, 'edited.html'), (await thread.render(2, '/')).body)
fs.writeFileSync(path.join(out, 'out.json'), JSON.stringify({ all: all.paths.length, edited: edited.invalidate, changed: changes.documents.map((d) => d.key) }))
await thread.close()
await database.close()
`

describe('rendering with production dependencies only', () => {
  const host = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-render-host-'))
  afterAll(() => fs.rmSync(host, { recursive: true, force: true }))

  it('gives the bytes of the build', async () => {
    const build = await realBuild()
    for (const name of HOST_FILES)
      fs.cpSync(path.join(root, name), path.join(host, name), {
        recursive: true,
        filter: (source) => !source.endsWith('.test.ts'),
      })
    // The host's manifest without devDependencies: `--omit=dev` installs the same packages, and
    // npm ci then leaves aside the lockfile's development part, whose platform packages of lint
    // tools this machine's registry mirror may not serve.
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      devDependencies?: unknown
    }
    delete manifest.devDependencies
    fs.writeFileSync(path.join(host, 'package.json'), JSON.stringify(manifest, null, 2))
    const hostBuild = path.join(host, 'build')
    for (const name of ['server', PAGES_DIR])
      fs.cpSync(path.join(build, name), path.join(hostBuild, name), { recursive: true })
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: host,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    expect(fs.existsSync(path.join(host, 'node_modules', 'react-router'))).toBe(true)
    expect(fs.existsSync(path.join(host, 'node_modules', 'vite'))).toBe(false)
    expect(fs.existsSync(path.join(host, 'node_modules', '@react-router', 'dev'))).toBe(false)

    const files = readPageFiles(build)
    const out = path.join(host, 'out')
    fs.mkdirSync(out)
    fs.writeFileSync(path.join(host, 'render.ts'), RENDER_SCRIPT)
    execFileSync(
      process.execPath,
      ['render.ts', hostBuild, files.renderedAt.toISOString(), out, ...PATHS],
      {
        cwd: host,
        stdio: 'inherit',
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      },
    )
    for (const pagePath of PATHS) {
      const page = files.pages.find((p) => p.path === pagePath)!
      const built = fs.readFileSync(path.join(build, PAGES_DIR, pageFileName(page)))
      const rendered = fs.readFileSync(
        path.join(out, pagePath === '/' ? 'index' : pagePath.slice(1).replaceAll('/', '~')),
      )
      expect(rendered.equals(built), pagePath).toBe(true)
    }

    // A running server's way: the database's content in the render worker.
    const published = path.join(host, 'published')
    fs.mkdirSync(published)
    fs.writeFileSync(path.join(host, 'publish.ts'), PUBLISH_SCRIPT)
    const quote = 'Published on a host without a single build tool.'
    execFileSync(
      process.execPath,
      ['publish.ts', hostBuild, files.renderedAt.toISOString(), published, quote, ...PATHS],
      {
        cwd: host,
        stdio: 'inherit',
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      },
    )
    const report = JSON.parse(fs.readFileSync(path.join(published, 'out.json'), 'utf8')) as {
      all: number
      edited: string[]
      changed: string[]
    }
    expect(report.all).toBe(files.pages.length)
    expect(report.edited).toEqual(['/'])
    // The second load was given the one document that changed, not the site.
    expect(report.changed).toEqual(['page/home'])
    for (const pagePath of PATHS) {
      const page = files.pages.find((p) => p.path === pagePath)!
      const built = fs.readFileSync(path.join(build, PAGES_DIR, pageFileName(page)))
      const rendered = fs.readFileSync(
        path.join(published, pagePath === '/' ? 'index' : pagePath.slice(1).replaceAll('/', '~')),
      )
      expect(rendered.equals(built), `${pagePath} from the database`).toBe(true)
    }
    expect(fs.readFileSync(path.join(published, 'edited.html'), 'utf8')).toContain(quote)
  }, 600_000)
})
