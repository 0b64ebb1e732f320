/**
 * npm run bench:scale: what a site that grows by an episode a day costs (issue 29, ADR 021). For
 * each size (6, 365, 1,100 and 3,650 episodes with transcripts; 100 more articles from 1,100 on)
 * and database (SQLite; PostgreSQL with three processes), it seeds the content with
 * `npm run content -- import` and reports:
 *
 * - first answer: from spawning `node server/index.ts` to the first 200 for `/`, the median of
 *   three starts (the first two stopped once they answered) after the import's writes reached the
 *   disk: one start is a sample of the machine's hour, not of the site's size;
 * - resident memory (VmRSS of the server process, render worker included) 8 s after the first
 *   answer (the warm pages rendered, the worker still there), idle (nothing asked for since the
 *   start, and the render worker stopped, as the server logs), the most seen during a burst of 1,000
 *   requests over every page of the sitemap (20 at a time), and at rest after it all (a minute
 *   without requests at the end, the page cache full);
 * - cold and warm time to first byte (p50/p95) of pages nobody asked for yet, then again;
 * - the podcast feed's bytes and the time of its first and second answer;
 * - publish to visible: a settings change (the phone number, on every page) and one episode's
 *   new title, each published three times (the median, and the first after the start), through
 *   the repository in this process, until every server process
 *   (three on PostgreSQL, one on SQLite) answers with it; the longest /api/health answer
 *   while that happens (from another process: an upper bound on how long publishing holds the
 *   event loop), and the longest gap in the servers' own event loops from the change until 2 s
 *   after it is visible, and the longest hold (the gap less the time the thread waited for a
 *   CPU: scripts/bench/event-loop-probe.ts, loaded into them with --import). The polls accept
 *   brotli and gzip, as a browser does.
 *
 *   npm run bench:scale                                   # the full run (~15 min on 2 cores)
 *   npm run bench:scale -- --sizes 6,365 --postgres none  # a part of it (none: no size)
 *   npm run bench:scale -- --burst 200                    # a smaller burst on a busy machine
 *
 * Needs a real build (the tests' build/test-real-build, made when missing) and, for PostgreSQL,
 * Debian's postgresql (on PG_PORT). The servers listen on free ports of 127.0.0.1. Writes its
 * section of docs/benchmarks.md unless --no-write.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startPostgres, type RunningPostgres } from '#scripts/postgres.ts'
import { IDLE_MS } from '#server/render/render-thread.ts'
import { openDatabase, type Database } from '#server/db/index.ts'
import { realBuild } from '#server/test/real-build.ts'
import {
  ROOT,
  SERVER_ENTRY,
  SERVER_NODE_FLAGS,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'
import { writeReportSection } from './report.ts'
import { writeScaleContent } from './scale-content.ts'
import { median } from './median.ts'
import { get, waitUntil } from './scale-http.ts'
import { publish, publishedTimes } from './scale-publish.ts'

const EVENT_LOOP_PROBE = fileURLToPath(new URL('./event-loop-probe.ts', import.meta.url))
const MARKERS = { start: '<!-- scale-bench:start -->', end: '<!-- scale-bench:end -->' }
const BURST_CONCURRENCY = 20
const COLD_PAGES = 20
/** Starts timed for the first answer; the median is reported. */
const STARTS = 3

