/**
 * The main thread after the first paint, read from Chromium's own trace: what Lighthouse's total
 * blocking time is made of, measured in a way that a busy machine disturbs less.
 *
 *   node scripts/bench/trace.ts --pages=/,/courses --runs=5 http://127.0.0.1:4390 http://127.0.0.1:4391
 *
 * Each run loads every page from every base URL in turn (interleaved, so that machine load hits
 * them alike) without throttling, records a trace until the page has been quiet for two seconds,
 * and takes the renderer's top-level main-thread tasks that start after the first contentful
 * paint. Lighthouse's mobile preset simulates a 4× slower CPU by multiplying each observed task
 * by four; this does the same with the task's *thread* time (`tdur`, the CPU the task used), not
 * its wall time, which on a loaded machine includes the time the thread waited for a core:
 *
 *   estimated TBT = Σ max(0, 4 × thread time − 50 ms)
 *
 * (Lighthouse multiplies a task that lays out by two, not four: for those this is pessimistic.)
 *
 * Printed per page and base: medians over the runs of the estimated TBT, the longest task (×4),
 * the main thread's CPU after the first paint (×4), and when the page said it was interactive
 * (`data-hydrated`, unthrottled). Nothing here asserts; it is for before/after comparisons.
 */
import { chromium, type Browser } from '@playwright/test'
import { CHROMIUM_FLAGS, ensureChromium } from '#scripts/chromium.ts'
import { median } from './median.ts'

const SLOWDOWN = 4
const BLOCKING_MS = 50

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { frame?: string; isLoadingMainFrame?: boolean } }
}

