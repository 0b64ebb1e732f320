/**
 * `npm start`: builds the site when the build is missing or older than any source, then serves
 * site + API with the embedded database (or DATABASE_URL). With a current build it only checks
 * file times (a few milliseconds) before starting the server.
 */
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const BUILD_INFO = path.join(root, 'build', 'build-info.json')
const SOURCES = ['app', 'content', 'common', 'public', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json']

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

export function buildIsCurrent(): boolean {
  const info = fs.statSync(BUILD_INFO, { throwIfNoEntry: false })
  if (!info) return false
  const newestSource = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
  return info.mtimeMs >= newestSource
}

if (import.meta.main) {
  if (!buildIsCurrent()) {
    console.log('The build is missing or older than the sources: building the site first…')
    const { build } = await import('./build.ts')
    build()
  }
  const { start } = await import('../server/index.ts')
  await start()
}
