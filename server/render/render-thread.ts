/**
 * The server's side of the render worker (render-worker.ts): starts it on a release's server
 * build, sends it jobs and gives back its answers with the pages as Buffers. Nothing heavier than
 * receiving a finished page happens on the server's event loop. Renders run side by side; a load
 * waits for the jobs before it. A worker that dies is started again for the next job; the jobs it
 * was on fail. An idle worker is stopped after IDLE_MS (it holds 130–190 MB: a second V8 with the
 * server build and React), and started again (about half a second) for the next job: the content
 * it had loaded is loaded again first (`reload`).
 */
import v8 from 'node:v8'
import { Worker } from 'node:worker_threads'
import type { ContentProblem } from '#common/content/problems.ts'
import type { SearchAnswer } from '#common/search.ts'
import type { FinishedPage } from './renderer.ts'
import type { ContentDocuments, RenderAnswer, RenderJob } from './render-worker.ts'

export type { ContentDocuments }

export type LoadAnswer = Extract<RenderAnswer, { type: 'loaded' }>

/**
 * How long a worker without a job lives on. The pages it rendered stay in the page set; a
 * stopped worker gives its memory back (its heap grows to ~200 MB while rendering), and a page
 * nobody asked for yet starts it again: about half a second, plus loading the content once more
 * without reading its bodies and files again (a `reload` job).
 */
export const IDLE_MS = 60_000

/** A job the worker refused: the content does not pass its checks, or a page did not render. */
export class RenderJobError extends Error {
  override name = 'RenderJobError'
  readonly problems: readonly ContentProblem[]
  /** The version asked for is not the one loaded in the worker (a newer one came). */
  readonly stale: boolean
  constructor(message: string, problems: readonly ContentProblem[] = [], stale = false) {
    super(message)
    this.problems = problems
    this.stale = stale
  }
}

export interface RenderThread {
  /**
   * Checks and keeps the content of a version for the renders of that version; says which paths
   * exist and which pages changed since the version loaded before. Renders nothing.
   */
  load(
    content: ContentDocuments,
    options: { version: number; renderedAt: Date; buildFingerprint?: string | undefined },
  ): Promise<LoadAnswer>
  /**
   * One path (or the not-found page) of a loaded version; with `search`, a page for one request
   * (/search and its results), rendered with them and not compressed.
   */
  render(
    version: number,
    path: string,
    options?: { notFound?: boolean; search?: SearchAnswer },
  ): Promise<FinishedPage>
  /** Starts the worker now (about half a second, more on a busy machine) rather than at a job. */
  prepare(): void
  /** One path of some content, as a staff preview. */
  preview(
    content: ContentDocuments,
    options: { renderedAt: Date; path: string },
  ): Promise<FinishedPage>
  close(): Promise<void>
}

export interface RenderThreadOptions {
  idleMs?: number
}

/** A page as it crossed the thread: its bodies arrive as Uint8Arrays. */
function asBuffers(page: FinishedPage): FinishedPage {
  const buffer = (bytes: Uint8Array | undefined) =>
    bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return { ...page, body: buffer(page.body)!, br: buffer(page.br), gzip: buffer(page.gzip) }
}

type JobInput = RenderJob extends infer J ? (J extends RenderJob ? Omit<J, 'id'> : never) : never

