/**
 * The render module in a worker thread (node:worker_threads), so that rendering pages at run time
 * never blocks the server's event loop: React's render, the page checks, the content checks and
 * compression all happen here; the server thread only receives finished pages (render-thread.ts
 * is its side). Jobs (docs/rendering.md, ADR 021):
 *
 * - `load`: the documents the database publishes at a content version are checked as a whole
 *   (the same snapshotFromDocuments as everywhere) and kept, by version (the last two), for the
 *   renders of that version. The answer says which paths exist, which pages the change from the
 *   version loaded before affects (the server build's affectedPaths), and which to warm. Nothing
 *   is rendered. With the build's content fingerprint, equal content is the build's: its pages
 *   stand.
 * - `reload`: a version loaded before, into a worker started again: kept, not checked again.
 * - `render`: one path (or the not-found page) of a loaded version; several run at once.
 * - `preview`: one path of a snapshot with a document's draft in it, as a staff preview.
 *
 * A page that fails to render fails its job, naming the page; nothing is kept of it.
 */
import { isDeepStrictEqual } from 'node:util'
import v8 from 'node:v8'
import { parentPort, workerData } from 'node:worker_threads'
import { ContentError, type ContentProblem } from '#common/content/problems.ts'
import {
  byKey,
  checkDocument,
  snapshotFromDocuments,
  type ContentDocument,
  type ContentSnapshot,
  type SlugRedirect,
} from '#common/content/snapshot.ts'
import type { ImageEntry } from '#common/content/media.ts'
import type { ArchivedLetter } from '#common/newsletter-archive.ts'
import type { SearchAnswer } from '#common/search.ts'
import { contentFingerprint, createRenderer, type FinishedPage } from './renderer.ts'
import { createRenderSlots } from './render-slots.ts'
import { unchangedSince } from './unchanged-documents.ts'
import { loadServerBuild } from './server-build.ts'

/** Published documents as the database holds them, not yet checked. */
export interface ContentDocuments {
  documents: ContentDocument[]
  redirects: SlugRedirect[]
  uploads: Record<string, ImageEntry>
  /**
   * The newsletter's archive: letters that went out, newest first (server/newsletter). Not
   * documents, so not checked with them; their pictures are among `uploads`.
   */
  letters?: ArchivedLetter[]
}

/**
 * What a load brings: every document (no `base`), or those that differ from the version `base`
 * loaded before, with the keys of those gone (server/content/documents/published-changes.ts).
 * The redirects, pictures and letters come whole either way.
 */
export interface ContentChanges extends ContentDocuments {
  removed: string[]
}

/** ContentDocuments as v8.serialize wrote them: bytes cross threads without holding the loop. */
export interface SerializedContent {
  serialized: Uint8Array
}

export type RenderJob =
  | ({
      type: 'load'
      id: number
      version: number
      renderedAt: string
      /** The build's content fingerprint: equal content is the build's own. */
      buildFingerprint?: string | undefined
      /**
       * The database's content as a process starts: it passed every check when it was published,
       * so only the schemas and the checks across documents run now; its Markdown and files are
       * read again afterwards by a `verify` job, in turns, without holding the start.
       */
      trusted?: boolean
      /**
       * The version the serialized ContentChanges change; without it they are the whole content.
       * A worker that does not hold `base` as its last load refuses the job as stale.
       */
      base?: number
    } & SerializedContent)
  /**
   * A version a worker before this one loaded and checked whole (it stopped while idle, or it
   * died): kept for renders again, with the documents' schemas applied but their Markdown and
   * files not read again, and nothing worked out about paths or changes (the server has them).
   */
  | ({ type: 'reload'; id: number; version: number; renderedAt: string } & SerializedContent)
  | {
      type: 'render'
      id: number
      version: number
      path: string
      notFound?: boolean
      /** The results of one request's search (/search): rendered with them, not compressed. */
      search?: SearchAnswer
      /** A page warmed after a start or a publish: it waits behind visitors' (render-slots.ts). */
      warm?: boolean
    }
  | ({ type: 'preview'; id: number; renderedAt: string; path: string } & SerializedContent)
  /** Every check of a loaded version's documents again (after a trusted load), in turns. */
  | { type: 'verify'; id: number; version: number }

/**
 * A page as the worker sends it: one with a gzip form comes without its body (render-thread.ts
 * keeps it compressed).
 */
export type SentPage = FinishedPage | Omit<FinishedPage, 'body'>

