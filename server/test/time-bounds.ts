/**
 * Time in tests (STYLE.md, "Behaviour in tests, speed in benchmarks"). Machines of this kind
 * differ by two or three times from one day to the next, and a CPU quota (../shared/tools/
 * slow-machine) makes them slower still, so a test never holds code to the figure a fast machine
 * reaches. A property about time is asserted in one of two ways:
 *
 * - as a ratio to a control measured in the same run (the same work done by a trivial
 *   implementation, a linear baseline, a process that does nothing): name the control's figure
 *   `control…` or `baseline…` so that scripts/test-timing.test.ts sees the ratio;
 * - or against `tenTimesFast(figure)`: ten times what a fast machine needs, a bound that still
 *   catches the pathological case the test exists for (a loop held for seconds, a parser that
 *   takes minutes).
 *
 * The figures themselves are measured and reported by `npm run bench` (docs/benchmarks.md).
 */

/** How much slower than a fast machine a test tolerates before it calls a duration wrong. */
export const SLOW_MACHINE_FACTOR = 10

/** A bound for a duration whose fast-machine figure is `fastMs`: ten times that figure. */
export function tenTimesFast(fastMs: number): number {
  return fastMs * SLOW_MACHINE_FACTOR
}

/**
 * Runs `work` and returns what it returned with the CPU time this thread spent on it, in ms.
 * CPU time rather than wall time: a busy machine's scheduling (another process, a CPU quota) is
 * not counted as the code's own.
 */
export function threadCpuMs<T>(work: () => T): { value: T; cpuMs: number } {
  const before = process.threadCpuUsage()
  const value = work()
  const after = process.threadCpuUsage(before)
  return { value, cpuMs: (after.user + after.system) / 1000 }
}
