/**
 * Publish to visible, for `npm run bench:scale` (scale.ts): a change published through the
 * repository as the back office does, the time until every server shows it, the longest
 * /api/health answer meanwhile (scripts/bench/health-probe.ts, from another thread) and the
 * longest gap in the servers' own event loops (scripts/bench/event-loop-probe.ts).
 */
import { Worker } from 'node:worker_threads'
import { createContentRepository } from '#server/content/repository.ts'
import type { Database } from '#server/db/index.ts'
import type { ServerProcess } from '#server/test/server-process.ts'
import { parseHoldLine } from './event-loop-probe.ts'
import { median } from './median.ts'
import { get, waitUntil } from './scale-http.ts'

/** Publishes a change of one document as the back office does; resolves with its version. */
export async function publish(
  database: Database,
  key: string,
  change: (data: Record<string, unknown>) => Record<string, unknown>,
) {
  const repository = createContentRepository(database)
  const document = await repository.getDocument(key)
  const saved = await repository.saveDraft(key, {
    data: change(structuredClone(document.published!.data) as Record<string, unknown>),
    body: document.published!.body,
    baseVersion: document.version,
    actor: null,
  })
  await repository.publish(key, { baseVersion: saved.document.version, actor: null })
}

/**
 * The longest gap and the longest hold in any server's event loop since the last call, in ms:
 * each is asked with SIGWINCH and prints them (scripts/bench/event-loop-probe.ts). NaN when one
 * does not answer.
 */
async function longestLoopHold(
  servers: ServerProcess[],
): Promise<{ gapMs: number; holdMs: number }> {
  const marks = servers.map((server) => server.output.length)
  for (const server of servers) server.child.kill('SIGWINCH')
  const figures = await Promise.all(
    servers.map(async (server, i) => {
      let figure = { gapMs: NaN, holdMs: NaN }
      await waitUntil(async () => {
        const parsed = server.output.slice(marks[i]).map(parseHoldLine).find(Boolean)
        if (parsed) figure = parsed
        return parsed !== undefined
      }, 10_000)
      return figure
    }),
  )
  return {
    gapMs: Math.max(...figures.map((figure) => figure.gapMs)),
    holdMs: Math.max(...figures.map((figure) => figure.holdMs)),
  }
}

/** After a change is visible, the servers go on (warming, the search index): watched this long. */
const SETTLE_MS = 2000

/**
 * Time until every server shows `expected` at `pagePath`, with /api/health probed meanwhile from
 * another thread (scripts/bench/health-probe.ts), and the longest gap in the servers' own event
 * loops from the change until SETTLE_MS after it is visible.
 */
async function publishToVisible(
  servers: ServerProcess[],
  pagePath: string,
  expected: string,
  act: () => Promise<void>,
): Promise<{ seconds: number; healthMaxMs: number; loopGapMs: number; loopHoldMs: number }> {
  const probe = new Worker(new URL('./health-probe.ts', import.meta.url), {
    workerData: { urls: servers.map((server) => server.url) },
  })
  await longestLoopHold(servers)
  const started = performance.now()
  await act()
  const seen = await Promise.all(
    servers.map((server) =>
      waitUntil(
        async () => (await get(`${server.url}${pagePath}`, { text: true })).body.includes(expected),
        60_000,
      ),
    ),
  )
  const seconds = (performance.now() - started) / 1000
  const longest = new Promise<number>((resolve) => probe.once('message', resolve))
  probe.postMessage('stop')
  const healthMaxMs = await longest
  await probe.terminate()
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  const { gapMs, holdMs } = await longestLoopHold(servers)
  return {
    seconds: seen.some(Number.isNaN) ? NaN : seconds,
    healthMaxMs,
    loopGapMs: gapMs,
    loopHoldMs: holdMs,
  }
}

/** How many times the bench publishes each change (the table shows the median and the first). */
const PUBLISHES = 3

/** publishToVisible PUBLISHES times, one change after another (`change(round)`: what, how). */
export async function publishedTimes(
  servers: ServerProcess[],
  pagePath: string,
  change: (round: number) => [expected: string, act: () => Promise<void>],
): Promise<{
  seconds: number
  first: number
  healthMaxMs: number
  loopGapMs: number
  loopHoldMs: number
}> {
  const runs = []
  for (let round = 0; round < PUBLISHES; round++) {
    const [expected, act] = change(round)
    runs.push(await publishToVisible(servers, pagePath, expected, act))
  }
  return {
    seconds: median(runs.map((run) => run.seconds)),
    first: runs[0]!.seconds,
    healthMaxMs: Math.max(...runs.map((run) => run.healthMaxMs)),
    loopGapMs: Math.max(...runs.map((run) => run.loopGapMs)),
    loopHoldMs: Math.max(...runs.map((run) => run.loopHoldMs)),
  }
}
