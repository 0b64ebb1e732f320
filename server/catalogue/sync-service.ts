/**
 * Keeps the catalogue: reads it from the store into the database, and holds the in-memory copy
 * that GET answers from. What a public Refresh button must survive (docs/decisions/004):
 *
 * - Concurrent refreshes in one process share one sync (single flight).
 * - At most one upstream sync per cooldown, counted from the start of the last attempt, failed
 *   or not, so a broken store is not hammered either. The cooldown lives in the database, so it
 *   holds across processes; on PostgreSQL an advisory lock serialises the check-and-sync, and
 *   the cooldown is checked again once the lock is held (another process may just have synced).
 * - A failed sync changes nothing: the last good catalogue stays in the database and in memory.
 */
import { setImmediate } from 'node:timers/promises'
import { courseSchema, REFRESHED_MESSAGE, type Course } from '#common/course-schemas.ts'
import type { Database } from '#server/db/index.ts'
import {
  MAX_LISTED_SKIPS,
  productId,
  type SkippedProduct,
  type StoreCatalogue,
  type StoreProvider,
} from '#server/catalogue/providers/index.ts'
import { createCatalogueRepository, type SyncRecord } from './repository.ts'
import { createSnapshot, EMPTY_SNAPSHOT, type CatalogueSnapshot } from './snapshot.ts'
import { UpstreamError } from './upstream.ts'

export type RefreshOutcome =
  | {
      kind: 'synced'
      snapshot: CatalogueSnapshot
      message: string
      /** Products the store lists that are not valid courses: left out and logged. */
      skipped: number
    }
  | { kind: 'fresh'; snapshot: CatalogueSnapshot; message: string; retryAfterSeconds: number }
  | { kind: 'failed'; status: number; message: string; retryAfterSeconds: number | undefined }

interface Logger {
  info(object: object, message: string): void
  warn(object: object, message: string): void
  error(object: object, message: string): void
}

export interface CatalogueServiceOptions {
  database: Database
  provider: StoreProvider
  cooldownSeconds: number
  log: Logger
  /** How often a GET may look for a newer catalogue saved by another process. */
  revalidateMs?: number
  /** The clock (ms since the epoch); tests move it. */
  now?: () => number
  /** How long a refresh waits for another process's sync before giving up with 503. */
  lockWaitMs?: number
}

export const DEFAULT_REVALIDATE_MS = 5000
export const DEFAULT_LOCK_WAIT_MS = 25_000

/** What a catalogue service holds: its parts, and the copy it answers from. */
interface Service {
  repository: ReturnType<typeof createCatalogueRepository>
  provider: StoreProvider
  log: Logger
  cooldownMs: number
  revalidateMs: number
  lockWaitMs: number
  now: () => number
  shutdown: AbortController
  snapshot: CatalogueSnapshot
  inflight: Promise<RefreshOutcome> | undefined
  initialSync: Promise<unknown> | undefined
  revalidation: Promise<void> | undefined
  lastCheckedAt: number
}

async function reload(svc: Service) {
  const stored = await svc.repository.readCatalogue()
  svc.lastCheckedAt = performance.now()
  // Versions only grow: a slow reload must not replace a newer copy a sync just installed.
  if (stored.version <= svc.snapshot.version) return
  const next = await createSnapshot(stored.version, stored.courses)
  if (next.version > svc.snapshot.version) svc.snapshot = next
}

function maybeRevalidate(svc: Service) {
  if (
    svc.revalidation ||
    svc.shutdown.signal.aborted ||
    performance.now() - svc.lastCheckedAt < svc.revalidateMs
  )
    return
  svc.lastCheckedAt = performance.now()
  svc.revalidation = (async () => {
    const record = await svc.repository.readSyncRecord()
    if (record.version > svc.snapshot.version) await reload(svc)
  })()
    .catch((error: unknown) =>
      svc.log.error({ err: error }, 'catalogue: could not check for a newer catalogue'),
    )
    .finally(() => {
      svc.revalidation = undefined
    })
}

