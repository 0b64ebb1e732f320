/**
 * Reading documents for the search index off the thread that answers requests (issue 29). An
 * episode's notes or an article's body is parsed as Markdown for its words; on a server's main
 * thread that code runs seldom, so V8 runs it cold, and one body of 8 KB held the event loop for
 * 30 ms (a longer one, longer). A sync that has documents to index starts one worker thread
 * (./entries-worker.ts), asks it for entries a slice of documents at a time, and stops it when
 * the sync ends. Where a worker cannot start or fails, the entries are made here, as before: the
 * index is never left behind for want of a thread.
 */
import { Worker } from 'node:worker_threads'
import { documentEntries, type IndexEntry, type IndexedDocument } from './entries.ts'

export interface EntriesThread {
  /** The entries of each document, in order. */
  entries(documents: IndexedDocument[]): Promise<IndexEntry[][]>
  /** Stops the worker (idempotent). */
  close(): Promise<void>
}

type Reply = { id: number; entries: IndexEntry[][] } | { id: number; error: string }

/**
 * `signal`: the sync's. When it aborts (the server is closing), the worker stops at once and
 * `entries` rejects with the signal's reason instead of doing the work here.
 */
export function startEntriesThread(signal?: AbortSignal): EntriesThread {
  let worker: Worker | undefined
  let broken = false
  let nextId = 0
  const waiting = new Map<number, { resolve: (reply: Reply) => void }>()
  const stop = () => void close()
  signal?.addEventListener('abort', stop, { once: true })

  const fail = () => {
    broken = true
    for (const { resolve } of waiting.values()) resolve({ id: -1, error: 'the worker stopped' })
    waiting.clear()
  }
  const running = (): Worker | undefined => {
    if (broken) return undefined
    if (!worker) {
      try {
        worker = new Worker(new URL('./entries-worker.ts', import.meta.url))
      } catch {
        broken = true
        return undefined
      }
      worker.on('message', (reply: Reply) => {
        waiting.get(reply.id)?.resolve(reply)
        waiting.delete(reply.id)
      })
      worker.once('error', fail)
      worker.once('exit', fail)
    }
    return worker
  }

  return {
    async entries(documents) {
      const thread = running()
      if (thread) {
        const id = nextId++
        const reply = await new Promise<Reply>((resolve) => {
          waiting.set(id, { resolve })
          thread.postMessage({ id, documents })
        })
        if ('entries' in reply) return reply.entries
      }
      signal?.throwIfAborted()
      return documents.map(documentEntries)
    },
    close,
  }

  async function close() {
    signal?.removeEventListener('abort', stop)
    const stopping = worker
    worker = undefined
    broken = true
    if (stopping) await stopping.terminate()
  }
}
