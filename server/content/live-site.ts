/**
 * Publishing on a running server (docs/rendering.md "Publishing"): every server process keeps its
 * in-memory pages equal to what the database publishes.
 *
 * - It learns of a new content version from PostgreSQL's NOTIFY content_version (a connection of
 *   its own), from this process's own changes (`changed()`), and from a poll of the version every
 *   POLL_MS in any case (SQLite; a lost notification; `npm run content -- import`). A scheduled
 *   publication raises no version: a timer, and the same poll, look when it is due.
 * - It reads the published documents (cheap queries) and hands them to the render worker
 *   (server/render/render-thread.ts), which checks them, works out which pages the change affects
 *   and renders those, off the event loop; the finished pages are swapped into the page set in
 *   one step, with the redirects of changed slugs and without the pages that no longer exist.
 * - At start-up, content equal to what the build rendered (its fingerprint) renders nothing;
 *   other content renders every page before the server listens.
 * - A page that does not render leaves the pages as they were, and says so in the log and in the
 *   back office (`status().lastFailure`); the next change tries again.
 */
import fs from 'node:fs'
import { pageNameOf, publicPagePath, type LiveAnswer } from '#common/content-admin.ts'
import { describeProblem } from '#common/content/problems.ts'
import type { SearchAnswer } from '#common/search.ts'
import type { Database, Listener } from '#server/db/index.ts'
import type { FinishedPage } from '#server/render/renderer.ts'
import {
  RenderJobError,
  startRenderThread,
  type RenderThread,
} from '#server/render/render-thread.ts'
import { serverBuildFile } from '#server/render/server-build.ts'
import type { ContentSite } from './admin-routes.ts'
import { CONTENT_VERSION_CHANNEL, createContentRepository } from './repository.ts'

/** How often every process asks the database for the content version, whatever else it hears. */
export const POLL_MS = 2000

export interface LiveSiteLog {
  info(object: object, message: string): void
  warn(object: object, message: string): void
  error(object: object, message: string): void
}

/**
 * The site build a process serves, as publishing needs it (server/site's SiteBuild is one: the
 * composition root passes it; a feature does not import another).
 */
export interface ServedBuild {
  /** The release folder: its server/ is the render worker's input. */
  buildDirectory: string
  /** When the build rendered its pages, and the fingerprint of their content. */
  rendered: { content: string | undefined }
  pages: {
    paths(): string[]
    update(change: {
      put?: readonly FinishedPage[]
      remove?: readonly string[]
      notFound?: FinishedPage
      redirects?: ReadonlyMap<string, string>
    }): void
  }
}

export interface LiveSiteOptions {
  database: Database
  build: ServedBuild
  log: LiveSiteLog
  /** "Now" for what is published (scheduled publications); tests move it. */
  clock?: () => Date
  pollMs?: number
}

