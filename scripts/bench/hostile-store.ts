/**
 * `node scripts/bench/hostile-store.ts` (also run by `npm run bench`): the figures that
 * server/catalogue/hostile-store.test.ts holds at ten times their fast-machine value, measured
 * here and reported, never asserted. For each hostile store answer of
 * server/test/hostile-store-cases.ts:
 *   - the longest the event loop of this process was held while a sync read it (this thread's CPU
 *     time, and wall time), through the production provider on an embedded database;
 *   - the most a real server process (`node server/index.ts`) added to a /api/health answer
 *     during the same sync, beyond a trivial control server asked at the same moment.
 * Writes its section of docs/benchmarks.md unless `--no-report`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestDatabase } from '#server/test/databases.ts'
import { startHealthProber } from '#server/test/health-prober.ts'
import {
  FIRST_CATALOGUE,
  HOSTILE_CASES,
  servePages,
  syncWhileProbing,
} from '#server/test/hostile-store-cases.ts'
import { startServerProcess, stopServerProcess } from '#server/test/server-process.ts'
import { writeSiteBuild } from '#server/test/site-build.ts'
import { startStubStore } from '#server/test/stub-store.ts'
import { writeReportSection } from './report.ts'

const root = path.resolve(import.meta.dirname, '../..')

interface Row {
  kind: string
  loopCpuMs: number
  loopWallMs: number
  healthExcessMs: number
  outcome: string
}

export async function benchHostileStore(): Promise<Row[]> {
  let pages: Buffer[] = FIRST_CATALOGUE()
  const store = await startStubStore(servePages(() => pages))
  const testDb = await createTestDatabase('sqlite')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-bench-hostile-'))
  const buildDir = writeSiteBuild(path.join(dataDir, 'build'), {
    pages: { '/': '<!doctype html><title>bench</title>' },
  })
  const server = await startServerProcess({
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: path.join(dataDir, 'data'),
      BUILD_DIR: buildDir,
      CONTENT_DIR: path.join(dataDir, 'no-content'),
      STORE_PROVIDER: 'shopify',
      STORE_URL: store.url,
      REFRESH_COOLDOWN_SECONDS: '0',
      REFRESH_RATE_LIMIT_MAX: '10000',
    },
  })
  const rows: Row[] = []
  try {
    for (const [kind, build] of Object.entries(HOSTILE_CASES)) {
      pages = build()
      const { outcome, held } = await syncWhileProbing(testDb.database, store.url)

      const prober = await startHealthProber(server.url, 25)
      await fetch(`${server.url}/api/core/shopify/courses/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(60_000),
      }).then((answer) => answer.arrayBuffer())
      const probes = await prober.stop()
      const row = {
        kind,
        loopCpuMs: held.longestCpuMs,
        loopWallMs: held.longestWallMs,
        healthExcessMs: Math.max(0, ...probes.map((p) => p.excessMs)),
        outcome: outcome.kind,
      }
      rows.push(row)
      console.log(
        `${kind.padEnd(40)} loop ${row.loopCpuMs.toFixed(1).padStart(6)} ms CPU ${row.loopWallMs.toFixed(1).padStart(7)} ms wall   health +${row.healthExcessMs.toFixed(0).padStart(4)} ms   ${row.outcome}`,
      )
    }
  } finally {
    await stopServerProcess(server)
    await store.close()
    await testDb.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return rows
}

export function hostileStoreTable(rows: Row[]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [
    line([
      'store answer',
      'loop held (CPU ms)',
      'loop held (wall ms)',
      'health added (ms)',
      'sync',
    ]),
    line(['---', '---:', '---:', '---:', '---']),
    ...rows.map((row) =>
      line([
        row.kind,
        row.loopCpuMs.toFixed(1),
        row.loopWallMs.toFixed(1),
        row.healthExcessMs.toFixed(0),
        row.outcome,
      ]),
    ),
  ].join('\n')
}

export async function runHostileStoreBench(options: { report: boolean }) {
  console.log('\nA sync from a hostile store: event loop held, and health answers meanwhile')
  const rows = await benchHostileStore()
  if (options.report)
    writeReportSection(
      path.join(root, 'docs/benchmarks.md'),
      { start: '<!-- bench:hostile-store -->', end: '<!-- /bench:hostile-store -->' },
      `## A sync from a hostile store

The figures server/catalogue/hostile-store.test.ts holds at ten times a fast machine's
(50 ms of the loop, 200 ms added to a health answer): measured by
\`node scripts/bench/hostile-store.ts\` (run by \`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}, load average ${os.loadavg()[0]!.toFixed(1)}.

${hostileStoreTable(rows)}`,
    )
}

if (import.meta.main) await runHostileStoreBench({ report: !process.argv.includes('--no-report') })
