/**
 * Test helper: the site built for real (`react-router build`, which renders every page through
 * server/render/), so that the render pipeline's tests read what React Router and React actually
 * produce, never a hand-typed copy of it. Built once into build/test-real-build and reused while
 * the sources it is made from are unchanged (a hash of them is kept beside it); test files in
 * parallel wait for one another's build through a lock.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
export const REAL_BUILD_DIR = path.join(root, 'build', 'test-real-build')
const HASH_FILE = path.join(REAL_BUILD_DIR, '.sources')
const LOCK = `${REAL_BUILD_DIR}.lock`
/** What a build is made from. */
const SOURCES = [
  'app',
  'common',
  'content',
  'public',
  'server/render',
  'scripts/vite',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
]

function sourcesHash(): string {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...SOURCES],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter(Boolean)
    .sort()
  const hash = crypto.createHash('sha256')
  for (const file of files) {
    const full = path.join(root, file)
    if (!fs.existsSync(full)) continue
    hash.update(file).update('\0').update(fs.readFileSync(full)).update('\0')
  }
  return hash.digest('hex')
}

const upToDate = (hash: string) =>
  fs.existsSync(HASH_FILE) && fs.readFileSync(HASH_FILE, 'utf8') === hash

/**
 * The folder of a real build of the current sources (client/, server/, pages/). `npm test` builds
 * the site before the Vitest run and names that release in TEST_SITE_RELEASE, so the tests read the
 * build the end-to-end tests serve instead of making a second one.
 */
export async function realBuild(): Promise<string> {
  const given = process.env.TEST_SITE_RELEASE
  if (given) {
    for (const part of ['client', 'server', 'pages'])
      if (!fs.existsSync(path.join(given, part)))
        throw new Error(`TEST_SITE_RELEASE=${given} is not a release folder: it has no ${part}/`)
    return given
  }
  const hash = sourcesHash()
  if (upToDate(hash)) return REAL_BUILD_DIR
  // One builder at a time; the others wait for it (bounded), then find the build up to date.
  const deadline = Date.now() + 240_000
  // The lock is a folder inside build/, which a fresh checkout does not have yet.
  fs.mkdirSync(path.dirname(LOCK), { recursive: true })
  for (;;) {
    try {
      fs.mkdirSync(LOCK)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`${LOCK} is still held after 4 minutes`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  try {
    if (upToDate(hash)) return REAL_BUILD_DIR
    fs.rmSync(REAL_BUILD_DIR, { recursive: true, force: true })
    const cli = path.join(root, 'node_modules/@react-router/dev/bin.cjs')
    const result = spawnSync(process.execPath, [cli, 'build'], {
      cwd: root,
      encoding: 'utf8',
      // A production build, whatever the test runner's NODE_ENV (Vite reads it).
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BUILD_OUTPUT_DIR: path.relative(root, REAL_BUILD_DIR),
      },
    })
    if (result.status !== 0)
      throw new Error(`react-router build failed:\n${result.stdout}\n${result.stderr}`)
    fs.writeFileSync(HASH_FILE, hash)
    return REAL_BUILD_DIR
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true })
  }
}
