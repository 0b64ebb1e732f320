/**
 * Publishing on a running server (docs/rendering.md "Publishing", ADR 021): every server process
 * serves what the database publishes, rendering a page when it is first asked for.
 *
 * - It learns of a new content version from PostgreSQL's NOTIFY content_version (a connection of
 *   its own), from this process's own changes (`changed()`), and from a poll of the version every
 *   POLL_MS in any case (SQLite; a lost notification; `npm run content -- import`). A scheduled
 *   publication raises no version: a timer, and the same poll, look when it is due.
 * - It reads the published documents that changed since the worker's last load (all of them at a
 *   start: documents/published-changes.ts) and loads them into the render worker
 *   (server/render/render-thread.ts, live-load.ts), which applies them, checks the whole and says
 *   which paths exist and which pages the change affects; nothing is rendered then. The page set
 *   switches to the new generation in one step, dropping the pages the change affects (every
 *   page for a part every page shows), and renders the pages visitors reach first (`warmPaths`)
 *   in the background; the rest render when they are asked for.
 * - Every process renders a version at the same moment, the content's own (when it last changed,
 *   or when a scheduled publication came due), so the same content gives the same bytes and the
 *   same ETags on every process behind the proxy.
 * - At start-up, content equal to what the build rendered (its fingerprint) keeps the build's
 *   pages; other content starts with none in memory.
 * - Content that does not pass its checks leaves the pages as they were, and says so in the log
 *   and in the back office (`status().lastFailure`); the next change tries again. A load that
 *   failed for another reason (the database, the render worker) is tried again after a poll's
 *   wait, twice as long after each failure in a row (up to a minute).
 */
import fs from 'node:fs'
import { pageNameOf, publicPagePath } from '#common/content-admin.ts'
import { describeProblem } from '#common/content/problems.ts'
import type { ArchivedLetter } from '#common/newsletter-archive.ts'
import type { SearchAnswer } from '#common/search.ts'
import type { Database } from '#server/db/index.ts'
import type { FinishedPage } from '#server/render/renderer.ts'
import {
  IDLE_MS,
  RenderJobError,
  startRenderThread,
  type RenderThread,
} from '#server/render/render-thread.ts'
import { serverBuildFile } from '#server/render/server-build.ts'
import type { ContentSite } from './admin-routes.ts'
import { failure, load, type Live, type LiveSiteLog, type ServedBuild } from './live-load.ts'
import { CONTENT_VERSION_CHANNEL, createContentRepository } from './repository.ts'

/** How often every process asks the database for the content version, whatever else it hears. */
export const POLL_MS = 2000

export type { LiveSiteLog, ServedBuild } from './live-load.ts'

export interface LiveSiteOptions {
  database: Database
  build: ServedBuild
  log: LiveSiteLog
  /** "Now" for what is published (scheduled publications); tests move it. */
  clock?: () => Date
  pollMs?: number
  /**
   * The newsletter's archive, newest first (server/newsletter, given by the composition root):
   * read with the documents at every change. A letter's start raises the content version.
   */
  letters?: () => Promise<ArchivedLetter[]>
  /** The render worker; by default one started on the build (a test wraps one). */
  thread?: RenderThread
}

