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
import { pack, release, unpack } from './packed-bytes.ts'
import { keptCompressed, type FinishedPage } from './renderer.ts'
import type {
  ContentChanges,
  ContentDocuments,
  RenderAnswer,
  RenderJob,
  SentPage,
} from './render-worker.ts'

export type { ContentChanges, ContentDocuments }

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
   * exist and which pages changed since the version loaded before. Renders nothing. `content`:
   * the whole content, or with `base`, what changed since the version `base` (a RenderJobError
   * marked stale when the worker does not hold it: load the whole content then).
   */
  load(
    content: ContentDocuments | ContentChanges,
    options: {
      base?: number | undefined
      version: number
      renderedAt: Date
      buildFingerprint?: string | undefined
      /** At a start: checked by schema now, in full afterwards by `verify` (render-worker.ts). */
      trusted?: boolean
    },
  ): Promise<LoadAnswer>
  /** Every check of a loaded version's documents again; the problems found (none: all pass). */
  verify(version: number): Promise<ContentProblem[]>
  /**
   * One path (or the not-found page) of a loaded version; with `search`, a page for one request
   * (/search and its results), rendered with them and not compressed.
   */
  render(
    version: number,
    path: string,
    options?: { notFound?: boolean; search?: SearchAnswer; warm?: boolean },
  ): Promise<FinishedPage>
  /** Starts the worker now (about half a second, more on a busy machine) rather than at a job. */
  prepare(): void
  /**
   * The bytes kept of the last version loaded, for a worker started again, and whether they are
   * packed (as they are while no worker runs).
   */
  held(): { bytes: number; packed: boolean } | undefined
  /** One path of some content, as a staff preview. */
  preview(
    content: ContentDocuments,
    options: { renderedAt: Date; path: string },
  ): Promise<FinishedPage>
  close(): Promise<void>
}

export interface RenderThreadOptions {
  idleMs?: number
  /** Told when an idle worker is stopped (its memory goes back to the system). */
  stoppedIdle?: () => void
}

/**
 * A page as it crossed the thread: its bodies arrive as Uint8Arrays, and a page with a gzip form
 * comes without its body, which is made from that form when read (keptCompressed).
 */
function asBuffers(page: SentPage): FinishedPage {
  const buffer = (bytes: Uint8Array | undefined) =>
    bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const br = buffer(page.br)
  const gzip = buffer(page.gzip)
  if ('body' in page) return { ...page, body: buffer(page.body)!, br, gzip }
  if (!gzip) throw new Error(`The page ${page.path} came without its body or a gzip form`)
  return keptCompressed({ ...page, br, gzip })
}

type JobInput = RenderJob extends infer J ? (J extends RenderJob ? Omit<J, 'id'> : never) : never

/**
 * A loaded version, serialized as the worker receives it; while no worker runs, packed instead
 * (gzip, fast level: at 3,650 episodes the serialized documents were 24 MB of the 95 MB heap of
 * an idle process; their text packs to about a fifth).
 */
interface Held {
  bytes: Uint8Array
  packed: boolean
  version: number
  renderedAt: string
}

/**
 * Packs the held version once the worker has stopped, and gives the unpacked bytes back. A load
 * since, or a worker started again meanwhile (it may be about to receive them), leaves the bytes
 * as they are.
 */
async function packHeld(state: ThreadState): Promise<void> {
  const held = state.held
  if (!held || held.packed) return
  const unpacked = held.bytes
  const packed = await pack(unpacked)
  if (state.held !== held || state.worker) return
  held.bytes = packed
  held.packed = true
  release(unpacked)
}

/** The thread's state: its worker (started on demand, stopped when idle) and the jobs waiting. */
interface ThreadState {
  buildDirectory: string
  idleMs: number
  stoppedIdle: (() => void) | undefined
  idle: NodeJS.Timeout | undefined
  worker: Worker | undefined
  ready: Promise<Worker> | undefined
  /** Whether the running worker holds the content last loaded (a new one holds nothing). */
  holdsContent: boolean
  /**
   * The version last loaded, serialized (v8.serialize: about the size of its JSON, outside the
   * heap), for a worker started again after it stopped (idle, or it died). The same bytes cross
   * to the worker: cloning the documents as objects would hold the event loop for 60–280 ms at
   * 1,100 episodes, serializing them takes about 10 ms. After a load of changes these are the
   * bytes of the whole content the worker made of them, serialized there and transferred.
   */
  held: Held | undefined
  nextId: number
  busy: number
  waiting: Map<
    number,
    { resolve(answer: RenderAnswer): void; reject(error: Error): void; on: Worker }
  >
  /** A load waits for the jobs before it, and the jobs after it wait for the load. */
  loading: Promise<unknown>
}

/** The worker is gone (stopped, idle, died): the next job starts another. */
function forgetWorker(state: ThreadState) {
  state.worker = undefined
  state.ready = undefined
  state.holdsContent = false
}

function startWorker(state: ThreadState): Promise<Worker> {
  state.holdsContent = false
  const started = new Worker(new URL('./render-worker.ts', import.meta.url), {
    workerData: { buildDirectory: state.buildDirectory },
  })
  const ready = new Promise<Worker>((resolve, reject) => {
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
    const job = state.waiting.get(message.id)
    state.waiting.delete(message.id)
    job?.resolve(message)
  })
  const gone = (why: string) => {
    if (state.worker === started) forgetWorker(state)
    // Only this worker's jobs: a worker stopped while idle exits after its successor started.
    for (const [id, job] of state.waiting) {
      if (job.on !== started) continue
      state.waiting.delete(id)
      job.reject(new Error(`The render worker stopped (${why}) during a job.`))
    }
  }
  started.on('error', (error) => gone(error.message))
  started.on('exit', (code) => gone(`exit code ${code}`))
  state.worker = started
  state.ready = ready
  return ready
}

