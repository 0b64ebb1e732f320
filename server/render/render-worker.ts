/**
 * The render module in a worker thread (node:worker_threads), so that rendering pages at run time
 * never blocks the server's event loop: React's render, the page checks, the content checks and
 * compression all happen here; the server thread only receives finished pages and swaps them in
 * (render-thread.ts is its side). One job at a time:
 *
 * - `publish`: the documents the database publishes are checked as a whole (the same
 *   snapshotFromDocuments as everywhere), compared with the snapshot this worker last rendered
 *   (the server build's affectedPaths: which pages use what changed), and the affected pages
 *   rendered. With the build's content fingerprint, content that equals the build's renders
 *   nothing: the build's pages are those.
 * - `preview`: one path of a snapshot with a document's draft in it, as a staff preview.
 *
 * A page that fails to render fails the job, naming the page; nothing is kept of it.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { ContentError, type ContentProblem } from '#common/content/problems.ts'
import {
  snapshotFromDocuments,
  type ContentDocument,
  type ContentSnapshot,
  type SlugRedirect,
} from '#common/content/snapshot.ts'
import type { ImageEntry } from '#common/content/media.ts'
import type { SearchAnswer } from '#common/search.ts'
import { mapLimited } from './map-limited.ts'
import { contentFingerprint, createRenderer, type FinishedPage } from './renderer.ts'
import { loadServerBuild } from './server-build.ts'

/** Published documents as the database holds them, not yet checked. */
export interface ContentDocuments {
  documents: ContentDocument[]
  redirects: SlugRedirect[]
  uploads: Record<string, ImageEntry>
}

export type RenderJob =
  | ({
      type: 'publish'
      id: number
      renderedAt: string
      /** Render every page, whatever was rendered before. */
      full: boolean
      /**
       * What the server's pages show now, when this worker has not rendered it itself (it was
       * started again after being idle): the change is worked out from it.
       */
      before?: ContentDocuments | undefined
      /** The build's content fingerprint: equal content renders nothing. */
      buildFingerprint?: string | undefined
    } & ContentDocuments)
  | ({ type: 'preview'; id: number; renderedAt: string; path: string } & ContentDocuments)
  | {
      /** A page rendered for one request (/search), of the content this worker last rendered. */
      type: 'request'
      id: number
      renderedAt: string
      path: string
      search: SearchAnswer
      /** What the pages show, when this worker has not rendered it (it was started again). */
      content?: ContentDocuments | undefined
    }

export type RenderAnswer =
  | {
      id: number
      type: 'published'
      /** True when the content is the build's own: its pages stand. */
      unchanged: boolean
      pages: FinishedPage[]
      remove: string[]
      notFound: FinishedPage | undefined
      redirects: SlugRedirect[]
      /** Every path of the new content. */
      paths: string[]
      all: boolean
      fingerprint: string
      /** Milliseconds: checking the content, rendering the pages. */
      timings: { check: number; render: number }
    }
  | { id: number; type: 'preview'; page: FinishedPage }
  | { id: number; type: 'request'; page: FinishedPage }
  | { id: number; type: 'failed'; message: string; problems?: ContentProblem[] }

interface WorkerInput {
  buildDirectory: string
}

if (parentPort) {
  const port = parentPort
  const { buildDirectory } = workerData as WorkerInput
  const { build } = await loadServerBuild(buildDirectory)
  const renderer = createRenderer(build)
  /** What this worker last rendered for publishing. */
  let rendered: ContentSnapshot | undefined

  const check = (input: ContentDocuments) =>
    snapshotFromDocuments(input.documents, { redirects: input.redirects, uploads: input.uploads })

  async function publish(job: Extract<RenderJob, { type: 'publish' }>): Promise<RenderAnswer> {
    const started = performance.now()
    const renderedAt = new Date(job.renderedAt)
    const snapshot = check(job)
    const fingerprint = contentFingerprint(snapshot)
    const checked = performance.now()
    const base = {
      id: job.id,
      type: 'published' as const,
      redirects: snapshot.redirects,
      paths: renderer.paths(snapshot, renderedAt),
      fingerprint,
    }
    if (job.buildFingerprint === fingerprint) {
      rendered = snapshot
      return {
        ...base,
        unchanged: true,
        pages: [],
        remove: [],
        notFound: undefined,
        all: false,
        timings: { check: checked - started, render: 0 },
      }
    }
    const previous = rendered ?? (job.before && check(job.before))
    const change =
      job.full || !previous
        ? { render: base.paths, remove: [], all: true }
        : renderer.entry.affectedPaths(previous, snapshot, renderedAt)
    // Two at a time: one page's compression (zlib's thread pool) overlaps the next one's render.
    const pages = await mapLimited(change.render, 2, (path) =>
      renderer.render(path, { renderedAt, snapshot }).catch((error: unknown) => {
        throw new Error(`The page ${path} did not render: ${(error as Error).message}`, {
          cause: error,
        })
      }),
    )
    const notFound = change.all
      ? await renderer.renderNotFound({ renderedAt, snapshot })
      : undefined
    rendered = snapshot
    return {
      ...base,
      unchanged: false,
      pages,
      remove: change.remove,
      notFound,
      all: change.all,
      timings: { check: checked - started, render: performance.now() - checked },
    }
  }

  async function preview(job: Extract<RenderJob, { type: 'preview' }>): Promise<RenderAnswer> {
    const snapshot = check(job)
    const page = await renderer.render(job.path, {
      renderedAt: new Date(job.renderedAt),
      snapshot,
      preview: true,
    })
    return { id: job.id, type: 'preview', page }
  }

  async function request(job: Extract<RenderJob, { type: 'request' }>): Promise<RenderAnswer> {
    if (job.content) rendered = check(job.content)
    const page = await renderer.render(job.path, {
      renderedAt: new Date(job.renderedAt),
      // A database without content yet: the build's own, as its pages show.
      snapshot: rendered ?? renderer.entry.defaultSnapshot(),
      context: [[renderer.entry.searchAnswer, job.search]],
      compress: false,
    })
    return { id: job.id, type: 'request', page }
  }

  port.on('message', (job: RenderJob) => {
    const run =
      job.type === 'publish' ? publish(job) : job.type === 'request' ? request(job) : preview(job)
    run.then(
      (answer) => port.postMessage(answer),
      (error: unknown) =>
        port.postMessage({
          id: job.id,
          type: 'failed',
          message: (error as Error).message,
          ...(error instanceof ContentError && { problems: [...error.problems] }),
        } satisfies RenderAnswer),
    )
  })
  port.postMessage({ ready: true })
}
