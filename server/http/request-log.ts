/**
 * The request log: one line per answered request (id, method, path, status, time taken), not
 * Fastify's two (incoming and completed). Every request is logged (no sampling). Lines are
 * buffered and written to stdout in batches (batched-writer.ts): once 64 KB wait, 250 ms after
 * the first waiting line, and at exit, so a quiet server shows a line within 250 ms and a SIGKILL
 * loses at most the last 250 ms. See docs/decisions/008-api-hot-path.md.
 *
 * The completed line is the one line every request writes, so it is put together here from
 * pino's own parts (the request logger's bindings and its stream) rather than through pino's
 * general serialisation: the same JSON, in a tenth of the time. Errors and every other line go
 * through pino as usual.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import pino from 'pino'
import { BatchedWriter } from './batched-writer.ts'

let stdout: BatchedWriter | undefined

/** The process's one stdout destination for the logger, flushed when the process exits. */
export function logDestination(): BatchedWriter {
  if (!stdout) {
    const writer = new BatchedWriter(1)
    process.on('exit', () => writer.flushSync())
    stdout = writer
  }
  return stdout
}

const INFO = pino.levels.values.info!

interface PinoInternals {
  [pino.symbols.chindingsSym]: string
  [pino.symbols.streamSym]: { write(line: string): unknown }
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
      return
    }
    const log = reply.log as unknown as Partial<pino.Logger & PinoInternals>
    const stream = log[pino.symbols.streamSym]
    // No pino logger (logger: false in tests) or a level above info: nothing to write.
    if (!stream || !log.isLevelEnabled?.('info')) return
    // The fields of pino's line for {req, res, responseTime} with this app's serializers
    // (app.ts loggerOptions): the request's id, method and path without the query, the status.
    const path = request.url.split('?', 1)[0]!
    stream.write(
      `{"level":${INFO},"time":${Date.now()}${log[pino.symbols.chindingsSym]},` +
        `"req":{"id":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(path)}},` +
        `"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
    )
  }
}
