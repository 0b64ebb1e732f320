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
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
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

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

/**
 * A request's logger (Fastify's childLoggerFactory, app.ts): it becomes pino's child logger, with
 * the request id in its bindings, only when something logs through it. Most requests log nothing
 * but their completed line, which OneLineRequestLog writes from the parent's bindings; a pino
 * child for every request (an object, and its bindings serialised) showed in the CPU profile of
 * the catalogue GET (issue 11). A route with its own log level or serializers gets a pino child
 * at once.
 */
export class RequestLogger {
  readonly parent: pino.Logger
  readonly bindings: pino.Bindings
  #child: pino.Logger | undefined

  constructor(parent: pino.Logger, bindings: pino.Bindings) {
    this.parent = parent
    this.bindings = bindings
  }

  /** The pino child logger, made on first use. */
  get pino(): pino.Logger {
    return (this.#child ??= this.parent.child(this.bindings))
  }

  /** Whether the pino child has been made (it then writes its own lines). */
  get made(): boolean {
    return this.#child !== undefined
  }

  get level(): string {
    return this.#child ? this.#child.level : this.parent.level
  }

  set level(level: string) {
    this.pino.level = level
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level)
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): pino.Logger {
    return this.pino.child(bindings, options)
  }

  declare fatal: pino.LogFn
  declare error: pino.LogFn
  declare warn: pino.LogFn
  declare info: pino.LogFn
  declare debug: pino.LogFn
  declare trace: pino.LogFn
  declare silent: pino.LogFn
}

for (const method of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
  Object.defineProperty(RequestLogger.prototype, method, {
    value(this: RequestLogger, ...args: unknown[]) {
      const log = this.pino
      return (log[method as LogMethod] as (...a: unknown[]) => void).apply(log, args)
    },
  })
}

/** Fastify's childLoggerFactory for the app (see RequestLogger). */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: pino.Bindings,
  options: pino.ChildLoggerOptions,
): FastifyBaseLogger {
  const parent = logger as pino.Logger
  // Not a pino logger (tests pass their own), or a route's own level or serializers: a child now.
  if (typeof parent.isLevelEnabled !== 'function' || options.level || options.serializers) {
    return logger.child(bindings, options)
  }
  return new RequestLogger(parent, bindings) as unknown as FastifyBaseLogger
}

/** The bindings as pino writes them into a line (its "chindings"): `,"name":value` each. */
function chindingsOf(bindings: pino.Bindings): string {
  let text = ''
  for (const name in bindings) text += `,${JSON.stringify(name)}:${JSON.stringify(bindings[name])}`
  return text
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
    const id = JSON.stringify(request.id)
    let log = reply.log as unknown as Partial<pino.Logger & PinoInternals>
    let chindings: string | undefined
    if (reply.log instanceof RequestLogger) {
      const requestLog = reply.log
      if (requestLog.made) log = requestLog.pino as unknown as Partial<pino.Logger & PinoInternals>
      else {
        // The request never logged: its line gets the parent's bindings and the request's own.
        log = requestLog.parent as unknown as Partial<pino.Logger & PinoInternals>
        const { bindings } = requestLog
        chindings =
          log[CHINDINGS]! +
          (bindings.reqId === request.id && Object.keys(bindings).length === 1
            ? `,"reqId":${id}`
            : chindingsOf(bindings))
      }
    }
    const stream = log[STREAM]
    // No pino logger (logger: false in tests) or a level above info: nothing to write.
    if (!stream || !log.isLevelEnabled?.('info')) return
    chindings ??= log[CHINDINGS]
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
