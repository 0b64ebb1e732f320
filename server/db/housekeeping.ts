/**
 * Scheduled deletions (the retention rules of the features): each feature adds its job, the
 * server runs them all once when it starts and then every interval. The timer never keeps the
 * process alive, and stop() waits for a run in flight so the database is not closed under it.
 * Jobs are idempotent deletes, so several processes sharing PostgreSQL may run them at once.
 */
import type { FastifyBaseLogger } from 'fastify'

/** Deletes what is due; returns counts per kind of row, for the log. */
export type HousekeepingJob = (now: Date) => Promise<Record<string, number>>

export interface Housekeeping {
  add(name: string, job: HousekeepingJob): void
  /** Runs every job once now (a failing job is logged; the others still run). */
  run(): Promise<void>
  /** Runs once, then on the schedule. */
  start(): Promise<void>
  stop(): Promise<void>
}

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000

export function createHousekeeping(options: {
  log: FastifyBaseLogger
  intervalMs?: number
}): Housekeeping {
  const log = options.log.child({ component: 'housekeeping' })
  const jobs: { name: string; job: HousekeepingJob }[] = []
  let timer: NodeJS.Timeout | undefined
  let inFlight: Promise<void> | undefined

  async function runAll() {
    const now = new Date()
    for (const { name, job } of jobs) {
      try {
        const deleted = await job(now)
        if (Object.values(deleted).some((count) => count > 0))
          log.info({ job: name, deleted }, 'retention: deleted rows')
      } catch (error) {
        log.error({ err: error, job: name }, 'retention job failed; it runs again next time')
      }
    }
  }

  function run() {
    inFlight ??= runAll().finally(() => {
      inFlight = undefined
    })
    return inFlight
  }

  return {
    add(name, job) {
      jobs.push({ name, job })
    },
    run,
    async start() {
      if (jobs.length === 0 || timer) return
      await run()
      timer = setInterval(() => void run(), options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await inFlight
    },
  }
}