export function startRenderThread(
  buildDirectory: string,
  options: RenderThreadOptions = {},
): RenderThread {
  const idleMs = options.idleMs ?? IDLE_MS
  let idle: NodeJS.Timeout | undefined
  let worker: Worker | undefined
  let ready: Promise<Worker> | undefined
  /** Whether the running worker holds the content last loaded (a new one holds nothing). */
  let holdsContent = false
  /**
   * The version last loaded, serialized (v8.serialize: about the size of its JSON, outside the
   * heap), for a worker started again after it stopped (idle, or it died). The same bytes cross
   * to the worker: cloning the documents as objects would hold the event loop for 60–280 ms at
   * 1,100 episodes, serializing them takes about 10 ms.
   */
  let held: { serialized: Uint8Array; version: number; renderedAt: string } | undefined
  let nextId = 1
  let busy = 0
  const waiting = new Map<
    number,
    { resolve(answer: RenderAnswer): void; reject(error: Error): void; on: Worker }
  >()
  // A load waits for the jobs before it, and the jobs after it wait for the load.
  let loading: Promise<unknown> = Promise.resolve()

  function start(): Promise<Worker> {
    holdsContent = false
    const started = new Worker(new URL('./render-worker.ts', import.meta.url), {
      workerData: { buildDirectory },
    })
    ready = new Promise<Worker>((resolve, reject) => {
      const failed = (error: Error) => {
        reject(new Error(`The render worker did not start: ${error.message}`))
      }
      started.once('error', failed)
      started.once('message', (message: { ready?: boolean }) => {
        if (!message.ready) return
        started.off('error', failed)
        resolve(started)
      })
    })
    started.on('message', (message: RenderAnswer | { ready: true }) => {
      if (!('id' in message)) return
      const job = waiting.get(message.id)
      waiting.delete(message.id)
      job?.resolve(message)
    })
    const gone = (why: string) => {
      if (worker === started) {
        worker = undefined
        ready = undefined
        holdsContent = false
      }
      // Only this worker's jobs: a worker stopped while idle exits after its successor started.
      for (const [id, job] of waiting) {
        if (job.on !== started) continue
        waiting.delete(id)
        job.reject(new Error(`The render worker stopped (${why}) during a job.`))
      }
    }
    started.on('error', (error) => gone(error.message))
    started.on('exit', (code) => gone(`exit code ${code}`))
    worker = started
    return ready
  }

  async function send(job: JobInput): Promise<RenderAnswer> {
    const current = await (ready ?? start())
    const id = nextId++
    return new Promise<RenderAnswer>((resolve, reject) => {
      waiting.set(id, { resolve, reject, on: current })
      current.postMessage({ ...job, id })
    })
  }

  function idleLater() {
    clearTimeout(idle)
    if (busy > 0) return
    idle = setTimeout(() => {
      const current = worker
      worker = undefined
      ready = undefined
      holdsContent = false
      void current?.terminate()
    }, idleMs)
    idle.unref()
  }

  async function run(job: JobInput): Promise<RenderAnswer> {
    clearTimeout(idle)
    busy++
    try {
      const answer = await send(job)
      if (answer.type === 'failed')
        throw new RenderJobError(answer.message, answer.problems, answer.stale ?? false)
      return answer
    } finally {
      busy--
      idleLater()
    }
  }

  /** A render on a worker that lost its content loads the content again first. */
  async function withContent(): Promise<void> {
    await loading
    const last = held
    if (holdsContent || !last) return
    // The worker before this one checked the same version whole.
    const again = run({ type: 'reload', ...last }).then(() => {
      holdsContent = true
    })
    loading = again.catch(() => {})
    await again
  }

  return {
    async load(content, loadOptions) {
      const previous = loading
      const loaded = {
        serialized: v8.serialize(content),
        version: loadOptions.version,
        renderedAt: loadOptions.renderedAt.toISOString(),
      }
      const job = previous.then(() =>
        run({ type: 'load', ...loaded, buildFingerprint: loadOptions.buildFingerprint }),
      )
      loading = job.catch(() => {})
      const answer = (await job) as LoadAnswer
      held = loaded
      holdsContent = true
      return answer
    },
    async render(version, path, renderOptions = {}) {
      await withContent()
      const answer = await run({
        type: 'render',
        version,
        path,
        ...(renderOptions.notFound && { notFound: true }),
        ...(renderOptions.search && { search: renderOptions.search }),
      })
      return asBuffers((answer as Extract<RenderAnswer, { type: 'rendered' }>).page)
    },
    prepare() {
      ready ??= start()
      ready.catch(() => {})
      idleLater()
    },
    async preview(content, previewOptions) {
      const answer = await run({
        type: 'preview',
        serialized: v8.serialize(content),
        renderedAt: previewOptions.renderedAt.toISOString(),
        path: previewOptions.path,
      })
      return asBuffers((answer as Extract<RenderAnswer, { type: 'preview' }>).page)
    },
    async close() {
      clearTimeout(idle)
      const current = worker
      worker = undefined
      ready = undefined
      holdsContent = false
      await current?.terminate()
    },
  }
}