export type RenderAnswer =
  | {
      id: number
      type: 'loaded'
      version: number
      /** True when the content is the build's own: its pages stand. */
      unchanged: boolean
      /**
       * Every path of the new content; undefined when they are those of `base`, the version the
       * server loaded before (most changes add or remove no page: at 3,650 episodes the 11,822
       * paths cost the server's event loop their copy and a set on every publish).
       */
      paths: string[] | undefined
      redirects: SlugRedirect[]
      /** The pages of the version loaded before that this one changes; `all` for every page. */
      invalidate: 'all' | string[]
      /** Whether the not-found page changed (a part every page shows). */
      notFoundChanged: boolean
      /** The pages visitors reach first, to render after the switch. */
      warm: string[]
      fingerprint: string
      /** Milliseconds: checking the content, working out what changed. */
      timings: { check: number; compare: number }
      /**
       * For a load of changes (`base`), the whole content it made, serialized: what the server
       * keeps to give a worker started again (render-thread.ts). Transferred, not copied.
       */
      serialized?: Uint8Array
    }
  | { id: number; type: 'reloaded'; version: number }
  | { id: number; type: 'rendered'; page: SentPage }
  | { id: number; type: 'preview'; page: FinishedPage }
  | { id: number; type: 'verified'; problems: ContentProblem[] }
  | {
      id: number
      type: 'failed'
      message: string
      problems?: ContentProblem[]
      /** The version asked for is not (or no longer) loaded here. */
      stale?: boolean
    }

/** Bytes in an ArrayBuffer of their own, which can be transferred (not a pool's slice). */
function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const alone =
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength
  return alone ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes)
}

interface WorkerInput {
  buildDirectory: string
}

class StaleVersionError extends Error {}

/** How long a verification checks before the worker takes its other jobs. */
const VERIFY_TURN_MS = 50

