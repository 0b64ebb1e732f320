/**
 * Loaded into the server processes of `npm run bench:scale` with `--import` (never in
 * production): watches the server's own event loop with a 5 ms timer and, on SIGWINCH, prints
 * two figures since the signal before, then starts again:
 *
 * - the longest gap between two turns of the timer (a hold of h ms reads h to h + 5 ms);
 * - the longest hold: the same gaps less the time the thread was ready to run but waited for a
 *   CPU (Linux's /proc/self/task/<tid>/schedstat, its second field). Three servers, their render
 *   workers, the bench and its prober share the machine's cores, so a gap also counts the other
 *   processes' turns; the hold is what the server's own thread did (its work, and any
 *   synchronous wait such as SQLite's busy handler sleeping). Where schedstat cannot be read, the
 *   hold is the gap.
 *
 * (SIGWINCH: the server takes SIGUSR2 as a request to shut down, as nodemon sends it, and a
 * process without this module ignores SIGWINCH.) The bench sends the signal before a publish
 * and after it is visible everywhere: the figures are the longest time publishing held the
 * thread that answers requests, which an /api/health answer measured from another process only
 * bounds from above (its connection, the prober's own turn).
 */
import fs from 'node:fs'
import { isMainThread } from 'node:worker_threads'

export const HOLD_LINE = 'event-loop-probe: longest gap'
const HOLD_SEPARATOR = ' ms, longest hold '

/** The two figures of a probe's line, in ms, or undefined if `line` is not one. */
export function parseHoldLine(line: string): { gapMs: number; holdMs: number } | undefined {
  if (!line.startsWith(HOLD_LINE)) return undefined
  const [gap, hold] = line.slice(HOLD_LINE.length).split(HOLD_SEPARATOR)
  return { gapMs: Number.parseFloat(gap!), holdMs: Number.parseFloat(hold ?? gap!) }
}

/** Nanoseconds this thread has waited, runnable, for a CPU (0 where schedstat is missing). */
function runQueueWaitNs(file: string): number {
  try {
    return Number(fs.readFileSync(file, 'utf8').split(' ')[1])
  } catch {
    return 0
  }
}

if (isMainThread) {
  // On Linux the main thread's task id is the process id.
  const schedstat = `/proc/self/task/${process.pid}/schedstat`
  let gapMs = 0
  let holdMs = 0
  let lastAt = performance.now()
  let lastWait = runQueueWaitNs(schedstat)
  setInterval(() => {
    const at = performance.now()
    const wait = runQueueWaitNs(schedstat)
    const gap = at - lastAt
    gapMs = Math.max(gapMs, gap)
    holdMs = Math.max(holdMs, gap - (wait - lastWait) / 1e6)
    lastAt = at
    lastWait = wait
  }, 5).unref()
  process.on('SIGWINCH', () => {
    process.stderr.write(
      `${HOLD_LINE} ${gapMs.toFixed(1)}${HOLD_SEPARATOR}${holdMs.toFixed(1)} ms\n`,
    )
    gapMs = 0
    holdMs = 0
  })
}
