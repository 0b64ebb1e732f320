/**
 * `npm start`: builds the site when the build is missing or older than any source, then serves
 * site + API with the embedded database (or DATABASE_URL). With a current build it only checks
 * file times (a few milliseconds) before starting the server.
 */
import fs from 'node:fs'
import path from 'node:path'
import { siteConfigFromEnv } from '#app/site-config.ts'

const root = path.resolve(import.meta.dirname, '..')
const BUILD_INFO = path.join(root, 'build', 'build-info.json')
const SOURCES = [
  'app',
  'content',
  'common',
  'public',
  'react-router.config.ts',
  'vite.config.ts',
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

/** Current when built after the newest source and with the same PUBLIC_* settings. */
export function buildIsCurrent(): boolean {
  const info = fs.statSync(BUILD_INFO, { throwIfNoEntry: false })
  if (!info) return false
  const newestSource = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
  if (info.mtimeMs < newestSource) return false
  const built = JSON.parse(fs.readFileSync(BUILD_INFO, 'utf8')) as { config?: unknown }
  return JSON.stringify(built.config) === JSON.stringify(siteConfigFromEnv(process.env))
}

if (import.meta.main) {
  // The page calls /api/core/{store}/courses/: build it for the store the server will use.
  if (process.env.STORE_PROVIDER && !process.env.PUBLIC_STORE_PROVIDER) {
    process.env.PUBLIC_STORE_PROVIDER = process.env.STORE_PROVIDER
  }
  if (!buildIsCurrent()) {
    console.log('The build is missing or older than the sources: building the site first…')
    const { build } = await import('./build.ts')
    build()
  }
  const { start } = await import('#server/index.ts')
  await start()
}
