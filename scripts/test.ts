/**
 * `npm test`: every check the project has, in order, with one summary line at the end:
 *   lockfile check, route types, typecheck beside lint, production build, unit + API tests
 *   (Vitest; on SQLite, and on PostgreSQL when one can be started here; the render pipeline's
 *   tests read the build just made), end-to-end tests (Playwright driving Debian's Chromium
 *   headless shell, scripts/chromium.ts, against that build served by the real server).
 * The last line is "N passed, M failed, S skipped, F flaky" counting every test of every runner
 * (the lockfile check, the route types, typecheck, lint and build count as one test each). A test
 * that passed only on a retry counts as passed and flaky, and is named above the summary; the
 * goal is 0 flaky.
 * Exits non-zero if anything failed, and under CI also if any PostgreSQL test was skipped.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureTestChromium } from './chromium.ts'
import { findPostgresBin, startPostgres, type RunningPostgres } from './postgres.ts'
import { useCompileCache } from './compile-cache.ts'
import {
  readPlaywrightReport,
  readVitestReport,
  type PlaywrightReport,
  type RunnerOutcome,
  type VitestReport,
} from './test-reports.ts'

const root = path.resolve(import.meta.dirname, '..')
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-test-reports-'))
useCompileCache()
let passed = 0
let failed = 0
let skipped = 0
const failures: string[] = []
const flakyTests: string[] = []
/** Each failed test by name, listed again under the summary: CI may keep only a log's tail. */
const failedTests: string[] = []
const postgresSkips: string[] = []

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n━━ ${label} ━━`)
  const started = Date.now()
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  const ok = result.status === 0
  console.log(
    `── ${label}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  return ok
}

/** Runs steps at the same time; each one's output is printed whole when it ends. */
async function together(steps: [label: string, command: string, args: string[]][]) {
  await Promise.all(
    steps.map(
      ([label, command, args]) =>
        new Promise<void>((resolve) => {
          const started = Date.now()
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
          const output: Buffer[] = []
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
          child.on('close', (code) => {
            const ok = code === 0
            console.log(`\n━━ ${label} ━━`)
            process.stdout.write(Buffer.concat(output))
            console.log(
              `── ${label}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
            )
            if (ok) passed++
            else {
              failed++
              failures.push(label)
            }
            resolve()
          })
        }),
    ),
  )
}

/** Adds a runner's outcome to the summary. */
function count(outcome: RunnerOutcome) {
  passed += outcome.passed
  failed += outcome.failed
  skipped += outcome.skipped
  failedTests.push(...outcome.failedTests)
  flakyTests.push(...outcome.flakyTests)
}

function step(label: string, command: string, args: string[], env?: NodeJS.ProcessEnv) {
  if (run(label, command, args, env)) passed++
  else {
    failed++
    failures.push(label)
  }
}

console.log(`Browser tests in ${ensureTestChromium()}`)

step('lockfile', 'node', ['scripts/check-lockfile.ts'])
// The type checker, the linter and the build side by side, once the route types exist (the
// linter's type-aware rules read them too): the checkers use a core each and wait on files, the
// build waits on its render workers; together they take about as long as the longest two.
// The site is built once, first: the render pipeline's Vitest tests read this release
// (server/test/real-build.ts) and the end-to-end tests serve it.
step('route types', 'react-router', ['typegen'])
const failedBefore = failures.length
await together([
  ['typecheck', 'tsc', []],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['production build', 'node', ['scripts/build.ts']],
])
const buildOk = !failures.slice(failedBefore).includes('production build')
const release = buildOk
  ? path.dirname(fs.realpathSync(path.join(root, 'build', 'client')))
  : undefined

let postgres: RunningPostgres | undefined
const dbEnv: NodeJS.ProcessEnv = release ? { TEST_SITE_RELEASE: release } : {}
if (process.env.TEST_DATABASE_URL) {
  console.log(`\nDatabase tests: SQLite and PostgreSQL at TEST_DATABASE_URL`)
} else if (findPostgresBin()) {
  postgres = startPostgres(Number(process.env.PG_PORT ?? 54331))
  dbEnv.TEST_DATABASE_URL = postgres.url
  console.log(`\nDatabase tests: SQLite and a throwaway PostgreSQL on ${postgres.url}`)
} else {
  console.log(
    '\nDatabase tests: SQLite only (no PostgreSQL here: apt-get install postgresql to run them on both)',
  )
}

try {
  const vitestJson = path.join(reports, 'vitest.json')
  const vitestOk = run(
    'unit and API tests (Vitest)',
    'vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    dbEnv,
  )
  if (fs.existsSync(vitestJson)) {
    const outcome = readVitestReport(
      JSON.parse(fs.readFileSync(vitestJson, 'utf8')) as VitestReport,
      root,
    )
    count(outcome)
    postgresSkips.push(...outcome.postgresSkips)
    if (outcome.failed > 0) failures.push(`Vitest (${outcome.failed} failed)`)
    else if (!vitestOk) {
      failed++
      failures.push('Vitest (runner error)')
    }
  } else {
    failed++
    failures.push('Vitest (no report)')
  }
} finally {
  postgres?.stop()
}

if (buildOk) {
  const playwrightJson = path.join(reports, 'playwright.json')
  const e2eOk = run('end-to-end tests (Playwright + Chromium)', 'playwright', ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  })
  if (fs.existsSync(playwrightJson)) {
    const outcome = readPlaywrightReport(
      JSON.parse(fs.readFileSync(playwrightJson, 'utf8')) as PlaywrightReport,
      root,
    )
    count(outcome)
    if (outcome.failed > 0) failures.push(`Playwright (${outcome.failed} failed)`)
    else if (!e2eOk) {
      failed++
      failures.push('Playwright (runner error)')
    }
  } else {
    failed++
    failures.push('Playwright (no report)')
  }
} else {
  console.log('\nEnd-to-end tests skipped: the build failed.')
}

if (postgresSkips.length > 0) {
  console.log(`\n${postgresSkips.length} PostgreSQL tests were skipped (no PostgreSQL here).`)
  if (process.env.CI) {
    failed++
    failures.push('PostgreSQL tests skipped in CI (apt-get install postgresql)')
  }
}

fs.rmSync(reports, { recursive: true, force: true })
console.log('')
if (flakyTests.length) console.log(`Flaky (passed on a retry):\n  ${flakyTests.join('\n  ')}`)
if (failedTests.length) console.log(`Failed tests:\n  ${failedTests.join('\n  ')}`)
if (failures.length) console.log(`Failed: ${failures.join('; ')}`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped, ${flakyTests.length} flaky`)
process.exit(failed === 0 ? 0 : 1)
