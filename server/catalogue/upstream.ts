/**
 * The one HTTP client that talks to an external store. A store is outside our control, so every
 * answer is treated as hostile until proven otherwise: a deadline covers the connection and the
 * whole body, redirects are refused rather than followed (a redirect usually means a wrong
 * STORE_URL, and following one could lead anywhere), and the body is counted while it streams
 * so an endless answer is cut off at the cap instead of filling the memory.
 */
import { STATUS_CODES } from 'node:http'

/** Why a store could not be read. Each maps to the HTTP status the refresh answers with. */
export type UpstreamFailure =
  | 'unreachable'
  | 'timeout'
  | 'status'
  | 'redirect'
  | 'too-large'
  | 'malformed'
  | 'invalid'
  | 'aborted'

export class UpstreamError extends Error {
  override name = 'UpstreamError'
  readonly kind: UpstreamFailure

  constructor(kind: UpstreamFailure, message: string, options?: ErrorOptions) {
    super(message, options)
    this.kind = kind
  }

  /** 504 when the store was too slow, 503 when we gave up ourselves (shutdown), else 502. */
  get httpStatus(): 502 | 503 | 504 {
    if (this.kind === 'timeout') return 504
    if (this.kind === 'aborted') return 503
    return 502
  }
}

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024

export interface UpstreamOptions {
  /** Deadline for one request, connection and body together. */
  timeoutMs: number
  /** Largest body accepted, in bytes. */
  maxBytes: number
  /** Aborts the request from outside (server shutdown). */
  signal?: AbortSignal | undefined
}

export interface UpstreamAnswer {
  url: string
  headers: Headers
  /** The parsed JSON body; not yet validated. */
  body: unknown
}

const USER_AGENT = 'DocuCommons-catalogue-sync/1.0 (+https://docucommons.example.org)'

/** GET a JSON document from the store; throws UpstreamError on every kind of failure. */
export async function getStoreJson(url: string, options: UpstreamOptions): Promise<UpstreamAnswer> {
  const deadline = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline
  const where = describe(url)
  const failure = (error: unknown, during: string) => {
    if (options.signal?.aborted)
      return new UpstreamError(
        'aborted',
        'The sync was stopped because the server is shutting down.',
        { cause: error },
      )
    if (deadline.aborted) {
      return new UpstreamError(
        'timeout',
        `The store (${where}) did not answer within ${formatSeconds(options.timeoutMs)}.`,
        { cause: error },
      )
    }
    const code = networkCode(error)
    return new UpstreamError(
      'unreachable',
      `The store (${where}) could not be reached${during}${code ? ` (${code})` : ''}.`,
      { cause: error },
    )
  }

  let response: Response
  try {
    response = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      signal,
      headers: { accept: 'application/json', 'user-agent': USER_AGENT },
    })
  } catch (error) {
    throw failure(error, '')
  }

  if (response.status >= 300 && response.status < 400) {
    await discard(response)
    const location = response.headers.get('location')
    throw new UpstreamError(
      'redirect',
      `The store (${where}) answered with a redirect (HTTP ${response.status}${location ? ` to ${describe(location, url)}` : ''}), which is not followed. Check STORE_URL.`,
    )
  }
  if (!response.ok) {
    await discard(response)
    const text = STATUS_CODES[response.status]
    throw new UpstreamError(
      'status',
      `The store (${where}) answered HTTP ${response.status}${text ? ` ${text}` : ''}.`,
    )
  }

  const tooLarge = () =>
    new UpstreamError(
      'too-large',
      `The store's answer (${where}) is larger than ${formatBytes(options.maxBytes)}, the most the sync accepts.`,
    )
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await discard(response)
    throw tooLarge()
  }

  const chunks: Uint8Array[] = []
  let size = 0
  if (response.body) {
    const reader = response.body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        size += value.byteLength
        if (size > options.maxBytes) {
          await reader.cancel().catch(() => {})
          throw tooLarge()
        }
        chunks.push(value)
      }
    } catch (error) {
      if (error instanceof UpstreamError) throw error
      throw failure(error, ' (the answer broke off)')
    }
  }

  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(
      Buffer.concat(chunks, size),
    )
  } catch (error) {
    throw new UpstreamError('malformed', `The store's answer (${where}) is not UTF-8 text.`, {
      cause: error,
    })
  }
  checkJsonShape(text, where)
  try {
    return { url: response.url || url, headers: response.headers, body: JSON.parse(text) }
  } catch (error) {
    throw new UpstreamError('malformed', `The store's answer (${where}) is not valid JSON.`, {
      cause: error,
    })
  }
}

/**
 * Limits on what one answer may hold, checked before JSON.parse builds it. Five megabytes of
 * "{}," are 1.7 million objects: parsed, they take about 200 MB and 175 ms, where a real page
 * of 250 products holds a few tens of thousands of objects and a few hundred thousand values.
 */
export const MAX_JSON_CONTAINERS = 250_000
export const MAX_JSON_VALUES = 1_000_000
export const MAX_JSON_DEPTH = 64

/**
 * Counts the objects, lists and values of a JSON text without building them (a look at each
 * character, skipping strings whole) and throws when there are more than the limits allow.
 * Malformed text passes: JSON.parse reports it.
 */
export function checkJsonShape(text: string, where: string): void {
  let containers = 0
  let commas = 0
  let depth = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 0x22 /* " */) {
      // The closing quote is the next one not escaped by an odd number of backslashes.
      let end = index
      for (;;) {
        end = text.indexOf('"', end + 1)
        if (end === -1) return
        let backslashes = 0
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++
        if (backslashes % 2 === 0) break
      }
      index = end
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (++containers > MAX_JSON_CONTAINERS)
        throw tooComplex(where, `more than ${MAX_JSON_CONTAINERS} objects and lists`)
      if (++depth > MAX_JSON_DEPTH)
        throw tooComplex(where, `objects and lists nested more than ${MAX_JSON_DEPTH} deep`)
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) depth--
    else if (code === 0x2c /* , */ && ++commas >= MAX_JSON_VALUES)
      throw tooComplex(where, `more than ${MAX_JSON_VALUES} values`)
  }
}

function tooComplex(where: string, what: string): UpstreamError {
  return new UpstreamError(
    'too-large',
    `The store's answer (${where}) holds ${what}, far more than a page of products; it is not read.`,
  )
}

async function discard(response: Response) {
  await response.body?.cancel().catch(() => {})
}

/** Origin and path only: a query string may carry tokens, and logs and messages must not. */
function describe(url: string, base?: string): string {
  try {
    const parsed = new URL(url, base)
    return `${parsed.origin}${parsed.pathname}`
  } catch {
    return 'an invalid address'
  }
}

function networkCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} second${seconds === 1 ? '' : 's'}`
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${bytes} bytes`
}
