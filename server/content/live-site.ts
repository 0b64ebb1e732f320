/**
 * Publishing on a running server (docs/rendering.md "Publishing", ADR 021): every server process
 * serves what the database publishes, rendering a page when it is first asked for.
 *
 * - It learns of a new content version from PostgreSQL's NOTIFY content_version (a connection of
 *   its own), from this process's own changes (`changed()`), and from a poll of the version every
 *   POLL_MS in any case (SQLite; a lost notification; `npm run content -- import`). A scheduled
 *   publication raises no version: a timer, and the same poll, look when it is due.
 * - It reads the published documents (cheap queries) and loads them into the render worker
 *   (server/render/render-thread.ts), which checks them and says which paths exist and which
 *   pages the change affects; nothing is rendered then. The page set switches to the new
 *   generation in one step, dropping the pages the change affects (every page for a part every
 *   page shows), and renders the pages visitors reach first (`warmPaths`) in the background; the
 *   rest render when they are asked for.
 * - Every process renders a version at the same moment, the content's own (when it last changed,
 *   or when a scheduled publication came due), so the same content gives the same bytes and the
 *   same ETags on every process behind the proxy.
 * - At start-up, content equal to what the build rendered (its fingerprint) keeps the build's
 *   pages; other content starts with none in memory.
 * - Content that does not pass its checks leaves the pages as they were, and says so in the log
 *   and in the back office (`status().lastFailure`); the next change tries again.
 */
import fs from 'node:fs'
import { pageNameOf, publicPagePath, type LiveAnswer } from '#common/content-admin.ts'
import { describeProblem } from '#common/content/problems.ts'
import type { ArchivedLetter } from '#common/newsletter-archive.ts'
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
import { contentMoment } from './content-moment.ts'
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
    /** Switches to a new content generation (server/site/page-set.ts). */
    advance(next: {
      version: number
      paths: ReadonlySet<string>
      redirects: ReadonlyMap<string, string>
      invalidate: 'all' | readonly string[]
      notFoundChanged: boolean
      renderer: {
        render(path: string): Promise<FinishedPage>
        renderNotFound(): Promise<FinishedPage>
        failed?(path: string, error: unknown): void
      }
    }): void
    /** A page, rendered now when it is not in memory. */
    load(path: string): Promise<unknown>
    readonly generation: number
  }
}

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

export function createLiveSite(options: LiveSiteOptions): LiveSite {
  const { database, build, log } = options
  const clock = options.clock ?? (() => new Date())
  const pollMs = options.pollMs ?? POLL_MS
  const repository = createContentRepository(database, { clock })
  /**
   * The worker's name for the version the pages show. (A worker started again after it stopped
   * while idle is given the same content again by the render thread, which keeps its bytes: the
   * database may have moved on, and a generation's pages must all come from its own content.)
   */
  let loadedId: number | undefined
  const thread: RenderThread = startRenderThread(build.buildDirectory)
  /** A site build without React Router's server build (made for a test) cannot render. */
  const cannotRender = fs.existsSync(serverBuildFile(build.buildDirectory))
    ? undefined
    : `the site build at ${build.buildDirectory} has no server build (server/index.js) to render pages with: it serves its own pages, whatever is published`
  // The worker starts while the process opens the rest (it takes the longest of a start).
  if (!cannotRender) thread.prepare()

  let servedVersion = 0
  /** The version the last failed load was of: not tried again until a newer one. */
  let failedVersion: number | undefined
  let renderedAt: Date | null = null
  let lastFailure: LiveAnswer['lastFailure'] = null
  /** The next refresh must load again (an answer that could not be applied). */
  let full = false
  /** The worker's name for each load: a scheduled publication changes content, not its version. */
  let loads = 0
  /** When the next scheduled publication goes live (ISO), if any. */
  let nextDue: string | null = null
  let dueTimer: NodeJS.Timeout | undefined
  let pollTimer: NodeJS.Timeout | undefined
  let listener: Listener | undefined
  let closed = false
  let warming: Promise<void> = Promise.resolve()
  // One refresh at a time; a reason to look again while one runs makes one more afterwards.
  let running: Promise<void> | undefined
  const waiters = new Set<{ version: number; resolve(): void }>()

  /** Renders the pages visitors reach first, one at a time, while the generation stands. */
  async function warm(paths: readonly string[], generation: number) {
    for (const path of paths) {
      if (closed || build.pages.generation !== generation) return
      try {
        await build.pages.load(path)
      } catch (error) {
        lastFailure = { at: clock().toISOString(), message: (error as Error).message }
        log.error({ err: error, path }, 'a page of the published content did not render')
      }
    }
  }

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
    if (!initial && !full && loadedId !== undefined && version === servedVersion && !due) {
      resolveWaiters()
      return
    }
    const content = await repository.publishedDocuments(at, await options.letters?.())
    if (content.documents.length === 0) {
      // A database without content yet (a host without content/): the build's pages stand.
      servedVersion = version
      return
    }
    const started = performance.now()
    try {
      const moment = await contentMoment(database, at)
      const id = ++loads
      const answer = await thread.load(content, {
        version: id,
        renderedAt: moment,
        buildFingerprint: initial ? build.rendered.content : undefined,
      })
      loadedId = id
      build.pages.advance({
        version,
        paths: new Set(answer.paths),
        redirects: new Map(
          answer.redirects.map((r) => [`/articles/${r.from}`, `/articles/${r.to}`] as const),
        ),
        invalidate: answer.invalidate,
        notFoundChanged: answer.notFoundChanged,
        renderer: {
          render: (path) => thread.render(id, path),
          renderNotFound: () => thread.render(id, '', { notFound: true }),
          failed(path, error) {
            lastFailure = { at: clock().toISOString(), message: (error as Error).message }
            log.error(
              { err: error, contentVersion: version, path },
              'a page of the published content did not render: visitors keep the page served before',
            )
          },
        },
      })
      full = false
      servedVersion = version
      failedVersion = undefined
      renderedAt = moment
      lastFailure = null
      const generation = build.pages.generation
      warming = warm(answer.warm, generation)
      log.info(
        {
          contentVersion: version,
          paths: answer.paths.length,
          invalidated: answer.invalidate === 'all' ? 'all' : answer.invalidate.length,
          unchanged: answer.unchanged,
          checkMs: Math.round(answer.timings.check),
          compareMs: Math.round(answer.timings.compare),
          ms: Math.round(performance.now() - started),
        },
        answer.unchanged
          ? 'the published content is the build’s: its pages are served'
          : 'the published content is loaded: its pages render when asked for',
      )
    } catch (error) {
      full = true
      failedVersion = version
      const message =
        error instanceof RenderJobError && error.problems.length > 0
          ? `${error.message.split('\n')[0]} ${error.problems.map(describeProblem).join('; ')}`
          : (error as Error).message
      lastFailure = { at: clock().toISOString(), message }
      log.error(
        { err: error, contentVersion: version },
        'the published content did not load: visitors keep the pages served before',
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
      log.info({ ms: Math.round(performance.now() - started) }, 'the published content is served')
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

    warmed() {
      return warming
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
      // Of the version the pages show; a version loaded meanwhile makes it stale: once more.
      for (let attempt = 0; ; attempt++) {
        if (loadedId === undefined)
          throw new Error('No published content is loaded yet to render the page with.')
        try {
          return await thread.render(loadedId, path, { search })
        } catch (error) {
          if (!(error instanceof RenderJobError && error.stale) || attempt > 0) throw error
        }
      }
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
      await warming
      await thread.close()
    },
  }
}
