/**
 * A live site's state, and its one step that takes content (live-site.ts): what the database
 * publishes, read whole or as the documents that changed since the worker's last load
 * (documents/published-changes.ts), is loaded into the render worker and the page set switches
 * to it; the pages visitors reach first render behind it.
 */
import type { LiveAnswer } from '#common/content-admin.ts'
import { describeProblem } from '#common/content/problems.ts'
import type { ArchivedLetter } from '#common/newsletter-archive.ts'
import type { Database, Listener } from '#server/db/index.ts'
import type { FinishedPage } from '#server/render/renderer.ts'
import type { RenderThread } from '#server/render/render-thread.ts'
import type { PublishedRead, PublishedStamps } from './documents/published-changes.ts'
import { contentMoment } from './content-moment.ts'
import type { ContentRepository } from './repository.ts'

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
        render(path: string, options?: { warm?: boolean }): Promise<FinishedPage>
        renderNotFound(): Promise<FinishedPage>
        failed?(path: string, error: unknown): void
      }
    }): void
    /** A page, rendered now when it is not in memory (`warm`: behind visitors' pages). */
    load(path: string, options?: { warm?: boolean }): Promise<unknown>
    readonly generation: number
  }
}

/** A live site's parts and what it knows, shared by its functions (live-site.ts). */
export interface Live {
  database: Database
  build: ServedBuild
  log: LiveSiteLog
  clock: () => Date
  pollMs: number
  /** The newsletter's archive, newest first (LiveSiteOptions['letters']). */
  letters: (() => Promise<ArchivedLetter[]>) | undefined
  repository: ContentRepository
  thread: RenderThread
  /** Why this build cannot render (a site build made for a test), if it cannot. */
  cannotRender: string | undefined
  /**
   * The worker's name for the version the pages show. (A worker started again after it stopped
   * while idle is given the same content again by the render thread, which keeps its bytes: the
   * database may have moved on, and a generation's pages must all come from its own content.)
   */
  loadedId: number | undefined
  /** The paths of `loadedId`'s content: a load that adds or removes no page sends none. */
  paths: ReadonlySet<string> | undefined
  /** The documents of `loadedId`'s content, by stamp: a change reads only those that differ. */
  stamps: PublishedStamps | undefined
  servedVersion: number
  /**
   * The version the last failed load was of. Content that does not pass its checks is not tried
   * again until a newer version; any other failure (the database or the render worker) is tried
   * again at `retryAt` (performance.now()), later after each failure in a row.
   */
  failedVersion: number | undefined
  retryAt: number | undefined
  /** Loads failed in a row for a reason other than the content. */
  failuresInRow: number
  renderedAt: Date | null
  lastFailure: LiveAnswer['lastFailure']
  /** The next refresh must load again (an answer that could not be applied). */
  full: boolean
  /** The worker's name for each load: a scheduled publication changes content, not its version. */
  loads: number
  /** When the next scheduled publication goes live (ISO), if any. */
  nextDue: string | null
  dueTimer: NodeJS.Timeout | undefined
  pollTimer: NodeJS.Timeout | undefined
  listener: Listener | undefined
  closed: boolean
  warming: Promise<void>
  /** One refresh at a time; a reason to look again while one runs makes one more afterwards. */
  running: Promise<void> | undefined
  queued: Promise<void> | undefined
  waiters: Set<{ version: number; resolve(): void }>
}

export const failure = (live: Live, message: string) => ({
  at: live.clock().toISOString(),
  message,
})

/** Renders the pages visitors reach first, one at a time, while the generation stands. */
async function warm(live: Live, paths: readonly string[], generation: number) {
  for (const path of paths) {
    if (live.closed || live.build.pages.generation !== generation) return
    try {
      await live.build.pages.load(path, { warm: true })
    } catch (error) {
      live.lastFailure = failure(live, (error as Error).message)
      live.log.error({ err: error, path }, 'a page of the published content did not render')
    }
  }
}

/**
 * The content a process started with passed every check when it was published, and was loaded
 * with its schemas only (its Markdown and files read again at 3 ms an episode held the first
 * answer for 12 s at 3,650 episodes). Here every check runs again in the worker, in turns; what
 * fails (a rule this release made stricter) is logged and shown as the last failure, as a
 * publish's would be. Pages render through the sanitising pipeline either way.
 */
async function verifyStarted(live: Live, id: number, version: number) {
  try {
    const problems = await live.thread.verify(id)
    if (problems.length === 0) return
    live.lastFailure = failure(live, `Invalid content: ${problems.map(describeProblem).join('; ')}`)
    live.log.error(
      { contentVersion: version, problems },
      'the published content does not pass every check of this release: fix it in the back office',
    )
  } catch (error) {
    live.log.warn(
      { err: error, contentVersion: version },
      'the published content was not checked again',
    )
  }
}

/** Loads published content into the worker and switches the pages to it. */
export async function load(
  live: Live,
  read: PublishedRead,
  at: Date,
  version: number,
  initial: boolean,
) {
  const { build, thread, log } = live
  const started = performance.now()
  const moment = await contentMoment(live.database, at)
  const id = ++live.loads
  const answer = await thread.load(read.changes, {
    base: read.whole ? undefined : live.loadedId,
    version: id,
    renderedAt: moment,
    buildFingerprint: initial ? build.rendered.content : undefined,
    trusted: initial,
  })
  const paths = answer.paths === undefined ? live.paths : new Set(answer.paths)
  if (paths === undefined)
    throw new Error(`The render worker kept the paths of a version this process did not load`)
  live.loadedId = id
  live.paths = paths
  live.stamps = read.stamps
  build.pages.advance({
    version,
    paths,
    redirects: new Map(
      answer.redirects.map((r) => [`/articles/${r.from}`, `/articles/${r.to}`] as const),
    ),
    invalidate: answer.invalidate,
    notFoundChanged: answer.notFoundChanged,
    renderer: {
      render: (path, options) => thread.render(id, path, options),
      renderNotFound: () => thread.render(id, '', { notFound: true }),
      failed(path, error) {
        live.lastFailure = failure(live, (error as Error).message)
        log.error(
          { err: error, contentVersion: version, path },
          'a page of the published content did not render: visitors keep the page served before',
        )
      },
    },
  })
  live.full = false
  live.servedVersion = version
  live.failedVersion = undefined
  live.retryAt = undefined
  live.failuresInRow = 0
  live.renderedAt = moment
  live.lastFailure = null
  live.warming = warm(live, answer.warm, build.pages.generation)
  if (initial) void verifyStarted(live, id, version)
  log.info(
    {
      contentVersion: version,
      paths: paths.size,
      read: read.whole ? 'all' : read.changes.documents.length + read.changes.removed.length,
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
}
