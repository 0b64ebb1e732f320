/**
 * The server's side of the render worker (render-worker.ts): starts it on a release's server
 * build, sends it one job at a time and gives back its answer with the pages as Buffers. Nothing
 * heavier than receiving the finished pages happens on the server's event loop. A worker that
 * dies is started again for the next job; the job it was on fails. An idle worker is stopped
 * after IDLE_MS (it holds 130–190 MB: a second V8 with the server build and React), and started
 * again (about half a second) for the next job.
 */
import { Worker } from 'node:worker_threads'
import type { ContentProblem } from '#common/content/problems.ts'
import type { SearchAnswer } from '#common/search.ts'
import type { FinishedPage } from './renderer.ts'
import type { ContentDocuments, RenderAnswer, RenderJob } from './render-worker.ts'

export type { ContentDocuments }

export type PublishAnswer = Extract<RenderAnswer, { type: 'published' }>

/** How long a worker without a job lives on. */
export const IDLE_MS = 5 * 60_000

/** A job the worker refused: the content does not pass its checks, or a page did not render. */
export class RenderJobError extends Error {
  override name = 'RenderJobError'
  readonly problems: readonly ContentProblem[]
  constructor(message: string, problems: readonly ContentProblem[] = []) {
    super(message)
    this.problems = problems
  }
}

export interface RenderThread {
  /** Renders what a change of the published content affects (everything when `full`). */
  publish(
    content: ContentDocuments,
    options: {
      renderedAt: Date
      full?: boolean
      buildFingerprint?: string | undefined
      /** What the pages show now (the content last published through this thread). */
      before?: ContentDocuments | undefined
    },
  ): Promise<PublishAnswer>
  /**
   * A page for one request (/search with its results), of the content last published through
   * this thread; `content` is what the pages show, sent only to a worker that has not rendered it.
   */
  request(options: {
    renderedAt: Date
    path: string
    search: SearchAnswer
    content: ContentDocuments | undefined
  }): Promise<FinishedPage>
  /** One path of some content, as a staff preview. */
  preview(
    content: ContentDocuments,
    options: { renderedAt: Date; path: string },
  ): Promise<FinishedPage>
  close(): Promise<void>
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
  options: { idleMs?: number } = {},
): RenderThread {
  const idleMs = options.idleMs ?? IDLE_MS
  let idle: NodeJS.Timeout | undefined
  let worker: Worker | undefined
  let ready: Promise<Worker> | undefined
  /** The worker that holds the published content (a new one has none until it is sent). */
  let fed: Worker | undefined
  let nextId = 1
  const waiting = new Map<
    number,
    { resolve(answer: RenderAnswer): void; reject(error: Error): void }
  >()
  // One job at a time, in order.
  let tail: Promise<unknown> = Promise.resolve()

  function start(): Promise<Worker> {
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
      }
      for (const [id, job] of waiting) {
        waiting.delete(id)
        job.reject(new Error(`The render worker stopped (${why}) during a job.`))
      }
    }
    started.on('error', (error) => gone(error.message))
    started.on('exit', (code) => gone(`exit code ${code}`))
    worker = started
    return ready
  }

  function run(job: JobInput): Promise<RenderAnswer> {
    clearTimeout(idle)
    const result = tail.then(async () => {
      const current = await (ready ?? start())
      const id = nextId++
      const message =
        job.type === 'request' && fed === current ? { ...job, content: undefined } : job
      const answer = await new Promise<RenderAnswer>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        current.postMessage({ ...message, id })
      })
      const sentContent = message.type === 'request' && message.content !== undefined
      if (answer.type === 'published' || (answer.type === 'request' && sentContent)) fed = current
      return answer
    })
    tail = result.catch(() => {})
    const settled = tail
    void settled.then(() => {
      // The last job done: the worker may go once it has had nothing to do for a while.
      if (tail !== settled) return
      clearTimeout(idle)
      idle = setTimeout(() => {
        const current = worker
        worker = undefined
        ready = undefined
        void current?.terminate()
      }, idleMs)
      idle.unref()
    })
    return result.then((answer) => {
      if (answer.type === 'failed') throw new RenderJobError(answer.message, answer.problems)
      return answer
    })
  }

  return {
    async publish(content, options) {
      const answer = (await run({
        type: 'publish',
        ...content,
        renderedAt: options.renderedAt.toISOString(),
        full: options.full ?? false,
        buildFingerprint: options.buildFingerprint,
        before: options.before,
      })) as PublishAnswer
      return {
        ...answer,
        pages: answer.pages.map(asBuffers),
        notFound: answer.notFound && asBuffers(answer.notFound),
      }
    },
    async request(options) {
      const answer = await run({
        type: 'request',
        renderedAt: options.renderedAt.toISOString(),
        path: options.path,
        search: options.search,
        content: options.content,
      })
      return asBuffers((answer as Extract<RenderAnswer, { type: 'request' }>).page)
    },
    async preview(content, options) {
      const answer = await run({
        type: 'preview',
        ...content,
        renderedAt: options.renderedAt.toISOString(),
        path: options.path,
      })
      return asBuffers((answer as Extract<RenderAnswer, { type: 'preview' }>).page)
    },
    async close() {
      clearTimeout(idle)
      const current = worker
      worker = undefined
      ready = undefined
      await current?.terminate()
    },
  }
}
