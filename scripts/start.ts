/**
 * `npm start`, the promise for a fresh clone: builds the site when the build is missing, older
 * than any source, or made with a PUBLIC_* setting that the environment sets to something else,
 * then serves site + API (server/index.ts, which `npm run serve` runs alone and which never
 * builds). A PUBLIC_* variable that is unset never causes a rebuild: the built value stands.
 * With a current build it only checks file times (a few milliseconds) before starting.
 */
import fs from 'node:fs'
import path from 'node:path'
import { publicSettings } from '#server/env.ts'
import { contradiction } from '#server/site/site-config.ts'
import { build, currentBuildInfo } from './build.ts'

const root = path.resolve(import.meta.dirname, '..')
const SOURCES = [
  'app',
  'content',
  'common',
  'public',
  'react-router.config.ts',
  'vite.config.ts',
  'vite.admin.config.ts',
  'package-lock.json',
]

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)))
  }
  return newest
}

/** Current when built after the newest source and no set PUBLIC_* variable contradicts it. */
export function buildIsCurrent(): boolean {
  const info = currentBuildInfo()
  if (!info) return false
  const newestSource = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
  if (fs.statSync(info.file).mtimeMs < newestSource) return false
  return contradiction(info.settings, publicSettings(process.env), 'build/client') === undefined
}

if (import.meta.main) {
  // The page calls /api/core/{store}/courses/: build it for the store the server will use.
  if (process.env.STORE_PROVIDER && !process.env.PUBLIC_STORE_PROVIDER) {
    process.env.PUBLIC_STORE_PROVIDER = process.env.STORE_PROVIDER
  }
  if (!buildIsCurrent()) {
    console.log(
      'The build is missing, older than the sources or made with other PUBLIC_* settings: building the site first…',
    )
    build()
  }
  const { start } = await import('#server/index.ts')
  await start()
}
