/**
 * Production build: `react-router build` into a new release folder (build/releases/<id>): the
 * client files, the server build, and every page rendered finished by the site's render pipeline
 * (React Router's buildEnd runs server/render/render-build.ts: see docs/rendering.md), every text
 * file precompressed. `react-router build` alone makes the same site in build/; this adds the
 * staff app (scripts/build-admin.ts, its own bundle in the release's admin/) and the releases: the PUBLIC_* settings are written beside the release (site-config.json, which the
 * server checks the environment against), and only then is the build/client symlink swapped to
 * the new folder in one rename. A server that is running keeps serving the release it started
 * with (server/site/site-build.ts); old releases are removed unless a live process still uses
 * them.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildSettings, siteConfigFromEnv } from '#app/site-config.ts'
import { readContentDir } from '#common/content/content-dir.ts'
import { PAGES_DIR } from '#server/render/page-files.ts'
import { markInUse, releaseInUse } from '#server/site/site-build.ts'
import { SITE_CONFIG_FILE, type SiteConfigFile } from '#server/site/site-config.ts'
import { buildAdmin } from './build-admin.ts'

const root = path.resolve(import.meta.dirname, '..')
export const BUILD_DIR = path.join(root, 'build')
/** The folder the server serves by default: a symlink to the current release's client folder. */
export const CLIENT_DIR = path.join(BUILD_DIR, 'client')
const RELEASES = path.join(BUILD_DIR, 'releases')
export const BUILD_INFO_FILE = 'build-info.json'

export function build() {
  const started = Date.now()
  // Validate the content and the PUBLIC_* settings before spending time on the build.
  let config
  let settings: Record<string, string>
  try {
    const content = readContentDir(path.join(root, 'content'))
    config = siteConfigFromEnv(process.env, content.settings)
    settings = buildSettings(process.env, content.settings)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  // Sortable and unique, so that two builds at once never share a folder.
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`
  const release = path.join(RELEASES, id)
  fs.mkdirSync(release, { recursive: true })
  // Marks the unfinished release as in use, so a build finishing meanwhile leaves it alone.
  const marker = markInUse(release)
  const result = spawnSync('react-router', ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BUILD_OUTPUT_DIR: path.relative(root, release) },
  })
  if (result.status !== 0) {
    fs.rmSync(release, { recursive: true, force: true })
    console.error('Build failed (see the messages above).')
    process.exit(result.status ?? 1)
  }
  // The staff app: its own bundle in its own folder, served under /admin only.
  try {
    buildAdmin(path.join(release, 'admin'))
  } catch (error) {
    fs.rmSync(release, { recursive: true, force: true })
    console.error((error as Error).message)
    process.exit(1)
  }
  const builtAt = new Date().toISOString()
  const siteConfig: SiteConfigFile = { builtAt, settings }
  fs.writeFileSync(path.join(release, SITE_CONFIG_FILE), JSON.stringify(siteConfig, null, 2))
  fs.writeFileSync(
    path.join(release, BUILD_INFO_FILE),
    JSON.stringify({ builtAt, release: id, config }, null, 2),
  )
  swapIn(BUILD_DIR, id)
  fs.rmSync(marker, { force: true })
  removeOldReleases(BUILD_DIR, id)
  console.log(`Build ${id} took ${((Date.now() - started) / 1000).toFixed(1)} s.`)
}

/** Points build/client at the release in one rename(2) of a symlink: atomic for every reader. */
export function swapIn(buildDir: string, id: string) {
  const clientDir = path.join(buildDir, 'client')
  const releases = path.join(buildDir, 'releases')
  const current = fs.lstatSync(clientDir, { throwIfNoEntry: false })
  if (current?.isDirectory()) {
    // A build made in place (`react-router build` alone, or from before releases existed): move
    // it aside as a release of its own (once) so the symlink can take its name.
    const legacy = path.join(releases, `0-legacy-${Date.now()}`)
    fs.mkdirSync(legacy, { recursive: true })
    for (const name of ['client', 'server', PAGES_DIR, 'admin']) {
      const from = path.join(buildDir, name)
      if (fs.existsSync(from)) fs.renameSync(from, path.join(legacy, name))
    }
    fs.rmSync(path.join(buildDir, BUILD_INFO_FILE), { force: true })
  }
  const temporary = path.join(buildDir, `.client-${process.pid}`)
  fs.rmSync(temporary, { force: true })
  fs.symlinkSync(path.join('releases', id, 'client'), temporary)
  fs.renameSync(temporary, clientDir)
}

/**
 * Keeps the current release and the one before it (a server may be starting on it right now),
 * and any other that a live process still serves; removes the rest.
 */
export function removeOldReleases(buildDir: string, currentId: string) {
  const releases = path.join(buildDir, 'releases')
  const ids = fs.readdirSync(releases).sort()
  const previous = ids.filter((id) => id < currentId).at(-1)
  for (const id of ids) {
    if (id === currentId || id === previous) continue
    const release = path.join(releases, id)
    if (releaseInUse(release)) continue
    fs.rmSync(release, { recursive: true, force: true })
  }
}

/** The build-info.json of the release build/client points at, or undefined without a build. */
export function currentBuildInfo(): { file: string; settings: Record<string, string> } | undefined {
  let client: string
  try {
    client = fs.realpathSync(CLIENT_DIR)
  } catch {
    return undefined
  }
  const file = path.join(path.dirname(client), SITE_CONFIG_FILE)
  if (!fs.existsSync(file)) return undefined
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as SiteConfigFile
  return { file, settings: config.settings }
}

if (import.meta.main) build()