/** What a task spent its time on: the trace events inside it, by name, largest first. */
function taskContents(events: TraceEvent[], task: TraceEvent): string {
  const end = task.ts + (task.dur ?? 0)
  const totals = new Map<string, number>()
  for (const e of events) {
    if (e === task || e.pid !== task.pid || e.tid !== task.tid || e.ph !== 'X') continue
    if (e.ts < task.ts || e.ts >= end || /RunTask$/.test(e.name)) continue
    totals.set(e.name, (totals.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000)
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${(ms * SLOWDOWN).toFixed(0)}`)
    .join(', ')
}

export interface TraceFigures {
  /** Σ max(0, 4·thread time − 50) over the tasks after FCP, in ms. */
  estimatedTbt: number
  /** The longest such task, ×4, in ms. */
  longestTask: number
  /** Main-thread CPU after FCP, ×4, in ms. */
  cpuAfterPaint: number
  /** The tasks counted in estimatedTbt, ×4, in ms (largest first). */
  blocking: number[]
  /** The same estimate from the tasks' wall time (what Lighthouse multiplies), in ms. */
  wallTbt: number
  /** The longest tasks (×4), each with what it spent its time on. */
  longest: string[]
  /** Milliseconds from navigation start to data-hydrated (unthrottled, wall clock). */
  hydratedAt: number | undefined
}

/** The figures of one trace: the renderer main thread that painted the page. */
export function figuresOf(events: TraceEvent[]): Omit<TraceFigures, 'hydratedAt'> {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')
  if (!fcp) throw new Error('the trace has no firstContentfulPaint event')
  const main = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.pid === fcp.pid &&
      e.args?.name === 'CrRendererMain',
  )
  const tid = main?.tid ?? fcp.tid
  // Top-level tasks only: a RunTask inside another (Chromium nests them) is the same work.
  const tasks: TraceEvent[] = []
  for (const e of events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === fcp.pid &&
        e.tid === tid &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        e.ts >= fcp.ts,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    const outer = tasks.at(-1)
    if (outer && e.ts < outer.ts + (outer.dur ?? 0)) continue
    tasks.push(e)
  }
  const scaled = tasks.map((t) => ((t.tdur ?? t.dur ?? 0) / 1000) * SLOWDOWN)
  const blocking = scaled.filter((ms) => ms > BLOCKING_MS).sort((a, b) => b - a)
  const wall = tasks.map((t) => ((t.dur ?? 0) / 1000) * SLOWDOWN)
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === fcp.pid)?.ts ?? fcp.ts
  const longest = [...tasks]
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 5)
    .map(
      (t) =>
        `${(((t.tdur ?? 0) / 1000) * SLOWDOWN).toFixed(0)} ms at ${((t.ts - start) / 1000).toFixed(0)}: ${taskContents(events, t)}`,
    )
  return {
    longest,
    wallTbt: wall.reduce((sum, ms) => sum + Math.max(0, ms - BLOCKING_MS), 0),
    estimatedTbt: blocking.reduce((sum, ms) => sum + ms - BLOCKING_MS, 0),
    longestTask: Math.max(0, ...scaled),
    cpuAfterPaint: scaled.reduce((sum, ms) => sum + ms, 0),
    blocking,
  }
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'loading',
  'blink.user_timing',
  '__metadata',
].join(',')

/** Loads one URL in a fresh context and returns the figures of its trace. */
export async function traceOnce(browser: Browser, url: string, quietMs = 2000) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  let lastRequest = Date.now()
  page.on('request', () => (lastRequest = Date.now()))
  page.on('requestfinished', () => (lastRequest = Date.now()))
  await browser.startTracing(page, { categories: CATEGORIES.split(',') })
  await page.goto(url, { waitUntil: 'load' })
  const hydratedAt = await page
    .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
      timeout: 15_000,
    })
    .then(() =>
      page.evaluate(() => {
        const mark = performance.getEntriesByName('hydrated')[0]
        return mark ? mark.startTime : performance.now()
      }),
    )
    .catch(() => undefined)
  // Quiet: no request for quietMs (lazy chunks, fonts, pictures near the screen).
  for (let i = 0; i < 100 && Date.now() - lastRequest < quietMs; i++)
    await new Promise((r) => setTimeout(r, 100))
  const buffer = await browser.stopTracing()
  await context.close()
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }
  return { ...figuresOf(traceEvents), hydratedAt }
}

async function main() {
  const option = (name: string) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const bases = process.argv.slice(2).filter((a) => !a.startsWith('--'))
  const pages = (option('pages') ?? '/').split(',')
  const runs = Number(option('runs') ?? 5)
  if (bases.length === 0) throw new Error('give one or more base URLs')
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: CHROMIUM_FLAGS,
  })
  const results = new Map<string, TraceFigures[]>()
  try {
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        for (const base of bases) {
          const figures = await traceOnce(browser, base + page)
          const key = `${page} ${base}`
          results.set(key, [...(results.get(key) ?? []), figures])
          if (process.argv.includes('--detail'))
            for (const line of figures.longest) console.log(`    ${line}`)
          console.log(
            `run ${run} ${key}: TBT≈${figures.estimatedTbt.toFixed(0)} (wall ${figures.wallTbt.toFixed(0)}) longest ${figures.longestTask.toFixed(0)} cpu ${figures.cpuAfterPaint.toFixed(0)} [${figures.blocking.map((b) => b.toFixed(0)).join(' ')}]`,
          )
        }
      }
    }
  } finally {
    await browser.close()
  }
  console.log(
    '\npage base | est. TBT ms | from wall time | longest task ms | CPU after FCP ms | hydrated at ms (medians, ×4)',
  )
  for (const [key, list] of results) {
    const m = (pick: (f: TraceFigures) => number | undefined) => {
      const values = list.map(pick).filter((v): v is number => v !== undefined)
      return values.length ? median(values).toFixed(0) : '-'
    }
    console.log(
      `${key} | ${m((f) => f.estimatedTbt)} | ${m((f) => f.wallTbt)} | ${m((f) => f.longestTask)} | ${m((f) => f.cpuAfterPaint)} | ${m((f) => f.hydratedAt)}`,
    )
  }
}

if (import.meta.main) await main()