const percentile = (values: number[], p: number) => {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

/** VmRSS of a process and its threads (the render worker is a thread), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/** What the server logs when its render worker stops after IDLE_MS without a job. */
const WORKER_STOPPED = 'render worker stopped: no page to render for a while'

/** How many times the server has said its render worker stopped idle. */
const stops = (server: ServerProcess) =>
  server.output.filter((line) => line.includes(WORKER_STOPPED)).length

/**
 * Resident memory once the render worker has stopped: it stops IDLE_MS after its last job (the
 * warm pages, which take longer as the site grows) and the server says so (before, the bench
 * read a fall in the thread count, which another thread ending could also cause: it then read
 * the memory with the worker still there). Waits for the server's next such line after `seen`,
 * then 10 s for the freed memory to go back to the system; at most IDLE_MS + 3 min.
 */
async function idleRss(
  server: ServerProcess,
  seen: number,
): Promise<{ mb: number; stops: number }> {
  const deadline = performance.now() + IDLE_MS + 180_000
  while (stops(server) <= seen && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  if (stops(server) <= seen)
    throw new Error('the render worker did not stop within IDLE_MS + 3 min')
  await new Promise((resolve) => setTimeout(resolve, 10_000))
  return { mb: rssMb(server.child.pid!), stops: stops(server) }
}

/** Seeds the database with `npm run content -- import` of a generated folder; seconds taken. */
function seed(folder: string, env: Record<string, string>): number {
  const started = performance.now()
  const result = spawnSync(process.execPath, ['server/cli/content.ts', 'import', folder], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`import failed:\n${result.stdout}\n${result.stderr}`)
  const seconds = (performance.now() - started) / 1000
  // The import's writes flushed before the first start: a start must not time the disk's catch-up.
  spawnSync('sync')
  return seconds
}

interface Row {
  database: string
  episodes: number
  documents: number
  importS: number
  firstAnswerS: number
  /** Every start's first answer (STARTS of them). */
  firstAnswersS: number[]
  /** 8 s after the first answer: the warm pages rendered, the render worker alive. */
  warmMb: number
  /** Nothing asked for since the start, the render worker stopped (IDLE_MS). */
  idleMb: number
  /** After the burst and the publishes, a quiet minute: the worker stopped, the caches full. */
  restMb: number
  burstMb: number
  burstRps: number
  coldP50: number
  coldP95: number
  warmP50: number
  warmP95: number
  feedKb: number
  feedColdMs: number
  feedWarmMs: number
  /** Median of PUBLISHES, and the first after the start. */
  settingsS: number
  settingsFirstS: number
  episodeS: number
  episodeFirstS: number
  healthMaxMs: number
  /** The longest gap in a server's own event loop while publishing (event-loop-probe.ts). */
  loopGapMs: number
  /** The same less the time its thread waited for a CPU: what the server itself held. */
  loopHoldMs: number
  etagsAgree: boolean
}

/** A log line of the server at pino's warn level (40) or above. */
function warnedOrWorse(line: string): boolean {
  try {
    return (JSON.parse(line) as { level?: number }).level! >= 40
  } catch {
    return false
  }
}

/** Starts one server process and times its first 200 for `/` from the spawn. */
async function startTimed(env: Record<string, string>): Promise<{
  server: ServerProcess
  firstAnswerS: number
}> {
  const started = performance.now()
  const server = await startServerProcess({
    command: [process.execPath, ...SERVER_NODE_FLAGS, '--import', EVENT_LOOP_PROBE, SERVER_ENTRY],
    env,
    timeoutMs: 600_000,
  })
  await waitUntil(async () => (await get(`${server.url}/`)).status === 200, 600_000)
  return { server, firstAnswerS: (performance.now() - started) / 1000 }
}

/** STARTS timed starts, all but the last stopped once they answered: the last, and every time. */
async function startMedian(env: Record<string, string>) {
  const times: number[] = []
  for (let i = 1; ; i++) {
    const start = await startTimed(env)
    times.push(start.firstAnswerS)
    if (i === STARTS) return { server: start.server, firstAnswerS: median(times), times }
    await stopServerProcess(start.server)
  }
}

/** Every page the sitemap lists, as paths. */
async function sitemapPaths(base: string): Promise<string[]> {
  const index = await get(`${base}/sitemap.xml`, { text: true })
  const locs = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
  const paths: string[] = []
  for (const loc of locs) {
    const url = new URL(loc)
    if (url.pathname.endsWith('.xml')) {
      const part = await get(`${base}${url.pathname}`, { text: true })
      for (const m of part.body.matchAll(/<loc>([^<]+)<\/loc>/g))
        paths.push(new URL(m[1]!).pathname)
    } else paths.push(url.pathname)
  }
  return paths
}

async function measure(options: {
  dialect: 'sqlite' | 'postgres'
  episodes: number
  release: string
  postgres: RunningPostgres | undefined
  /** Requests in the burst over every page (1,000 by default). */
  burst: number
}): Promise<Row> {
  const { dialect, episodes, release } = options
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `lll-scale-${episodes}-`))
  const servers: ServerProcess[] = []
  let database: Database | undefined
  let databaseName: string | undefined
  try {
    const folder = path.join(work, 'content')
    const articles = episodes >= 1000 ? 100 : 0
    writeScaleContent(path.join(ROOT, 'content'), folder, { episodes, articles })
    const dataDir = path.join(work, 'data')
    const env: Record<string, string> = { DATA_DIR: dataDir }
    if (dialect === 'postgres') {
      databaseName = `scale_${episodes}_${process.pid}`
      const admin = new pg.Client({ connectionString: options.postgres!.url })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${databaseName}`)
      await admin.end()
      const url = new URL(options.postgres!.url)
      url.pathname = `/${databaseName}`
      env.DATABASE_URL = url.toString()
    }
    const importS = seed(folder, env)
    database = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL })
    const serverEnv = {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      // info: the line the process says it listens with.
      LOG_LEVEL: 'info',
      BUILD_DIR: path.join(release, 'client'),
      CONTENT_DIR: folder,
    }
    const first = await startMedian(serverEnv)
    servers.push(first.server)
    if (dialect === 'postgres')
      for (let i = 1; i < 3; i++) servers.push((await startTimed(serverEnv)).server)
    const [main] = servers as [ServerProcess]
    const base = main.url
    const pid = main.child.pid!
    // The warm pages rendered, nothing asked for since; then idle: the render worker stopped.
    await new Promise((resolve) => setTimeout(resolve, 8000))
    const warmMb = rssMb(pid)
    const idle = await idleRss(main, 0)
    const idleMb = idle.mb

    const paths = await sitemapPaths(base)
    const documents = paths.length
    // Cold and warm: pages nobody has asked for (older episodes and archive pages), twice.
    const cold = paths
      .filter((p) => p.startsWith('/listen/') && !p.endsWith('.xml'))
      .slice(-COLD_PAGES)
    const coldTimes: number[] = []
    const warmTimes: number[] = []
    for (const p of cold) coldTimes.push((await get(`${base}${p}`)).ttfbMs)
    for (const p of cold) warmTimes.push((await get(`${base}${p}`)).ttfbMs)

    const feedCold = await get(`${base}/listen/feed.xml`, { text: true })
    const feedWarm = await get(`${base}/listen/feed.xml`, { text: true })

    // The burst: 1,000 requests over every page, 20 at a time, memory sampled meanwhile.
    let burstMb = rssMb(pid)
    const sampler = setInterval(() => (burstMb = Math.max(burstMb, rssMb(pid))), 100)
    const burstStarted = performance.now()
    let next = 0
    await Promise.all(
      Array.from({ length: BURST_CONCURRENCY }, async () => {
        while (next < options.burst) {
          const p = paths[(next++ * 7919) % paths.length]!
          await get(`${base}${p}`)
        }
      }),
    )
    const burstRps = options.burst / ((performance.now() - burstStarted) / 1000)
    clearInterval(sampler)

    // Each change PUBLISHES times: the first after a start pays for what a process reads once,
    // and on SQLite each waits up to a poll (2 s) to be seen, so one reading is mostly chance.
    const settings = await publishedTimes(servers, '/about', (round) => {
      const phone = `+1 (816) 555-${String(1000 + ((episodes + round) % 9000)).slice(-4)}`
      return [phone, () => publish(database!, 'settings', (data) => ({ ...data, phone }))]
    })
    const newest = paths.find((p) => /^\/listen\/[a-z0-9-]+$/.test(p) && !p.includes('/page'))!
    const slug = newest.slice('/listen/'.length)
    const episode = await publishedTimes(servers, newest, (round) => {
      const title = `A New Title (${round + 1}) for Episode ${slug.split('-').at(-1)}`
      return [title, () => publish(database!, `episode/${slug}`, (data) => ({ ...data, title }))]
    })
    const etags = await Promise.all(servers.map(async (s) => (await get(`${s.url}/about`)).etag))
    // At rest: nothing asked for until the render worker has stopped (its last job, the pages
    // warmed after the episode's publish, ends within a few seconds of it being visible).
    const restMb = (await idleRss(main, idle.stops)).mb
    return {
      database: dialect === 'postgres' ? 'PostgreSQL ×3' : 'SQLite',
      episodes,
      documents,
      importS,
      firstAnswerS: first.firstAnswerS,
      firstAnswersS: first.times,
      warmMb,
      idleMb,
      restMb,
      burstMb,
      burstRps,
      coldP50: percentile(coldTimes, 50),
      coldP95: percentile(coldTimes, 95),
      warmP50: percentile(warmTimes, 50),
      warmP95: percentile(warmTimes, 95),
      feedKb: Buffer.byteLength(feedCold.body) / 1024,
      feedColdMs: feedCold.totalMs,
      feedWarmMs: feedWarm.totalMs,
      settingsS: settings.seconds,
      settingsFirstS: settings.first,
      episodeS: episode.seconds,
      episodeFirstS: episode.first,
      healthMaxMs: Math.max(settings.healthMaxMs, episode.healthMaxMs),
      loopGapMs: Math.max(settings.loopGapMs, episode.loopGapMs),
      loopHoldMs: Math.max(settings.loopHoldMs, episode.loopHoldMs),
      etagsAgree: new Set(etags).size === 1,
    }
  } catch (error) {
    // What the servers said at warn and error level is the first thing to read when a size fails.
    const said = servers.flatMap((server) => server.output.filter(warnedOrWorse))
    if (said.length > 0) console.error(`The servers' warnings and errors:\n${said.join('\n')}`)
    throw error
  } finally {
    await Promise.all(servers.map((server) => stopServerProcess(server)))
    await database?.close()
    if (databaseName) {
      const admin = new pg.Client({ connectionString: options.postgres!.url })
      await admin.connect()
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)
      await admin.end()
    }
    fs.rmSync(work, { recursive: true, force: true })
  }
}

