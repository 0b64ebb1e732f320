/**
 * Runs an HTTP provider's whole read of the store (download, JSON parse, product mapping) in a
 * child process of its own, one per sync, and hands back only the mapped courses.
 *
 * A store's answer is hostile until read (issue 21), and in the server process it would cost:
 * - the event loop: JSON.parse of a 5 MB page takes up to ~80 ms in one piece (half a million
 *   short strings), which nothing can slice, and every request waits behind it;
 * - memory: a parsed page, a worker thread's runtime and heap stay in the server's resident
 *   set after the sync (freed memory is kept by the allocator); a process returns all of it to
 *   the system when it exits;
 * - CPU: the child runs at a lower priority (nice 10), so requests keep the CPU they need on a
 *   busy machine while a sync reads the store.
 * Its heap is capped: an answer that needs more memory ends the child, and the sync fails with
 * a message; the server never notices.
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import { UpstreamError, type UpstreamFailure } from '#server/catalogue/upstream.ts'
import type { CourseInput } from '#common/course-schemas.ts'
import type {
  HttpProviderSettings,
  SkippedProduct,
  StoreCatalogue,
  StoreProvider,
} from './types.ts'

/** The HTTP providers, which a child process runs. */
export type HttpProviderName = 'shopify' | 'woocommerce'

/** What the child is told to read (store-reader.ts receives it as its first message). */
export interface StoreReaderInput {
  name: HttpProviderName
  settings: HttpProviderSettings
}

/**
 * What the child sends: the courses a slice at a time (the next when the server asks for it,
 * so no one message takes the event loop long to receive), then the skipped products; or why
 * the store could not be read.
 */
export type StoreReaderMessage =
  | { type: 'courses'; courses: CourseInput[] }
  | { type: 'done'; skipped: SkippedProduct[]; skippedCount: number }
  | { type: 'failed'; kind: UpstreamFailure; message: string; detail?: string }

/** Courses per message: at most about a megabyte, received in a millisecond or two. */
export const HANDOVER_SLICE = 250

/**
 * The child's heap. A 5 MB page (the upstream cap) of real products needs a few tens of
 * megabytes once parsed, and the courses kept are at most 4 MB (MAX_CATALOGUE_BYTES).
 */
export const STORE_READER_HEAP_MB = 128

const READER = new URL('./store-reader.ts', import.meta.url).pathname
/** The end of the child's error output, kept to tell a heap overflow from another crash. */
const STDERR_TAIL = 2048

export function createIsolatedProvider(
  name: HttpProviderName,
  settings: HttpProviderSettings,
  heapMb = STORE_READER_HEAP_MB,
): StoreProvider {
  return {
    name,
    fetchCourses(signal) {
      return readInChild({ name, settings }, heapMb, signal)
    },
  }
}

function readInChild(
  input: StoreReaderInput,
  heapMb: number,
  signal?: AbortSignal,
): Promise<StoreCatalogue> {
  const aborted = () =>
    new UpstreamError('aborted', 'The sync was stopped because the server is shutting down.')
  if (signal?.aborted) return Promise.reject(aborted())
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=4', READER],
      { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' },
    )
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, 10)
    } catch {
      // Not allowed here (some containers): the child runs at the server's priority.
    }
    let stderr = ''
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL)
    })
    let settled = false
    const settle = (done: () => void) => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', onAbort)
      done()
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    const onAbort = () => settle(() => reject(aborted()))
    signal?.addEventListener('abort', onAbort, { once: true })

    const courses: CourseInput[] = []
    child.on('message', (message: StoreReaderMessage) => {
      if (message.type === 'courses') {
        courses.push(...message.courses)
        // Ask for the next slice once the event loop has had its turn.
        setImmediate(() => settled || child.send('next'))
      } else if (message.type === 'done') {
        const { skipped, skippedCount } = message
        settle(() => resolve({ courses, skipped, skippedCount }))
      } else {
        const { kind, detail } = message
        const cause = detail ? new Error(detail) : undefined
        settle(() => reject(new UpstreamError(kind, message.message, { cause })))
      }
    })
    child.once('error', (error) =>
      settle(() =>
        reject(
          new UpstreamError('invalid', "The store's answer could not be read.", { cause: error }),
        ),
      ),
    )
    child.once('exit', (code, exitSignal) =>
      settle(() => {
        const cause = new Error(
          `the store reader exited with ${code ?? exitSignal}: ${stderr.trim().slice(-500)}`,
        )
        reject(
          /heap out of memory|Reached heap limit/i.test(stderr)
            ? new UpstreamError(
                'too-large',
                `Reading the store's answer needed more than ${heapMb} MB of memory, the most the sync allows.`,
                { cause },
              )
            : new UpstreamError('invalid', "The store's answer could not be read.", { cause }),
        )
      }),
    )
    child.send(input)
  })
}