async function send(state: ThreadState, job: JobInput): Promise<RenderAnswer> {
  const current = await (state.ready ?? startWorker(state))
  const id = state.nextId++
  return new Promise<RenderAnswer>((resolve, reject) => {
    state.waiting.set(id, { resolve, reject, on: current })
    current.postMessage({ ...job, id })
  })
}

/** Stops the worker after idleMs without a job. */
function idleLater(state: ThreadState) {
  clearTimeout(state.idle)
  if (state.busy > 0) return
  state.idle = setTimeout(() => {
    const current = state.worker
    forgetWorker(state)
    void current
      ?.terminate()
      .then(() => packHeld(state))
      .catch(() => {})
      .then(() => state.stoppedIdle?.())
  }, state.idleMs)
  state.idle.unref()
}

async function run(state: ThreadState, job: JobInput): Promise<RenderAnswer> {
  clearTimeout(state.idle)
  state.busy++
  try {
    const answer = await send(state, job)
    if (answer.type === 'failed')
      throw new RenderJobError(answer.message, answer.problems, answer.stale ?? false)
    return answer
  } finally {
    state.busy--
    idleLater(state)
  }
}

/** Loads the last version again into a worker that lost it (stopped idle, or died). */
async function reloadIfLost(state: ThreadState): Promise<void> {
  const last = state.held
  if (state.holdsContent || !last) return
  // The worker before this one checked the same version whole.
  await run(state, {
    type: 'reload',
    serialized: last.packed ? await unpack(last.bytes) : last.bytes,
    version: last.version,
    renderedAt: last.renderedAt,
  })
  state.holdsContent = true
}

/** A render on a worker that lost its content loads the content again first. */
async function withContent(state: ThreadState): Promise<void> {
  await state.loading
  const again = reloadIfLost(state)
  state.loading = again.catch(() => {})
  await again
}

export function startRenderThread(
  buildDirectory: string,
  options: RenderThreadOptions = {},
): RenderThread {
  const state: ThreadState = {
    buildDirectory,
    idleMs: options.idleMs ?? IDLE_MS,
    stoppedIdle: options.stoppedIdle,
    idle: undefined,
    worker: undefined,
    ready: undefined,
    holdsContent: false,
    held: undefined,
    nextId: 1,
    busy: 0,
    waiting: new Map(),
    loading: Promise.resolve(),
  }
  return {
    async load(content, loadOptions) {
      const previous = state.loading
      const serialized = v8.serialize(content)
      const loaded: Held = {
        bytes: serialized,
        packed: false,
        version: loadOptions.version,
        renderedAt: loadOptions.renderedAt.toISOString(),
      }
      // A worker that lost the last version (it stopped after a quiet minute) gets it back
      // first, so the load is compared with it and names only the pages the change affects:
      // without it, a publish after a quiet minute dropped every page. Failing that, the load
      // goes on alone and every page is rendered again.
      const job = previous
        .then(() => reloadIfLost(state).catch(() => {}))
        .then(() =>
          run(state, {
            type: 'load',
            serialized,
            version: loaded.version,
            renderedAt: loaded.renderedAt,
            buildFingerprint: loadOptions.buildFingerprint,
            ...(loadOptions.trusted && { trusted: true }),
            ...(loadOptions.base !== undefined && { base: loadOptions.base }),
          }),
        )
      state.loading = job.catch(() => {})
      const answer = (await job) as LoadAnswer
      // Changes alone: the worker made the whole content, and sent it serialized.
      if (answer.serialized) loaded.bytes = answer.serialized
      state.held = loaded
      state.holdsContent = true
      return answer
    },
    async render(version, path, renderOptions = {}) {
      await withContent(state)
      const answer = await run(state, {
        type: 'render',
        version,
        path,
        ...(renderOptions.notFound && { notFound: true }),
        ...(renderOptions.search && { search: renderOptions.search }),
        ...(renderOptions.warm && { warm: true }),
      })
      return asBuffers((answer as Extract<RenderAnswer, { type: 'rendered' }>).page)
    },
    async verify(version) {
      await withContent(state)
      const answer = await run(state, { type: 'verify', version })
      return (answer as Extract<RenderAnswer, { type: 'verified' }>).problems
    },
    held() {
      const held = state.held
      return held && { bytes: held.bytes.byteLength, packed: held.packed }
    },
    prepare() {
      state.ready ??= startWorker(state)
      state.ready.catch(() => {})
      idleLater(state)
    },
    async preview(content, previewOptions) {
      const answer = await run(state, {
        type: 'preview',
        serialized: v8.serialize(content),
        renderedAt: previewOptions.renderedAt.toISOString(),
        path: previewOptions.path,
      })
      return asBuffers((answer as Extract<RenderAnswer, { type: 'preview' }>).page)
    },
    async close() {
      clearTimeout(state.idle)
      const current = state.worker
      forgetWorker(state)
      await current?.terminate()
    },
  }
}
