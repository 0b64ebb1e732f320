/**
 * The request log: one line per answered request (id, method, path, status, time taken), not
 * Fastify's two (incoming and completed), and written to stdout asynchronously. Every request is
 * logged (no sampling); each line is formatted on the request's turn, then written in batches
 * without blocking (once 4 KB wait, or every 250 ms), so a busy server makes one write for many
 * lines instead of one blocking write per line, and a quiet one shows a line within 250 ms. At
 * exit (normal, a signal or a crash handled by close-with-grace) pino flushes what is pending;
 * a SIGKILL loses at most the last 250 ms of lines. If the reader of
 * stdout stalls, at most MAX_PENDING_BYTES wait in memory and later lines are dropped rather than
 * the process growing without bound. See docs/decisions/007-request-log-and-hot-path.md.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import pino from 'pino'

const MAX_PENDING_BYTES = 16 * 1024 * 1024
/** Lines are written once this many bytes wait, or after FLUSH_MS, whichever comes first. */
const BATCH_BYTES = 4096
const FLUSH_MS = 250

let stdout: ReturnType<typeof pino.destination> | undefined

/** The process's one asynchronous stdout destination for the logger. */
export function logDestination() {
  stdout ??= pino.destination({
    dest: 1,
    sync: false,
    minLength: BATCH_BYTES,
    periodicFlush: FLUSH_MS,
    maxLength: MAX_PENDING_BYTES,
  })
  return stdout
}

/** Fastify's request log lines, one per request: what it answered, or the error it met. */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      )
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      )
    }
  }
}