/** The answer inside the cooldown, or undefined when a sync may run now. */
async function answerFromCooldown(
  svc: Service,
  record: SyncRecord,
  locked: boolean,
): Promise<RefreshOutcome | undefined> {
  // A different provider than the one that synced last: its catalogue is not ours to keep.
  if (svc.cooldownMs === 0 || !record.lastAttemptAt || record.provider !== svc.provider.name)
    return undefined
  const since = svc.now() - Date.parse(record.lastAttemptAt)
  if (since >= svc.cooldownMs) return undefined
  const finished = record.lastFinishedAt !== null && record.lastFinishedAt >= record.lastAttemptAt
  // Another process is syncing right now: wait for it at the lock, then answer its result.
  if (!finished && !locked) return undefined
  if (record.version > svc.snapshot.version) await reload(svc)
  const retryAfterSeconds = Math.min(
    Math.max(1, Math.ceil((svc.cooldownMs - since) / 1000)),
    Math.ceil(svc.cooldownMs / 1000),
  )
  if (finished && record.lastErrorStatus !== null) {
    return {
      kind: 'failed',
      status: record.lastErrorStatus,
      message: record.lastErrorMessage ?? 'The last sync failed.',
      retryAfterSeconds,
    }
  }
  return {
    kind: 'fresh',
    snapshot: svc.snapshot,
    message: upToDateMessage(since),
    retryAfterSeconds,
  }
}

async function sync(svc: Service): Promise<RefreshOutcome> {
  const startedAt = svc.now()
  await svc.repository.recordAttempt(svc.provider.name, new Date(startedAt).toISOString())
  let courses: Course[]
  let skipped: SkippedProduct[]
  let skippedCount: number
  try {
    ;({ courses, skipped, skippedCount } = await validate(
      await svc.provider.fetchCourses(svc.shutdown.signal),
    ))
  } catch (caught) {
    const error =
      caught instanceof UpstreamError
        ? caught
        : new UpstreamError('invalid', "The store's answer could not be read.", { cause: caught })
    if (error.kind === 'aborted')
      return { kind: 'failed', status: 503, message: error.message, retryAfterSeconds: undefined }
    const message =
      svc.snapshot.courses.length > 0
        ? `Could not refresh the courses: ${error.message} The last saved catalogue is still shown.`
        : `Could not load the courses from the store: ${error.message}`
    await svc.repository.recordFailure(new Date(svc.now()).toISOString(), error.httpStatus, message)
    svc.log.warn(
      {
        provider: svc.provider.name,
        reason: error.kind,
        err: caught instanceof UpstreamError ? undefined : caught,
      },
      `catalogue sync failed: ${error.message}`,
    )
    return {
      kind: 'failed',
      status: error.httpStatus,
      message,
      retryAfterSeconds: svc.cooldownMs ? Math.ceil(svc.cooldownMs / 1000) : undefined,
    }
  }
  const version = await svc.repository.replaceCatalogue(
    courses,
    svc.provider.name,
    new Date(svc.now()).toISOString(),
  )
  const next = await createSnapshot(version, courses)
  if (next.version > svc.snapshot.version) svc.snapshot = next
  svc.lastCheckedAt = performance.now()
  const facts = { provider: svc.provider.name, courses: courses.length, skipped: skippedCount }
  const ms = svc.now() - startedAt
  if (skippedCount === 0) svc.log.info({ ...facts, version, ms }, 'catalogue synced')
  else
    svc.log.warn(
      { ...facts, products: skipped, version, ms },
      `catalogue synced; ${skippedCount} invalid product${skippedCount === 1 ? '' : 's'} skipped`,
    )
  return {
    kind: 'synced',
    snapshot: svc.snapshot,
    message: REFRESHED_MESSAGE,
    skipped: skippedCount,
  }
}

function refresh(svc: Service): Promise<RefreshOutcome> {
  svc.inflight ??= runRefresh(svc).finally(() => {
    svc.inflight = undefined
  })
  return svc.inflight
}

async function runRefresh(svc: Service): Promise<RefreshOutcome> {
  const early = await answerFromCooldown(svc, await svc.repository.readSyncRecord(), false)
  if (early) return early
  const locked = await svc.repository.withSyncLock(async () => {
    const inside = await answerFromCooldown(svc, await svc.repository.readSyncRecord(), true)
    return inside ?? sync(svc)
  }, svc.lockWaitMs)
  if (locked) return locked.value
  svc.log.warn(
    { provider: svc.provider.name, waitedMs: svc.lockWaitMs },
    'catalogue: another process is still syncing',
  )
  return {
    kind: 'failed',
    status: 503,
    message:
      'Another server is refreshing the courses right now. Please try again in a few seconds.',
    retryAfterSeconds: 5,
  }
}

/** read() without a promise when it would not wait (every GET but those of the first sync). */
function readNow(svc: Service): CatalogueSnapshot | undefined {
  if (svc.snapshot.courses.length === 0 && svc.initialSync) return undefined
  maybeRevalidate(svc)
  return svc.snapshot
}

