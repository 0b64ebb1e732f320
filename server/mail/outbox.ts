/**
 * The mail outbox worker. Mail is never sent inside a request: the request commits a row whose
 * outbox columns say "pending, due now" and wakes this worker, which sends it, records the
 * result on the row and, after a failure, schedules the next attempt with exponential back-off.
 * Because the queue is the database, pending mail survives crashes and restarts.
 *
 * A row is claimed with a conditional UPDATE that moves next_attempt_at forward by a lease, so
 * two processes sharing a PostgreSQL database never send the same mail at once. The lease is
 * short (LEASE_MS) and the worker renews it while the send lasts (every HEARTBEAT_MS), so a
 * process killed mid-send leaves a row that is due again within LEASE_MS, and another process
 * sends it at its next poll: within LEASE_MS + MAIL_POLL_MS (35 s by default), where a lease
 * as long as the longest send kept it for 5 minutes (issue 21). Delivery is at-least-once: a
 * crash after the SMTP server took a mail but before the row was updated sends it again (with
 * the same Message-ID), and so may a worker whose database stopped answering for longer than a
 * lease while it sent.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Env } from '#server/env.ts'
import {
  createSmtpTransport,
  describeMailError,
  isPermanentRefusal,
  type MailTransport,
  type OutgoingMail,
} from './transport.ts'

export interface ClaimedMail {
  mail: OutgoingMail
  /** Attempts so far, this one included. */
  attempts: number
}

/** One kind of queued mail (contact notifications, newsletter confirmations). */
export interface MailQueue {
  readonly name: string
  /** Ids of rows whose next attempt is due, oldest first. */
  due(now: Date, limit: number): Promise<string[]>
  /** Takes the row for one attempt until leaseUntil; undefined when another worker got it first. */
  claim(id: string, now: Date, leaseUntil: Date): Promise<ClaimedMail | undefined>
  /**
   * Extends a claim that runs until leaseUntil to a new end; false when the row is no longer
   * held by that claim (its lease ran out and another worker took it, or it is settled).
   */
  renew(id: string, leaseUntil: Date, newLeaseUntil: Date): Promise<boolean>
  sent(id: string, at: Date): Promise<void>
  retryLater(id: string, error: string, nextAttemptAt: Date): Promise<void>
  giveUp(id: string, error: string): Promise<void>
  /**
   * The receiving server refused the recipient for good (5xx, isPermanentRefusal): a queue that
   * has this settles the row at once (the newsletter marks the address bounced) instead of
   * retrying; a queue without it retries as for any failure.
   */
  refused?(id: string, error: string): Promise<void>
}

export interface MailOutbox {
  /** True when SMTP is configured; otherwise nothing is ever queued or sent. */
  readonly enabled: boolean
  addQueue(queue: MailQueue): void
  /** Look for due mail now (after a request committed a new row). */
  wake(): void
  start(): Promise<void>
  /** Stops after the send in flight (aborting it after a short grace period). */
  stop(): Promise<void>
  /**
   * Resolves once a pass that began after this call found no due mail (so nothing is in flight
   * either), or at once when the worker is not running. Tests wait for this before asserting
   * that nothing was mailed: a slow worker makes them wait, a wrong one makes them fail.
   */
  whenIdle(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mail outbox (server/app.ts), exposed so tests can wait until it is idle. */
    mailOutbox: MailOutbox
  }
}

type RetrySettings = Pick<Env, 'MAIL_RETRY_BASE_MS' | 'MAIL_RETRY_MAX_MS'>
type OutboxSettings = Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_MAX_ATTEMPTS' | 'MAIL_POLL_MS'> &
  Partial<Pick<Env, 'SMTP_SEND_ADMIN_LINKS_UNENCRYPTED'>> &
  RetrySettings

/** An attempt that takes longer than this is abandoned (and retried later). */
const SEND_TIMEOUT_MS = 60_000
/** How long a claim holds a row without being renewed: what a dead worker's mail waits. */
export const LEASE_MS = 20_000
/** How often a worker renews its claim while it sends: a few chances within one lease. */
export const HEARTBEAT_MS = 5_000
const STOP_GRACE_MS = 3_000
const BATCH = 20

/** Delay before attempt n+1 after n failed attempts: doubling from the base, capped, ±20 % jitter. */
export function retryDelayMs(
  failedAttempts: number,
  settings: RetrySettings,
  random = Math.random,
): number {
  const exponential = settings.MAIL_RETRY_BASE_MS * 2 ** Math.max(0, failedAttempts - 1)
  const capped = Math.min(settings.MAIL_RETRY_MAX_MS, exponential)
  return Math.round(capped * (0.8 + 0.4 * random()))
}

