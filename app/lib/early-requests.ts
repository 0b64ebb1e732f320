/**
 * Requests a page starts with its HTML, before its scripts have loaded (the Courses page's list:
 * its route's `handle` names it). The boot script (app/document/boot.ts) starts each one in
 * <head> as the API client would make it: with the default JSON content type (docs/requirements.md#api),
 * and with the 30 s timeout counted from that moment. The API client's first GET of the same
 * URL takes the request over (takeEarlyRequest) instead of starting another: whatever the page
 * was doing meanwhile, "Request timeout" comes 30 s after the request started. (A `<link
 * rel=preload>` could do neither: it sends no such header, and the client's timer would start
 * only when the island's script ran.) No module import here: the boot script bundles this file.
 */

/** The headers of every call to the site's API (docs/requirements.md#api). */
export const API_DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
}

/** What a route's `handle` may say: GET requests to start with the page (absolute paths). */
export interface EarlyRequestsHandle {
  earlyRequests?: readonly string[]
}

/** The boot data's part: the URLs, and the API's timeout. */
export interface EarlyRequestsData {
  urls: string[]
  timeoutMs: number
}

/** The answer of an early request, read to its end (or its failure). */
export interface EarlyAnswer {
  status: number
  headers: Headers
  text: string
}

export interface EarlyRequest {
  /** Settles when the answer has been read, or rejects (network error, timeout, abort). */
  answer: Promise<EarlyAnswer>
  /** Whether it rejected because its timeout passed. */
  timedOut(): boolean
  /** Stops it (the page no longer wants the answer). */
  abort(): void
}

const REGISTRY = '__docucommonsEarlyRequests'

type EarlyWindow = Pick<Window, 'fetch' | 'setTimeout' | 'clearTimeout'> & {
  [REGISTRY]?: Map<string, EarlyRequest>
}

/** Starts each request now: the boot script's part. */
export function startEarlyRequests(win: EarlyWindow, data: EarlyRequestsData | undefined) {
  if (!data || data.urls.length === 0) return
  const registry = (win[REGISTRY] ??= new Map())
  for (const url of data.urls) {
    if (registry.has(url)) continue
    const controller = new AbortController()
    let timedOut = false
    const timer = win.setTimeout(() => {
      timedOut = true
      controller.abort()
    }, data.timeoutMs)
    const answer = win
      .fetch(url, { method: 'GET', headers: { ...API_DEFAULT_HEADERS }, signal: controller.signal })
      .then(async (response) => ({
        status: response.status,
        headers: response.headers,
        text: await response.text(),
      }))
      .finally(() => win.clearTimeout(timer))
    // Nobody may ever take it over (the island fails to load): no unhandled rejection then.
    answer.catch(() => {})
    registry.set(url, { answer, timedOut: () => timedOut, abort: () => controller.abort() })
  }
}

/** The early request of this URL, once: the API client's first GET of it takes it over. */
export function takeEarlyRequest(
  url: string,
  win: EarlyWindow | undefined = typeof window === 'undefined' ? undefined : window,
): EarlyRequest | undefined {
  const registry = win?.[REGISTRY]
  const request = registry?.get(url)
  if (request) registry!.delete(url)
  return request
}
