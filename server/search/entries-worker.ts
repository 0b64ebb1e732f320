/**
 * The search index's entries thread (./entries-thread.ts): reads published documents for their
 * words (Markdown parsed, transcripts split into lines) away from the thread that answers
 * requests. One message in, `{ id, documents }`; one out, `{ id, entries }` (an array per
 * document) or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads'
import { documentEntries, type IndexedDocument } from './entries.ts'

parentPort!.on('message', ({ id, documents }: { id: number; documents: IndexedDocument[] }) => {
  try {
    parentPort!.postMessage({ id, entries: documents.map(documentEntries) })
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