/** Renews a claim every HEARTBEAT_MS until stopped; stop() waits for a renewal in flight. */
function keepLease(
  log: FastifyBaseLogger,
  queue: MailQueue,
  id: string,
  leaseUntil: Date,
  context: object,
) {
  let lease = leaseUntil
  let renewing: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    renewing = renewing.then(async () => {
      const next = new Date(Date.now() + LEASE_MS)
      try {
        if (await queue.renew(id, lease, next)) lease = next
        else {
          clearInterval(timer)
          log.warn(context, 'mail claim lost while sending: another worker may send it too')
        }
      } catch (error) {
        // The database did not answer: the claim stands until it runs out; try again.
        log.warn({ ...context, err: error }, 'could not renew the claim on a mail')
      }
    })
  }, HEARTBEAT_MS)
  return {
    async stop() {
      clearInterval(timer)
      await renewing
    },
  }
}

export function createMailOutbox(options: {
  env: OutboxSettings
  log: FastifyBaseLogger
  /** For tests; by default an SMTP transport from SMTP_URL is created on start. */
  transport?: MailTransport
}): MailOutbox {
  const { env } = options
  const log = options.log.child({ component: 'mail-outbox' })
  const enabled = Boolean(env.SMTP_URL && env.MAIL_FROM)
  const queues: MailQueue[] = []
  let transport: MailTransport | undefined
  let running = false
  let loop: Promise<void> | undefined
  let woken = false
  let interruptIdle: (() => void) | undefined
  let stopping = new AbortController()
  // whenIdle() callers wait for the next pass to begin (waiting), then for a pass to end without
  // work (watching): a pass that sent something may have left more due mail (beyond BATCH).
  let waiting: Array<() => void> = []

  async function attempt(queue: MailQueue, id: string): Promise<boolean> {
    const now = new Date()
    const leaseUntil = new Date(now.getTime() + LEASE_MS)
    const claimed = await queue.claim(id, now, leaseUntil)
    if (!claimed) return false
    const context = { queue: queue.name, id, attempt: claimed.attempts }
    const lease = keepLease(log, queue, id, leaseUntil, context)
    try {
      try {
        await transport!.send(
          claimed.mail,
          AbortSignal.any([stopping.signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
        )
      } finally {
        await lease.stop()
      }
      await queue.sent(id, new Date())
      log.info(context, 'mail sent')
    } catch (error) {
      const reason = describeMailError(error)
      const code = (error as { code?: unknown }).code
      if (queue.refused && isPermanentRefusal(error)) {
        await queue.refused(id, reason)
        log.warn({ ...context, code }, 'mail refused for good; not retried')
      } else if (claimed.attempts >= env.MAIL_MAX_ATTEMPTS) {
        await queue.giveUp(id, reason)
        log.error({ ...context, code }, 'mail failed; giving up after the last attempt')
      } else {
        const next = new Date(Date.now() + retryDelayMs(claimed.attempts, env))
        await queue.retryLater(id, reason, next)
        log.warn({ ...context, code, next: next.toISOString() }, 'mail failed; will retry')
      }
    }
    return true
  }

  async function pass(): Promise<boolean> {
    let worked = false
    for (const queue of queues) {
      for (const id of await queue.due(new Date(), BATCH)) {
        if (!running) return worked
        if (await attempt(queue, id)) worked = true
      }
    }
    return worked
  }

  function idle(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      interruptIdle = done
      function done() {
        clearTimeout(timer)
        interruptIdle = undefined
        resolve()
      }
    })
  }

  async function run() {
    while (running) {
      woken = false
      const watching = waiting
      waiting = []
      let worked = false
      let failed = false
      try {
        worked = await pass()
      } catch (error) {
        // The database may be briefly unavailable; the rows are still there next time.
        log.error({ err: error }, 'mail outbox pass failed')
        failed = true
      }
      if (worked || failed || !running) waiting.unshift(...watching)
      else for (const resolve of watching) resolve()
      if (running && !worked && !woken && waiting.length === 0) await idle(env.MAIL_POLL_MS)
    }
    for (const resolve of waiting.splice(0)) resolve()
  }

  function wake() {
    woken = true
    interruptIdle?.()
  }

  return {
    enabled,
    addQueue(queue) {
      queues.push(queue)
    },
    wake,
    whenIdle() {
      if (!running) return Promise.resolve()
      return new Promise<void>((resolve) => {
        waiting.push(resolve)
        wake()
      })
    },
    async start() {
      if (!enabled || running) return
      transport = options.transport ?? createSmtpTransport(env)
      stopping = new AbortController()
      running = true
      loop = run()
      log.info({ queues: queues.map((q) => q.name) }, 'mail outbox started')
    },
    async stop() {
      if (!running) return
      running = false
      interruptIdle?.()
      const grace = setTimeout(
        () => stopping.abort(new Error('server shutting down')),
        STOP_GRACE_MS,
      )
      await loop
      clearTimeout(grace)
      transport?.close()
      log.info('mail outbox stopped')
    },
  }
}
