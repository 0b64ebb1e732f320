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
const CHINDINGS: typeof pino.symbols.chindingsSym = pino.symbols.chindingsSym
const STREAM: typeof pino.symbols.streamSym = pino.symbols.streamSym

interface PinoInternals {
  [CHINDINGS]: string
  [STREAM]: { write(line: string): unknown }
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
    const stream = log[STREAM]
    // No pino logger (logger: false in tests) or a level above info: nothing to write.
    if (!stream || !log.isLevelEnabled?.('info')) return
    const chindings = log[CHINDINGS]
    const id = JSON.stringify(request.id)
    // The fields of pino's line for {req, res, responseTime} with this app's serializers
    // (app.ts loggerOptions): the request's id, method and path without the query, the status.
    // The method needs no escaping: Node's parser accepts only the standard method tokens.
    const url = request.url
    const query = url.indexOf('?')
    stream.write(
      `{"level":${INFO},"time":${Date.now()}${chindings},` +
        `"req":{"id":${id},"method":"${request.method}","url":${JSON.stringify(query === -1 ? url : url.slice(0, query))}},` +
        `"res":{"statusCode":${reply.statusCode}},"responseTime":${milliseconds(reply.elapsedTime)},"msg":"request completed"}\n`,
    )
  }
}

/**
 * A duration in milliseconds to the microsecond, as JSON ("0.042", "12.500"): integer arithmetic,
 * where printing the float as it is (0.04231600000053004) cost half a microsecond a line.
 */
export function milliseconds(ms: number): string {
  const micros = Math.round(ms * 1000)
  if (!Number.isSafeInteger(micros) || micros < 0) return String(Math.max(0, ms) || 0)
  const fraction = micros % 1000
  return `${(micros - fraction) / 1000}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`
}
