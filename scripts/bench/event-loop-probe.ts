/**
 * Loaded into the server processes of `npm run bench:scale` with `--import` (never in
 * production): watches the server's own event loop with a 5 ms timer
 * (`perf_hooks.monitorEventLoopDelay`) and, on SIGWINCH, prints the longest gap between two of
 * its turns since the signal before (a hold of h ms reads h to h + 5 ms), then starts again.
 * (SIGWINCH: the server takes SIGUSR2 as a request to shut down, as nodemon sends it, and a
 * process without this module ignores SIGWINCH.) The bench sends the signal before a publish
 * and after it is visible everywhere: the figure is the longest time publishing held the thread
 * that answers requests, which an /api/health answer measured from another process only bounds
 * from above (its connection, the prober's own turn).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'

export const HOLD_LINE = 'event-loop-probe: longest gap'

if (isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 5 })
  histogram.enable()
  process.on('SIGWINCH', () => {
    process.stderr.write(`${HOLD_LINE} ${(histogram.max / 1e6).toFixed(1)} ms\n`)
    histogram.reset()
  })
}