const fixed = (n: number, digits = 0) =>
  Number.isNaN(n) ? 'not seen' : n.toLocaleString('en-US', { maximumFractionDigits: digits })

function table(rows: Row[], burst: number): string {
  const header = `| database | episodes | sitemap URLs | import | first answer (of ${STARTS}) | RSS 8 s after | RSS idle | RSS in a burst of ${burst} (req/s) | RSS at rest after | cold TTFB p50 / p95 | warm TTFB p50 / p95 | feed size (first / again) | settings visible (first) | episode visible (first) | longest /api/health | longest event-loop gap / hold | ETags agree |`
  const rule = `|${header
    .split('|')
    .slice(1, -1)
    .map(() => '---')
    .join('|')}|`
  const lines = rows.map(
    (r) =>
      `| ${r.database} | ${fixed(r.episodes)} | ${fixed(r.documents)} | ${fixed(r.importS)} s | ${fixed(r.firstAnswerS, 1)} s (${fixed(Math.min(...r.firstAnswersS), 1)}–${fixed(Math.max(...r.firstAnswersS), 1)}) | ${fixed(r.warmMb)} MB | ${fixed(r.idleMb)} MB | ${fixed(r.burstMb)} MB (${fixed(r.burstRps)}) | ${fixed(r.restMb)} MB | ${fixed(r.coldP50)} / ${fixed(r.coldP95)} ms | ${fixed(r.warmP50, 1)} / ${fixed(r.warmP95, 1)} ms | ${fixed(r.feedKb)} KB (${fixed(r.feedColdMs)} / ${fixed(r.feedWarmMs)} ms) | ${fixed(r.settingsS, 1)} s (${fixed(r.settingsFirstS, 1)} s) | ${fixed(r.episodeS, 1)} s (${fixed(r.episodeFirstS, 1)} s) | ${fixed(r.healthMaxMs)} ms | ${fixed(r.loopGapMs)} / ${fixed(r.loopHoldMs)} ms | ${r.etagsAgree ? 'yes' : 'no'} |`,
  )
  return [header, rule, ...lines].join('\n')
}

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '6,365,1100,3650' },
      postgres: { type: 'string', default: '365,1100' },
      burst: { type: 'string', default: '1000' },
      'no-write': { type: 'boolean', default: false },
    },
  })
  const list = (text: string) =>
    text === 'none'
      ? []
      : text
          .split(',')
          .map(Number)
          .filter((n) => n > 0)
  const sizes = list(values.sizes)
  const pgSizes = list(values.postgres)
  const burst = Number(values.burst)
  const release = await realBuild()
  const rows: Row[] = []
  for (const episodes of sizes) {
    console.info(`SQLite, ${episodes} episodes…`)
    try {
      rows.push(await measure({ dialect: 'sqlite', episodes, release, postgres: undefined, burst }))
      console.info(table(rows.slice(-1), burst))
    } catch (error) {
      console.error(`SQLite, ${episodes} episodes failed:`, error)
    }
  }
  if (pgSizes.length > 0) {
    const postgres = startPostgres(Number(process.env.PG_PORT ?? 54329))
    try {
      for (const episodes of pgSizes) {
        console.info(`PostgreSQL, three processes, ${episodes} episodes…`)
        try {
          rows.push(await measure({ dialect: 'postgres', episodes, release, postgres, burst }))
          console.info(table(rows.slice(-1), burst))
        } catch (error) {
          console.error(`PostgreSQL, ${episodes} episodes failed:`, error)
        }
      }
    } finally {
      postgres.stop()
    }
  }
  const report = table(rows, burst)
  console.info(`\n${report}`)
  if (!values['no-write'])
    writeReportSection(
      path.join(ROOT, 'docs/benchmarks.md'),
      MARKERS,
      `Measured ${new Date().toISOString().slice(0, 10)} on the shared 2-core machine (load average ${os.loadavg()[0]!.toFixed(1)} at the end).\n\n${report}`,
    )
}

if (import.meta.main) {
  await main()
  // A pool's idle socket must not keep the bench alive.
  process.exit(0)
}
