/**
 * A site build as the server uses it. `npm run build` writes each build into its own release
 * folder and then swaps the `build/client` symlink to it in one rename (scripts/build.ts), so a
 * running server keeps the folder it resolved at start-up: it never sees a half-written build.
 *
 *   build/client -> releases/<id>/client     the folder BUILD_DIR names by default: files
 *   build/releases/<id>/pages/                the finished pages (server/render/page-files.ts)
 *   build/releases/<id>/server/               React Router's server build (the renderer's input)
 *   build/releases/<id>/site-config.json      the PUBLIC_* settings the build was made with
 *   build/releases/<id>/in-use/<host>-<pid>   one marker per server (or build) using the release
 *
 * A build removes old releases, but never one whose marker names a live process.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { readPageFiles } from '#server/render/page-files.ts'
import { createPageSet, type PageSet } from './page-set.ts'
import { SITE_CONFIG_FILE, type SiteConfigFile } from './site-config.ts'

const IN_USE = 'in-use'

export interface SiteBuild {
  /** The real folder of the client files (symlinks resolved at start-up). */
  root: string
  /** The folder of the whole build: client/, pages/ and server/ (the release folder). */
  buildDirectory: string
  /** The pages, held in memory; updated at run time when pages are rendered again. */
  pages: PageSet
  /** When the build rendered its pages, and the fingerprint of the content it rendered them from. */
  rendered: { at: Date; content: string | undefined }
  /** The release folder holding site-config.json, or undefined for a build without one. */
  release: string | undefined
  settings: Record<string, string> | undefined
  /** Removes this process's in-use marker. */
  close(): void
}

/** Resolves the build folder once and marks its release as in use by this process. */
export function openSiteBuild(buildDir: string): SiteBuild {
  let root: string
  try {
    root = fs.realpathSync(buildDir)
  } catch {
    throw new Error(
      `The site build is missing at ${buildDir}. Run "npm run build" first (npm start builds it for you).`,
    )
  }
  const release = path.dirname(root)
  const files = readPageFiles(release)
  const pages = createPageSet(files.pages, files.notFound)
  const rendered = { at: files.renderedAt, content: files.content }
  const configFile = path.join(release, SITE_CONFIG_FILE)
  if (!fs.existsSync(configFile)) {
    return {
      root,
      buildDirectory: release,
      pages,
      rendered,
      release: undefined,
      settings: undefined,
      close() {},
    }
  }
  const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as SiteConfigFile
  // A read-only build (a container image, a non-root server) cannot be marked, and cannot be
  // changed by a build either: serve it without a marker.
  let marker: string | undefined
  try {
    marker = markInUse(release)
  } catch {
    marker = undefined
  }
  return {
    root,
    buildDirectory: release,
    pages,
    rendered,
    release,
    settings: config.settings,
    close() {
      if (marker) fs.rmSync(marker, { force: true })
    },
  }
}

/** Writes this process's marker into a release; returns its path. */
export function markInUse(release: string): string {
  const dir = path.join(release, IN_USE)
  fs.mkdirSync(dir, { recursive: true })
  const marker = path.join(dir, `${os.hostname()}-${process.pid}`)
  fs.writeFileSync(marker, new Date().toISOString())
  return marker
}

/**
 * True while a process named by a marker in the release may still use it. A marker from another
 * host (a build folder on shared storage) cannot be checked and counts as live.
 */
export function releaseInUse(release: string): boolean {
  const dir = path.join(release, IN_USE)
  if (!fs.existsSync(dir)) return false
  const host = os.hostname()
  for (const name of fs.readdirSync(dir)) {
    const separator = name.lastIndexOf('-')
    const markerHost = name.slice(0, separator)
    const pid = Number(name.slice(separator + 1))
    if (markerHost !== host || !Number.isInteger(pid)) return true
    if (processAlive(pid)) return true
    fs.rmSync(path.join(dir, name), { force: true })
  }
  return false
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