if (parentPort) {
  const port = parentPort
  const { buildDirectory } = workerData as WorkerInput
  const { build } = await loadServerBuild(buildDirectory)
  const renderer = createRenderer(build)
  /** The versions loaded, newest last: a render of the one before may still be under way. */
  const loaded: {
    version: number
    snapshot: ContentSnapshot
    renderedAt: Date
    documents: ContentDocuments['documents']
    /** Every path of the version (unknown for a version a worker started again took). */
    paths?: readonly string[]
  }[] = []
  const slots = createRenderSlots()

  /**
   * The documents of the last load that passed its checks (what a change is compared with), and
   * each as that load parsed it, by key: an unchanged one is not parsed again.
   */
  let lastChecked:
    | { version: number; input: ContentDocuments; parsed: ReadonlyMap<string, ContentDocument> }
    | undefined

  /** The whole content of a load: its changes applied to the version it names as `base`. */
  const contentOf = (job: SerializedContent & { base?: number }): ContentDocuments => {
    const read = v8.deserialize(job.serialized) as ContentChanges
    const { removed, ...whole } = read
    if (job.base === undefined) return whole
    if (lastChecked?.version !== job.base)
      throw new StaleVersionError(`Content version ${job.base} is not the one loaded last`)
    const next = new Map(lastChecked.input.documents.map((document) => [document.key, document]))
    for (const key of removed) next.delete(key)
    for (const document of read.documents) next.set(document.key, document)
    return { ...whole, documents: [...next.values()] }
  }

  /**
   * Checks content as a whole. `checkedBefore`: all of it (a reload), or, for a load, what is
   * unchanged since the last load that passed (unchangedSince); a preview checks everything.
   */
  const check = (
    job: SerializedContent & { base?: number },
    checkedBefore: 'all' | 'unchanged' | 'none',
    version: number,
  ): { snapshot: ContentSnapshot; checked: NonNullable<typeof lastChecked> } => {
    const input = contentOf(job)
    const before = lastChecked
    const parsed = new Map<string, ContentDocument>()
    const snapshot = snapshotFromDocuments(input.documents, {
      redirects: input.redirects,
      uploads: input.uploads,
      checkedBefore:
        checkedBefore === 'unchanged'
          ? unchangedSince(before?.input, input)
          : checkedBefore === 'all',
      ...(checkedBefore === 'unchanged' &&
        before && { parsedBefore: (document) => before.parsed.get(document.key) }),
      parsed,
    })
    return {
      snapshot: { ...snapshot, letters: input.letters ?? [] },
      checked: { version, input, parsed },
    }
  }

  function keep(version: (typeof loaded)[number]) {
    loaded.push(version)
    if (loaded.length > 2) loaded.shift()
  }

  function reload(job: Extract<RenderJob, { type: 'reload' }>): RenderAnswer {
    const { snapshot, checked } = check(job, 'all', job.version)
    lastChecked = checked
    const renderedAt = new Date(job.renderedAt)
    keep({ version: job.version, snapshot, renderedAt, documents: checked.input.documents })
    return { id: job.id, type: 'reloaded', version: job.version }
  }

  function load(job: Extract<RenderJob, { type: 'load' }>): RenderAnswer {
    const started = performance.now()
    const renderedAt = new Date(job.renderedAt)
    const { snapshot, checked: content } = check(
      job,
      job.trusted ? 'all' : 'unchanged',
      job.version,
    )
    lastChecked = content
    const fingerprint = contentFingerprint(snapshot)
    const checked = performance.now()
    const previous = loaded.at(-1)
    const paths = renderer.paths(snapshot, renderedAt)
    const unchanged = job.buildFingerprint === fingerprint
    let invalidate: 'all' | string[] = 'all'
    let notFoundChanged = true
    if (previous && !unchanged) {
      const change = renderer.entry.affectedPaths(previous.snapshot, snapshot, renderedAt)
      if (!change.all) {
        invalidate = change.render
        notFoundChanged = false
      }
    } else if (unchanged) {
      invalidate = []
      notFoundChanged = false
    }
    const samePaths =
      job.base !== undefined &&
      previous?.version === job.base &&
      previous.paths !== undefined &&
      isDeepStrictEqual(previous.paths, paths)
    keep({ version: job.version, snapshot, renderedAt, documents: content.input.documents, paths })
    return {
      id: job.id,
      type: 'loaded',
      version: job.version,
      unchanged,
      paths: samePaths ? undefined : paths,
      redirects: snapshot.redirects,
      invalidate,
      notFoundChanged,
      warm: renderer.entry.warmPaths(snapshot, renderedAt),
      fingerprint,
      timings: { check: checked - started, compare: performance.now() - checked },
      ...(job.base !== undefined && { serialized: ownBytes(v8.serialize(content.input)) }),
    }
  }

  async function render(job: Extract<RenderJob, { type: 'render' }>): Promise<RenderAnswer> {
    const content = loaded.find((entry) => entry.version === job.version)
    if (!content) throw new StaleVersionError(`Content version ${job.version} is not loaded`)
    const end = await slots.take(job.warm ? 'warm' : 'visitor')
    try {
      const options = {
        renderedAt: content.renderedAt,
        snapshot: content.snapshot,
        // A page for one request: brotli's 11 is for pages served many times.
        ...(job.search && {
          context: [[renderer.entry.searchAnswer, job.search]] as const,
          compress: false,
        }),
      }
      const page = job.notFound
        ? await renderer.renderNotFound(options)
        : await renderer.render(job.path, options).catch((error: unknown) => {
            throw new Error(`The page ${job.path} did not render: ${(error as Error).message}`, {
              cause: error,
            })
          })
      if (!page.gzip) return { id: job.id, type: 'rendered', page }
      const { body: _body, ...compressed } = page
      return { id: job.id, type: 'rendered', page: compressed }
    } finally {
      end()
    }
  }

  async function preview(job: Extract<RenderJob, { type: 'preview' }>): Promise<RenderAnswer> {
    // The draft is read whole; what equals the last load passed its checks there.
    const { snapshot } = check(job, 'unchanged', -1)
    const page = await renderer.render(job.path, {
      renderedAt: new Date(job.renderedAt),
      snapshot,
      preview: true,
    })
    return { id: job.id, type: 'preview', page }
  }

  /** Each document's own checks, Markdown and files included, in turns of VERIFY_TURN_MS. */
  async function verify(job: Extract<RenderJob, { type: 'verify' }>): Promise<RenderAnswer> {
    const content = loaded.find((entry) => entry.version === job.version)
    if (!content) throw new StaleVersionError(`Content version ${job.version} is not loaded`)
    const { media } = content.snapshot
    const problems: ContentProblem[] = []
    let turn = performance.now()
    for (const document of content.documents) {
      problems.push(...checkDocument(document, { source: byKey(document), media }).problems)
      if (performance.now() - turn < VERIFY_TURN_MS) continue
      await new Promise((resolve) => setImmediate(resolve))
      turn = performance.now()
    }
    return { id: job.id, type: 'verified', problems }
  }

  const run = (job: RenderJob): Promise<RenderAnswer> => {
    if (job.type === 'verify') return verify(job)
    if (job.type === 'load') return Promise.resolve().then(() => load(job))
    if (job.type === 'reload') return Promise.resolve().then(() => reload(job))
    return job.type === 'render' ? render(job) : preview(job)
  }

  port.on('message', (job: RenderJob) => {
    run(job).then(
      (answer) =>
        port.postMessage(
          answer,
          answer.type === 'loaded' && answer.serialized
            ? [answer.serialized.buffer as ArrayBuffer]
            : [],
        ),
      (error: unknown) =>
        port.postMessage({
          id: job.id,
          type: 'failed',
          message: (error as Error).message,
          ...(error instanceof ContentError && { problems: [...error.problems] }),
          ...(error instanceof StaleVersionError && { stale: true }),
        } satisfies RenderAnswer),
    )
  })
  port.postMessage({ ready: true })
}