export interface LiveSite extends ContentSite {
  /** Looks for a change now (and when one is running, once more after it); resolves when done. */
  changed(): Promise<void>
  /**
   * Brings the pages up to what the database publishes (all of them, when it is not what the
   * build rendered), then starts watching. Resolves once the first pages are in place.
   */
  start(): Promise<void>
  /**
   * A page for one request (/search and its results), rendered in the render worker from the
   * content the pages show; never kept in the page set.
   */
  renderOnRequest(path: string, search: SearchAnswer): Promise<FinishedPage>
  /** Resolves once the pages show `version` (or a later one), or rejects after `timeoutMs`. */
  serving(version: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

export function createLiveSite(options: LiveSiteOptions): LiveSite {
  const { database, build, log } = options
  const clock = options.clock ?? (() => new Date())
  const pollMs = options.pollMs ?? POLL_MS
  const repository = createContentRepository(database, { clock })
  const thread: RenderThread = startRenderThread(build.buildDirectory)
  /** A site build without React Router's server build (made for a test) cannot render. */
  const cannotRender = fs.existsSync(serverBuildFile(build.buildDirectory))
    ? undefined
    : `the site build at ${build.buildDirectory} has no server build (server/index.js) to render pages with: it serves its own pages, whatever is published`

  let servedVersion = 0
  /** The version the last failed render was of: not tried again until a newer one. */
  let failedVersion: number | undefined
  let renderedAt: Date | null = null
  let lastFailure: LiveAnswer['lastFailure'] = null
  /** The next render must render every page (an answer that could not be applied). */
  let full = false
  /** What the pages show: the documents last rendered and swapped in. */
  let served: Awaited<ReturnType<typeof repository.publishedDocuments>> | undefined
  /** When the next scheduled publication goes live (ISO), if any. */
  let nextDue: string | null = null
  let dueTimer: NodeJS.Timeout | undefined
  let pollTimer: NodeJS.Timeout | undefined
  let listener: Listener | undefined
  let closed = false
  // One refresh at a time; a reason to look again while one runs makes one more afterwards.
  let running: Promise<void> | undefined
  const waiters = new Set<{ version: number; resolve(): void }>()

  async function refresh(initial = false): Promise<void> {
    if (cannotRender) {
      lastFailure ??= { at: clock().toISOString(), message: cannotRender }
      return
    }
    const version = await repository.contentVersion()
    const at = clock()
    // A second reason to look at the same change (this process's publish and its NOTIFY, or the
    // poll) finds nothing new: no version since, no publication come due, nothing to retry.
    const due = nextDue !== null && at.toISOString() >= nextDue
    if (!initial && !full && served && version === servedVersion && !due) {
      resolveWaiters()
      return
    }
    const content = await repository.publishedDocuments(at)
    if (content.documents.length === 0) {
      // A database without content yet (a host without content/): the build's pages stand.
      servedVersion = version
      return
    }
    const started = performance.now()
    try {
      const answer = await thread.publish(content, {
        renderedAt: at,
        full: full || initial,
        buildFingerprint: initial ? build.rendered.content : undefined,
        before: served,
      })
      const paths = new Set(answer.paths)
      const stale = answer.all ? build.pages.paths().filter((path) => !paths.has(path)) : []
      build.pages.update({
        put: answer.pages,
        remove: [...new Set([...answer.remove, ...stale])],
        ...(answer.notFound && { notFound: answer.notFound }),
        redirects: new Map(
          answer.redirects.map((r) => [`/articles/${r.from}`, `/articles/${r.to}`] as const),
        ),
      })
      full = false
      served = content
      servedVersion = version
      failedVersion = undefined
      renderedAt = at
      lastFailure = null
      const ms = Math.round(performance.now() - started)
      if (answer.unchanged)
        log.info(
          { contentVersion: version, ms },
          'the published content is the build’s: its pages are served',
        )
      else
        log.info(
          {
            contentVersion: version,
            rendered: answer.pages.length,
            ...(!answer.all && { paths: answer.pages.map((page) => page.path) }),
            removed: answer.remove.length + stale.length,
            all: answer.all,
            checkMs: Math.round(answer.timings.check),
            renderMs: Math.round(answer.timings.render),
            ms,
          },
          'pages rendered from the published content and swapped in',
        )
    } catch (error) {
      // Whatever failed, the worker's idea of what is served may be ahead of the page set now.
      full = true
      failedVersion = version
      const message =
        error instanceof RenderJobError && error.problems.length > 0
          ? `${error.message.split('\n')[0]} ${error.problems.map(describeProblem).join('; ')}`
          : (error as Error).message
      lastFailure = { at: clock().toISOString(), message }
      log.error(
        { err: error, contentVersion: version },
        'the published content did not render: visitors keep the pages served before',
      )
    }
    nextDue = await repository.nextScheduledAt(at)
    armDueTimer()
    resolveWaiters()
  }

  function resolveWaiters() {
    for (const waiter of waiters)
      if (servedVersion >= waiter.version) {
        waiters.delete(waiter)
        waiter.resolve()
      }
  }

  /**
   * Runs a refresh now, or once more after the one running (one for every call made meanwhile);
   * resolves when the refresh that covers this call is done.
   */
  let queued: Promise<void> | undefined
  function look(initial = false): Promise<void> {
    if (closed) return Promise.resolve()
    if (!running) {
      running = refresh(initial)
        .catch((error: unknown) => {
          log.warn(
            { err: error },
            'could not read the published content; trying again at the next poll',
          )
        })
        .finally(() => {
          running = undefined
        })
      return running
    }
    queued ??= running.then(() => {
      queued = undefined
      return look()
    })
    return queued
  }

  function armDueTimer() {
    clearTimeout(dueTimer)
    if (!nextDue || closed) return
    const wait = Math.min(Math.max(0, Date.parse(nextDue) - clock().getTime()), 2 ** 31 - 1)
    dueTimer = setTimeout(() => void look(), wait)
    dueTimer.unref()
  }

  async function poll() {
    try {
      const version = await repository.contentVersion()
      const due = nextDue !== null && clock().toISOString() >= nextDue
      if ((version > servedVersion && version !== failedVersion) || due) await look()
    } catch (error) {
      log.warn({ err: error }, 'could not read the content version; trying again at the next poll')
    }
  }

  return {
    async start() {
      if (cannotRender) {
        log.warn({ buildDirectory: build.buildDirectory }, cannotRender)
        lastFailure = { at: clock().toISOString(), message: cannotRender }
        return
      }
      const started = performance.now()
      await look(true)
      log.info(
        { ms: Math.round(performance.now() - started) },
        'pages ready for the published content',
      )
      listener = database.listen(CONTENT_VERSION_CHANNEL, () => void look())
      const tick = () => {
        pollTimer = setTimeout(() => {
          void poll().finally(() => {
            if (!closed) tick()
          })
        }, pollMs)
        pollTimer.unref()
      }
      tick()
    },

    changed() {
      return look()
    },

    async status() {
      return {
        contentVersion: await repository.contentVersion(),
        servedVersion,
        renderedAt: renderedAt?.toISOString() ?? null,
        lastFailure,
      }
    },

    async preview(key) {
      if (cannotRender) return { problems: [cannotRender] }
      const content = await repository.previewDocuments(key)
      const name = pageNameOf(key)
      const path = name
        ? publicPagePath(name, content.document.data)
        : `/articles/${content.document.slug}`
      try {
        const page: FinishedPage = await thread.preview(content, { renderedAt: clock(), path })
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
    },

    async renderOnRequest(path, search) {
      if (cannotRender) throw new Error(cannotRender)
      return thread.request({ renderedAt: clock(), path, search, content: served })
    },

    serving(version, timeoutMs = 30_000) {
      if (servedVersion >= version) return Promise.resolve()
      return new Promise((resolve, reject) => {
        const waiter = { version, resolve }
        waiters.add(waiter)
        setTimeout(() => {
          if (!waiters.delete(waiter)) return
          reject(
            new Error(`The pages did not reach content version ${version} within ${timeoutMs} ms`),
          )
        }, timeoutMs).unref()
      })
    },

    async close() {
      closed = true
      clearTimeout(pollTimer)
      clearTimeout(dueTimer)
      await listener?.close()
      await running
      await thread.close()
    },
  }
}
