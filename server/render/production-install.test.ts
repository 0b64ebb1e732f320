/**
 * The server renders pages at run time on a host installed with `npm ci --omit=dev` (docs/deployment.md's
 * deployment): a copy of what such a host has (the server's sources, the content, a real build's
 * server build, and a production install from the registry) renders pages through this module,
 * and gets the bytes the build wrote.
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
  }, 600_000)
})
