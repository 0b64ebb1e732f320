/**
 * Benchmarks that print figures (nothing here asserts): Lighthouse scores and Core Web Vitals per
 * page, page weights, and request rates of the server. Starts its own server on 127.0.0.1 with
 * the current build (run `npm run build` first) and a throwaway database, and stops it by PID.
 *   npm run bench                 # everything
 *   npm run bench -- --no-lighthouse
 *   npm run bench -- --pages=/,/about --runs=1 --no-report --no-rates   # a quick look
 *   npm run bench -- --no-api     # without the CPU-per-request comparison with nginx
 *   npm run bench -- --no-cards   # without the time to the catalogue's cards
 *   npm run bench -- --no-hostile # without the sync from a hostile store (bench/hostile-store.ts)
 *   npm run bench -- --no-scale   # without publish to visible on three processes (bench/scale.ts)
 * The comparison with nginx (scripts/bench/api.ts, also `npm run bench:api`) runs last, on its
 * own pinned server, and writes its section of docs/benchmarks.md.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pagePaths } from '#app/page-paths.ts'
import { benchLighthouse, buildWithTwins } from './bench/lighthouse.ts'
import { cardsTable, timeToCards, writeCardsReport } from './bench/time-to-cards.ts'

const root = path.resolve(import.meta.dirname, '..')
// Not 4190: browsers' and fetch's "bad ports" list blocks it (ManageSieve).
const port = Number(process.env.BENCH_PORT ?? 4380)
const base = `http://127.0.0.1:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-bench-'))
const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const lighthousePages = option('pages')?.split(',') ?? pagePaths()
// The server serves a copy of the build that also holds each page's static twin.
const buildDir = await buildWithTwins(path.join(root, 'build/client'), lighthousePages, dataDir)

const server = spawn('node', ['server/index.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch (error) {
      if (i % 20 === 19)
        console.error('still waiting for the server:', (error as Error).cause ?? error)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not start within 30 s')
}

async function requestRate(url: string, seconds = 5, concurrency = 32) {
  const deadline = performance.now() + seconds * 1000
  const latencies: number[] = []
  let errors = 0
  const worker = async () => {
    while (performance.now() < deadline) {
      const t = performance.now()
      try {
        const r = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } })
        await r.arrayBuffer()
        if (!r.ok) errors++
      } catch {
        errors++
      }
      latencies.push(performance.now() - t)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  latencies.sort((a, b) => a - b)
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1)
  return { rps: (latencies.length / seconds).toFixed(0), p50: q(0.5), p99: q(0.99), errors }
}

try {
  await waitForServer()
  if (!process.argv.includes('--no-lighthouse')) {
    benchLighthouse({
      base,
      pages: lighthousePages,
      runs: Number(option('runs') ?? 3),
      reportFile: process.argv.includes('--no-report')
        ? undefined
        : path.join(root, 'docs/benchmarks.md'),
    })
  }

  if (!process.argv.includes('--no-cards')) {
    console.log("\nTime to the catalogue's cards (/courses, 4× CPU, 150 ms RTT, 1.6 Mbit/s)")
    const runs = Number(option('runs') ?? 3) + 2
    const cards = await timeToCards([base], runs)
    console.log('\n' + cardsTable(cards))
    if (!process.argv.includes('--no-report'))
      writeCardsReport(path.join(root, 'docs/benchmarks.md'), cards, runs)
  }

  if (!process.argv.includes('--no-rates')) {
    console.log('\nRequest rates (32 concurrent clients, 5 s each, keep-alive, same machine)')
    for (const url of ['/', '/articles/marisol-vega', '/api/health', '/api/core/sample/courses/']) {
      const r = await requestRate(base + url)
      console.log(
        `${url.padEnd(30)}${r.rps.padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}`,
      )
    }
  }
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  fs.rmSync(dataDir, { recursive: true, force: true })
}

if (!process.argv.includes('--no-hostile')) {
  const { runHostileStoreBench } = await import('./bench/hostile-store.ts')
  await runHostileStoreBench({ report: !process.argv.includes('--no-report') })
}

// Publish to visible on three processes (a settings change, which every page shows, and one
// episode), the health answers meanwhile, first answer and memory: the scale bench at the
// sample's size on PostgreSQL (`npm run bench:scale` runs every size and writes its table).
if (!process.argv.includes('--no-scale')) {
  console.log('\nPublishing on three processes (PostgreSQL, the sample content)')
  spawnSync(
    'node',
    [
      'scripts/bench/scale.ts',
      '--sizes',
      'none',
      '--postgres',
      '6',
      '--burst',
      '200',
      '--no-write',
    ],
    { cwd: root, stdio: 'inherit' },
  )
}

if (!process.argv.includes('--no-search')) {
  const { runSearchBench } = await import('./bench/search.ts')
  await runSearchBench({ write: !process.argv.includes('--no-report') })
}

if (!process.argv.includes('--no-api')) {
  const { runApiBench } = await import('./bench/api.ts')
  await runApiBench()
}
