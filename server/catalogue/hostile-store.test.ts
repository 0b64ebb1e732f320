/**
 * A hostile or broken store (issue 21), with the answers of server/test/hostile-store-cases.ts.
 *
 * - In this process, a sync through the production provider (createStoreProvider: the store is
 *   read in a child process) and the sync service never holds the event loop long between two
 *   turns: this thread's CPU time (server/test/event-loop-probe.ts), so that a busy machine's
 *   scheduling is not counted as our code's.
 * - In a real server process (`node server/index.ts`), /api/health answers promptly throughout
 *   every sync, beyond what the machine's scheduling costs a trivial server at the same moment
 *   (server/test/health-prober.ts), and the process never holds more than 300 MB resident (its
 *   peak, VmHWM, read from /proc at the end). Each refresh answers, with the catalogue or a
 *   message.
 *
 * The bounds are ten times a fast machine's figures (50 ms of the loop, 200 ms on a health
 * answer), which `npm run bench` measures (scripts/bench/hostile-store.ts): a store parser that is
 * quadratic again holds the loop or the health answers for seconds to minutes, and still fails.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { writeSiteBuild } from '#server/test/site-build.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { median } from '#scripts/bench/median.ts'
import { tenTimesFast } from '#server/test/time-bounds.ts'
import { startHealthProber } from '#server/test/health-prober.ts'
import {
  startServerProcess,
  outputTail,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'
import { startStubStore, type StubStore } from '#server/test/stub-store.ts'
import {
  FIRST_CATALOGUE,
  HOSTILE_CASES,
  servePages,
  syncWhileProbing,
} from '#server/test/hostile-store-cases.ts'

const MAX_EVENT_LOOP_HELD_MS = tenTimesFast(50)
const MAX_HEALTH_MS = tenTimesFast(200)
const MAX_RESIDENT_MB = 300
/** Below the share of a refresh that a server holding its loop throughout stalls an answer for. */
const MOST_OF_THE_REFRESH = 0.8

/** Peak resident set of a process in MB, from /proc (Linux). */
function peakResidentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1])
  return kb / 1024
}

describeOnDatabases('a sync from a hostile store, in this process', (dialect) => {
  let store: StubStore
  let testDb: TestDatabase
  let pages: Buffer[] = FIRST_CATALOGUE()

  beforeAll(async () => {
    store = await startStubStore(servePages(() => pages))
    testDb = await createTestDatabase(dialect)
  })
  afterAll(async () => {
    await store?.close()
    await testDb?.drop()
  })

  it.each(Object.keys(HOSTILE_CASES))(
    'holds the event loop no longer than a fast machine would tenfold while it reads %s',
    async (kind) => {
      pages = HOSTILE_CASES[kind]!()
      const { outcome, held } = await syncWhileProbing(testDb.database, store.url)
      expect(['synced', 'failed']).toContain(outcome.kind)
      expect(held.turns).toBeGreaterThan(0)
      expect(held.longestCpuMs).toBeLessThan(MAX_EVENT_LOOP_HELD_MS)
    },
    90_000,
  )
})

describe.skipIf(process.platform !== 'linux')('a hostile store, read by a server process', () => {
  let store: StubStore
  let server: ServerProcess
  let buildDir: string
  let dataDir: string
  let pages: Buffer[] = FIRST_CATALOGUE()

  beforeAll(async () => {
    store = await startStubStore(servePages(() => pages))
    buildDir = writeSiteBuild(fs.mkdtempSync(path.join(os.tmpdir(), 'lll-build-')), {
      pages: { '/': '<!doctype html><title>test</title>' },
    })
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-data-'))
    server = await startServerProcess({
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        BUILD_DIR: buildDir,
        // No content folder: the memory measured is the catalogue's. A first start that imports
        // content/ peaks at about 280 MB on its own (the podcast's artwork through sharp).
        CONTENT_DIR: path.join(dataDir, 'no-content'),
        STORE_PROVIDER: 'shopify',
        STORE_URL: store.url,
        REFRESH_COOLDOWN_SECONDS: '0',
        REFRESH_RATE_LIMIT_MAX: '10000',
      },
    })
  }, 180_000)

  afterAll(async () => {
    if (server) expect(await stopServerProcess(server), outputTail(server)).toBe(0)
    await store?.close()
    fs.rmSync(path.dirname(buildDir), { recursive: true, force: true })
    fs.rmSync(dataDir, { recursive: true, force: true })
  }, 90_000)

  /**
   * Refreshes from the store while asking /api/health every 25 ms from a process of its own (a
   * health checker's question, forty times a second) until the refresh answers; returns the
   * refresh's answer and the most the server added to a health answer (server/test/health-prober.ts).
   */
  async function refreshWhileProbing() {
    const prober = await startHealthProber(server.url, 25)
    const begun = performance.now()
    let answer: Response
    let body: { count?: number; message?: string }
    try {
      // A deadline for an answer that never comes, not a stopwatch: a refresh that read 5,000
      // invalid products took more than 20 s under a 0.7 CPU quota on a slow day. The prober
      // asks for two minutes at most.
      answer = await fetch(`${server.url}/api/core/shopify/courses/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(100_000),
      })
      body = (await answer.json()) as { count?: number; message?: string }
    } catch (error) {
      // Stopped here, not when the server stops at the end and the prober's questions fail.
      await prober.stop().catch(() => {})
      throw error
    }
    const refreshMs = performance.now() - begun
    const probes = await prober.stop()
    return {
      status: answer.status,
      body,
      statuses: [...new Set(probes.map((probe) => probe.status))],
      slowestMs: Math.max(...probes.map((probe) => probe.excessMs)),
      medianMs: median(probes.map((probe) => probe.excessMs)),
      refreshMs,
      probes: probes.length,
    }
  }

  it('has synced the first, good catalogue', async () => {
    const answer = await fetch(`${server.url}/api/core/shopify/courses/`)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ count: 1 })
  })

  it.each(Object.keys(HOSTILE_CASES))(
    'answers health within ten times a fast machine’s 200 ms while it reads %s',
    async (kind) => {
      pages = HOSTILE_CASES[kind]!()
      const outcome = await refreshWhileProbing()
      expect(outcome.probes).toBeGreaterThan(0)
      expect(outcome.statuses).toEqual([200])
      // A server that held its loop while it read the store stalls every health answer asked
      // meanwhile, the first of them for about the whole refresh. So the typical answer stays
      // within ten times a fast machine's 200 ms, and the slowest within that or four fifths of
      // the refresh: on a machine so busy that the refresh takes many seconds, one answer can
      // wait seconds for the CPU or the disk (4.3 s of a 7.9 s refresh was seen with two suites
      // on two cores, one held to 0.7 CPU), never the whole refresh.
      expect(outcome.medianMs).toBeLessThan(MAX_HEALTH_MS)
      expect(outcome.slowestMs).toBeLessThan(
        Math.max(MAX_HEALTH_MS, outcome.refreshMs * MOST_OF_THE_REFRESH),
      )
      // Valid products with hostile descriptions are synced; pages of invalid ones fail the
      // sync with a message, and the last good catalogue stays.
      if (outcome.status === 200) expect(outcome.body.count).toBeGreaterThan(0)
      else {
        expect(outcome.status).toBe(502)
        expect(outcome.body.message).toMatch(/The last saved catalogue is still shown/)
      }
    },
    150_000,
  )

  it('stayed under 300 MB resident throughout', () => {
    expect(peakResidentMb(server.child.pid!)).toBeLessThan(MAX_RESIDENT_MB)
  })
})