export interface LiveSite extends ContentSite {
  /** Looks for a change now (and when one is running, once more after it); resolves when done. */
  changed(): Promise<void>
  /**
   * Loads what the database publishes (renders nothing), then starts watching. Resolves once
   * the pages can be served; the first pages visitors reach render in the background.
   */
  start(): Promise<void>
  /** Resolves once the pages warmed after the last change are rendered (tests, the bench). */
  warmed(): Promise<void>
  /**
   * A page for one request (/search and its results), rendered in the render worker from the
   * content the pages show; never kept in the page set.
   */
  renderOnRequest(path: string, search: SearchAnswer): Promise<FinishedPage>
  /** Resolves once the pages show `version` (or a later one), or rejects after `timeoutMs`. */
  serving(version: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

async function refresh(live: Live, initial = false): Promise<void> {
  if (live.cannotRender) {
    live.lastFailure ??= failure(live, live.cannotRender)
    return
  }
  const { repository } = live
  const version = await repository.contentVersion()
  const at = live.clock()
  // A second reason to look at the same change (this process's publish and its NOTIFY, or the
  // poll) finds nothing new: no version since, no publication come due, nothing to retry.
  const due = live.nextDue !== null && at.toISOString() >= live.nextDue
  if (
    !initial &&
    !live.full &&
    live.loadedId !== undefined &&
    version === live.servedVersion &&
    !due
  ) {
    resolveWaiters(live)
    return
  }
  const letters = await live.letters?.()
  // What changed since the worker's last load; everything at a start.
  const read = await repository.publishedChanges(at, letters, initial ? undefined : live.stamps)
  if (read.empty) {
    // A database without content yet (a host without content/): the build's pages stand.
    live.servedVersion = version
    live.retryAt = undefined
    return
  }
  // A process that has loaded nothing yet (its first load failed) is still starting: its build's
  // pages stand if the content is theirs.
  const starting = initial || live.loadedId === undefined
  try {
    await load(live, read, at, version, starting).catch(async (error: unknown) => {
      // A worker that lost the version the changes are of (it died): everything, then.
      if (read.whole || !(error instanceof RenderJobError && error.stale)) throw error
      await load(live, await repository.publishedChanges(at, letters), at, version, starting)
    })
  } catch (error) {
    failed(live, version, error)
  }
  live.nextDue = await repository.nextScheduledAt(at)
  armDueTimer(live)
  resolveWaiters(live)
}

/** The longest wait before a load that failed for a reason other than its content is retried. */
export const MAX_RETRY_MS = 60_000

/**
 * A load failed: the pages stay as they were. Content that does not pass its checks waits for a
 * newer version (the same content fails the same way); anything else (the database, the render
 * worker) is tried again after a poll's wait, twice as long after each failure in a row.
 */
function failed(live: Live, version: number, error: unknown) {
  live.full = true
  live.failedVersion = version
  const content = error instanceof RenderJobError && error.problems.length > 0
  const message = content
    ? `${error.message.split('\n')[0]} ${error.problems.map(describeProblem).join('; ')}`
    : (error as Error).message
  live.lastFailure = failure(live, message)
  let retryMs: number | undefined
  if (content) live.retryAt = undefined
  else {
    retryMs = Math.min(live.pollMs * 2 ** live.failuresInRow, MAX_RETRY_MS)
    live.failuresInRow++
    live.retryAt = performance.now() + retryMs
  }
  live.log.error(
    { err: error, contentVersion: version, retryMs },
    content
      ? 'the published content did not load: visitors keep the pages served before'
      : 'the published content did not load: visitors keep the pages served before, and it is tried again',
  )
}

function resolveWaiters(live: Live) {
  for (const waiter of live.waiters)
    if (live.servedVersion >= waiter.version) {
      live.waiters.delete(waiter)
      waiter.resolve()
    }
}

/**
 * Runs a refresh now, or once more after the one running (one for every call made meanwhile);
 * resolves when the refresh that covers this call is done.
 */
function look(live: Live, initial = false): Promise<void> {
  if (live.closed) return Promise.resolve()
  if (!live.running) {
    live.running = refresh(live, initial)
      .catch((error: unknown) => {
        live.log.warn(
          { err: error },
          'could not read the published content; trying again at the next poll',
        )
      })
      .finally(() => {
        live.running = undefined
      })
    return live.running
  }
  live.queued ??= live.running.then(() => {
    live.queued = undefined
    return look(live)
  })
  return live.queued
}

function armDueTimer(live: Live) {
  clearTimeout(live.dueTimer)
  if (!live.nextDue || live.closed) return
  const wait = Math.min(Math.max(0, Date.parse(live.nextDue) - live.clock().getTime()), 2 ** 31 - 1)
  live.dueTimer = setTimeout(() => void look(live), wait)
  live.dueTimer.unref()
}

async function poll(live: Live) {
  try {
    const version = await live.repository.contentVersion()
    const due = live.nextDue !== null && live.clock().toISOString() >= live.nextDue
    const retry = live.retryAt !== undefined && performance.now() >= live.retryAt
    if ((version > live.servedVersion && version !== live.failedVersion) || due || retry)
      await look(live)
  } catch (error) {
    live.log.warn(
      { err: error },
      'could not read the content version; trying again at the next poll',
    )
  }
}

async function start(live: Live) {
  const { log } = live
  if (live.cannotRender) {
    log.warn({ buildDirectory: live.build.buildDirectory }, live.cannotRender)
    live.lastFailure = failure(live, live.cannotRender)
    return
  }
  const started = performance.now()
  await look(live, true)
  log.info({ ms: Math.round(performance.now() - started) }, 'the published content is served')
  live.listener = live.database.listen(CONTENT_VERSION_CHANNEL, () => void look(live))
  const tick = () => {
    live.pollTimer = setTimeout(() => {
      void poll(live).finally(() => {
        if (!live.closed) tick()
      })
    }, live.pollMs)
    live.pollTimer.unref()
  }
  tick()
}

async function preview(live: Live, key: string) {
  if (live.cannotRender) return { problems: [live.cannotRender] }
  const content = await live.repository.previewDocuments(key)
  const name = pageNameOf(key)
  const path = name
    ? publicPagePath(name, content.document.data)
    : `/articles/${content.document.slug}`
  try {
    const page: FinishedPage = await live.thread.preview(content, {
      renderedAt: live.clock(),
      path,
    })
    return { page }
  } catch (error) {
    if (!(error instanceof RenderJobError)) throw error
    return {
      problems:
        error.problems.length > 0
          ? error.problems.map((problem) => `${problem.source}: ${describeProblem(problem)}`)
          : [error.message],
    }
  }
}

async function renderOnRequest(live: Live, path: string, search: SearchAnswer) {
  if (live.cannotRender) throw new Error(live.cannotRender)
  // Of the version the pages show; a version loaded meanwhile makes it stale: once more.
  for (let attempt = 0; ; attempt++) {
    if (live.loadedId === undefined)
      throw new Error('No published content is loaded yet to render the page with.')
    try {
      return await live.thread.render(live.loadedId, path, { search })
    } catch (error) {
      if (!(error instanceof RenderJobError && error.stale) || attempt > 0) throw error
    }
  }
}

function serving(live: Live, version: number, timeoutMs = 30_000): Promise<void> {
  if (live.servedVersion >= version) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const waiter = { version, resolve }
    live.waiters.add(waiter)
    setTimeout(() => {
      if (!live.waiters.delete(waiter)) return
      reject(new Error(`The pages did not reach content version ${version} within ${timeoutMs} ms`))
    }, timeoutMs).unref()
  })
}

