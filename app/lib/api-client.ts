/**
 * The site's one HTTP client for its API (docs/requirements.md#api): base address host + "/api", a JSON
 * content type on every request, a JSON body on non-GET calls, answers read as JSON when their
 * content type says so and as text otherwise, no authentication header, and a 30 s timeout.
 * A failed request throws an ApiError whose message is the answer's message, else its error,
 * else "HTTP error! status: {code}" (docs/requirements.md#errors).
 */
import { REQUEST_TIMEOUT_MS } from '#app/config.ts'
import { API_DEFAULT_HEADERS, takeEarlyRequest, type EarlyRequest } from './early-requests.ts'

export const TIMEOUT_MESSAGE = 'Request timeout'

/**
 * The API host per environment. The site always talks to production (docs/requirements.md#api), and an
 * empty host means the site's own origin: the one Node server answers /api next to the pages,
 * and the development server proxies /api to it.
 */
export const API_HOSTS = { development: '', staging: '', production: '' } as const
export type ApiEnvironment = keyof typeof API_HOSTS
export const API_ENVIRONMENT: ApiEnvironment = 'production'

export function apiBaseUrl(host: string = API_HOSTS[API_ENVIRONMENT]): string {
  return `${host.replace(/\/+$/, '')}/api`
}

export class ApiError extends Error {
  override name = 'ApiError'
  /** The HTTP status, or undefined when no answer arrived (timeout). */
  readonly status: number | undefined
  /** The parsed answer body, when there was one. */
  readonly data: unknown

  constructor(message: string, status?: number, data?: unknown) {
    super(message)
    this.status = status
    this.data = data
  }
}

export interface ApiClientOptions {
  baseUrl?: string
  timeoutMs?: number
  /** The fetch to use (tests). */
  fetch?: typeof fetch
  /** Where a GET finds the request the page started early (tests); early-requests.ts. */
  takeEarlyRequest?: (url: string) => EarlyRequest | undefined
}

export interface RequestOptions {
  /** Cancels the request (the caller went away); the rejection is the fetch's AbortError. */
  signal?: AbortSignal
}

export type ApiClient = ReturnType<typeof createApiClient>

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? apiBaseUrl()
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS

  async function request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    init: RequestOptions = {},
  ): Promise<T> {
    const url = `${baseUrl}${path}`
    // A GET the page started with its HTML (early-requests.ts): its answer, on its own clock.
    const early = method === 'GET' ? (options.takeEarlyRequest ?? takeEarlyRequest)(url) : undefined
    if (early) return takeOver<T>(early, init)
    const controller = new AbortController()
    let timedOut = false
    // A timer rather than AbortSignal.timeout(): the deadline then also covers reading the body,
    // and tests can drive it with fake timers.
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const cancel = () => controller.abort()
    init.signal?.addEventListener('abort', cancel, { once: true })
    try {
      const response = await (options.fetch ?? globalThis.fetch)(url, {
        method,
        headers: { ...API_DEFAULT_HEADERS },
        ...(method !== 'GET' &&
          method !== 'HEAD' &&
          body !== undefined && { body: JSON.stringify(body) }),
        signal: controller.signal,
      })
      const data = await readBody(response)
      if (!response.ok)
        throw new ApiError(failureMessage(data, response.status), response.status, data)
      return data as T
    } catch (error) {
      if (timedOut) throw new ApiError(TIMEOUT_MESSAGE)
      throw error
    } finally {
      clearTimeout(timer)
      init.signal?.removeEventListener('abort', cancel)
    }
  }

  return {
    request,
    get: <T = unknown>(path: string, init?: RequestOptions) =>
      request<T>('GET', path, undefined, init),
    post: <T = unknown>(path: string, body?: unknown, init?: RequestOptions) =>
      request<T>('POST', path, body, init),
  }
}

/**
 * The answer of a request the boot script started (early-requests.ts), read as any other: its
 * timeout ran from when it started, so a timeout is "Request timeout" here too.
 */
async function takeOver<T>(early: EarlyRequest, init: RequestOptions): Promise<T> {
  const cancel = () => early.abort()
  init.signal?.addEventListener('abort', cancel, { once: true })
  try {
    const answer = await early.answer
    const data = parseBody(answer.text, answer.headers)
    if (answer.status < 200 || answer.status > 299)
      throw new ApiError(failureMessage(data, answer.status), answer.status, data)
    return data as T
  } catch (error) {
    if (early.timedOut()) throw new ApiError(TIMEOUT_MESSAGE)
    throw error
  } finally {
    init.signal?.removeEventListener('abort', cancel)
  }
}

/** JSON when the content type says so (and it parses), otherwise the text as it came. */
async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text(), response.headers)
}

function parseBody(text: string, headers: Headers): unknown {
  const type = headers.get('content-type') ?? ''
  if (!/[/+]json\b/i.test(type) || text === '') return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function failureMessage(data: unknown, status: number): string {
  if (data && typeof data === 'object') {
    const { message, error } = data as { message?: unknown; error?: unknown }
    if (typeof message === 'string' && message.trim()) return message
    if (typeof error === 'string' && error.trim()) return error
  }
  return `HTTP error! status: ${status}`
}

/** The client for this site's own API. */
export const apiClient = createApiClient()
