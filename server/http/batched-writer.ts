/**
 * The log destination: lines are kept in memory and written to the file descriptor in batches,
 * once BATCH_CHARS wait or FLUSH_MS after the first waiting line, and at exit. A request only
 * appends a string to an array; the write (one for ~20 request lines under load) happens apart
 * from it. sonic-boom's asynchronous mode (pino.destination({sync: false})) measured 10-25 µs per
 * line here, because every write re-measures the UTF-8 length of its growing buffer; this costs
 * about 1 µs.
 *
 * The batch write itself is a blocking write, as pino's default destination makes for every line:
 * a few microseconds for a file or a pipe with room. A reader that stops reading (a full pipe)
 * makes the writer retry for up to STALL_MS per batch, then drop that batch and count it, rather
 * than stop the server; lines beyond MAX_PENDING_CHARS are dropped and counted the same way.
 */
import fs from 'node:fs'

export interface BatchedWriterOptions {
  batchChars?: number
  flushMs?: number
  maxPendingChars?: number
  stallMs?: number
}

const sleeper = new Int32Array(new SharedArrayBuffer(4))

export class BatchedWriter {
  readonly fd: number
  readonly #batchChars: number
  readonly #flushMs: number
  readonly #maxPendingChars: number
  readonly #stallMs: number
  #lines: string[] = []
  #chars = 0
  #timer: NodeJS.Timeout | undefined
  /** Lines dropped because the reader stalled or too much was waiting. */
  dropped = 0

  constructor(fd: number, options: BatchedWriterOptions = {}) {
    this.fd = fd
    this.#batchChars = options.batchChars ?? 64 * 1024
    this.#flushMs = options.flushMs ?? 250
    this.#maxPendingChars = options.maxPendingChars ?? 16 * 1024 * 1024
    this.#stallMs = options.stallMs ?? 1000
  }

  write(chunk: string): boolean {
    if (this.#chars + chunk.length > this.#maxPendingChars) {
      this.dropped++
      return true
    }
    this.#lines.push(chunk)
    this.#chars += chunk.length
    if (this.#chars >= this.#batchChars) this.flushSync()
    else if (!this.#timer) {
      this.#timer = setTimeout(() => this.flushSync(), this.#flushMs)
      this.#timer.unref()
    }
    return true
  }

  /** Writes every waiting line now (pino calls this too, e.g. before a fatal exit). */
  flushSync(): void {
    if (this.#timer) {
      clearTimeout(this.#timer)
      this.#timer = undefined
    }
    if (this.#lines.length === 0) return
    const lines = this.#lines
    this.#lines = []
    this.#chars = 0
    const data = Buffer.from(lines.join(''), 'utf8')
    let offset = 0
    const deadline = performance.now() + this.#stallMs
    while (offset < data.length) {
      try {
        offset += fs.writeSync(this.fd, data, offset)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        // A non-blocking pipe that is full: wait a little for the reader, within the deadline.
        if (code === 'EAGAIN' && performance.now() < deadline) {
          Atomics.wait(sleeper, 0, 0, 5)
          continue
        }
        // The reader is gone (EPIPE, EBADF) or stalled past the deadline: the batch is lost.
        this.dropped += lines.length
        return
      }
    }
  }

  flush(callback?: (error?: Error) => void): void {
    this.flushSync()
    callback?.()
  }
}