async function close(live: Live) {
  live.closed = true
  clearTimeout(live.pollTimer)
  clearTimeout(live.dueTimer)
  await live.listener?.close()
  await live.running
  await live.warming
  await live.thread.close()
}

export function createLiveSite(options: LiveSiteOptions): LiveSite {
  const { database, build } = options
  const clock = options.clock ?? (() => new Date())
  const thread =
    options.thread ??
    startRenderThread(build.buildDirectory, {
      stoppedIdle: () =>
        options.log.info(
          { idleMs: IDLE_MS },
          'render worker stopped: no page to render for a while',
        ),
    })
  /** A site build without React Router's server build (made for a test) cannot render. */
  const cannotRender = fs.existsSync(serverBuildFile(build.buildDirectory))
    ? undefined
    : `the site build at ${build.buildDirectory} has no server build (server/index.js) to render pages with: it serves its own pages, whatever is published`
  // The worker starts while the process opens the rest (it takes the longest of a start).
  if (!cannotRender) thread.prepare()
  const live: Live = {
    database,
    build,
    log: options.log,
    clock,
    pollMs: options.pollMs ?? POLL_MS,
    letters: options.letters,
    repository: createContentRepository(database, { clock }),
    thread,
    cannotRender,
    loadedId: undefined,
    paths: undefined,
    stamps: undefined,
    servedVersion: 0,
    failedVersion: undefined,
    retryAt: undefined,
    failuresInRow: 0,
    renderedAt: null,
    lastFailure: null,
    full: false,
    loads: 0,
    nextDue: null,
    dueTimer: undefined,
    pollTimer: undefined,
    listener: undefined,
    closed: false,
    warming: Promise.resolve(),
    running: undefined,
    queued: undefined,
    waiters: new Set(),
  }
  return {
    start: () => start(live),
    changed: () => look(live),
    warmed: () => live.warming,
    async status() {
      return {
        contentVersion: await live.repository.contentVersion(),
        servedVersion: live.servedVersion,
        renderedAt: live.renderedAt?.toISOString() ?? null,
        lastFailure: live.lastFailure,
      }
    },
    preview: (key) => preview(live, key),
    renderOnRequest: (path, search) => renderOnRequest(live, path, search),
    serving: (version, timeoutMs) => serving(live, version, timeoutMs),
    close: () => close(live),
  }
}