export function createCatalogueService(options: CatalogueServiceOptions) {
  const { provider } = options
  const svc: Service = {
    repository: createCatalogueRepository(options.database),
    provider,
    log: options.log,
    cooldownMs: options.cooldownSeconds * 1000,
    revalidateMs: options.revalidateMs ?? DEFAULT_REVALIDATE_MS,
    lockWaitMs: options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS,
    now: options.now ?? Date.now,
    shutdown: new AbortController(),
    snapshot: EMPTY_SNAPSHOT,
    inflight: undefined,
    initialSync: undefined,
    revalidation: undefined,
    lastCheckedAt: 0,
  }
  return {
    provider: provider.name,

    /** Loads the saved catalogue; starts (and does not wait for) a sync when there is none. */
    async start() {
      await reload(svc)
      const record = await svc.repository.readSyncRecord()
      if (svc.snapshot.courses.length === 0 || record.provider !== svc.provider.name) {
        svc.initialSync = refresh(svc)
          .catch((error: unknown) =>
            svc.log.error({ err: error }, 'catalogue: the start-up sync failed'),
          )
          .finally(() => {
            svc.initialSync = undefined
          })
      }
    },

    /**
     * The copy GET answers from. While the very first sync runs, a GET waits for it rather than
     * answer an empty list; later GETs never wait (a newer copy from another process is picked up
     * in the background).
     */
    async read(): Promise<CatalogueSnapshot> {
      const current = readNow(svc)
      if (current) return current
      await svc.initialSync
      return readNow(svc) ?? svc.snapshot
    },

    readNow: () => readNow(svc),

    /** Syncs from the store unless the cooldown says the catalogue is fresh; shares a running sync. */
    refresh: () => refresh(svc),

    /** Stops a running sync (its fetch is aborted) and waits until nothing touches the database. */
    async close() {
      svc.shutdown.abort()
      await Promise.allSettled([svc.inflight, svc.initialSync, svc.revalidation])
    },
  }
}

export type CatalogueService = ReturnType<typeof createCatalogueService>

/** Courses checked between two turns of the event loop (a few milliseconds' work). */
const VALIDATION_SLICE = 250

interface ValidCatalogue {
  courses: Course[]
  /** The first MAX_LISTED_SKIPS products left out, with their reasons. */
  skipped: SkippedProduct[]
  skippedCount: number
}

/**
 * Checks every course once more against the schema the API answers with: an invalid one is
 * skipped like a product the provider could not map, a repeated id keeps its first course. The
 * sync fails only when no valid course remains (an empty list is refused, see the ADR). A store's
 * whole catalogue can take tens of milliseconds to check, so the work is cut into slices that
 * each leave the event loop free for requests in between.
 */
async function validate(catalogue: StoreCatalogue): Promise<ValidCatalogue> {
  const skipped = catalogue.skipped.slice(0, MAX_LISTED_SKIPS)
  let skippedCount = catalogue.skippedCount
  const courses: Course[] = []
  const seen = new Set<string>()
  for (const [index, input] of catalogue.courses.entries()) {
    if (index > 0 && index % VALIDATION_SLICE === 0) await setImmediate()
    const parsed = courseSchema.safeParse(input)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      skippedCount++
      if (skipped.length < MAX_LISTED_SKIPS)
        skipped.push({
          id: productId(input),
          reason: `${issue?.path.join('.') || 'course'} ${issue?.message ?? 'is invalid'}`,
        })
    } else if (!seen.has(parsed.data.id)) {
      seen.add(parsed.data.id)
      courses.push(parsed.data)
    }
  }
  if (courses.length > 0) return { courses, skipped, skippedCount }
  if (skippedCount === 0) throw new UpstreamError('invalid', 'The store lists no products.')
  const [first] = skipped
  const what =
    skippedCount === 1
      ? "The store's only product is not a valid course"
      : `None of the store's ${skippedCount} products is a valid course`
  throw new UpstreamError(
    'invalid',
    `${what} (${first?.id ? `id ${first.id}: ` : ''}${first?.reason}).`,
  )
}

function upToDateMessage(sinceMs: number): string {
  const seconds = Math.max(0, Math.round(sinceMs / 1000))
  const ago =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.round(seconds / 60)} minute${Math.round(seconds / 60) === 1 ? '' : 's'}`
  return `Courses are up to date: they were checked with the store ${ago} ago.`
}
