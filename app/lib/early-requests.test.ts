/**
 * Issue 25, point 11 (docs/requirements.md#api, #constants): the Courses page's first list
 * request starts with the HTML, carries the default JSON content type like every call, and its
 * 30 s timeout runs from when it started, whatever the page was doing before its island took it
 * over.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REQUEST_TIMEOUT_MS } from '#app/config.ts'
import { COURSE_LIST_URL } from '#app/courses/course-service.ts'
import { createApiClient } from './api-client.ts'
import { startEarlyRequests, takeEarlyRequest } from './early-requests.ts'

const LIST_PATH = COURSE_LIST_URL.replace(/^\/api/, '')

/** A window whose fetch records each call; `answer` decides what it does. */
function fakeWindow(answer: (init: RequestInit) => Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = []
  const win = {
    fetch: vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init })
      return answer(init)
    }),
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
  } as unknown as Window
  return { win, calls }
}

/** Never answers; rejects when aborted, as the real fetch does. */
const hanging = (init: RequestInit) =>
  new Promise<Response>((_resolve, reject) =>
    init.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    ),
  )

describe('the Courses page’s early list request', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('is started with the JSON content type', () => {
    const { win, calls } = fakeWindow(hanging)
    startEarlyRequests(win, { urls: [COURSE_LIST_URL], timeoutMs: REQUEST_TIMEOUT_MS })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe(COURSE_LIST_URL)
    expect(calls[0]!.init.method).toBe('GET')
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('application/json')
  })

  it('times out 30 s after it started, though the island took it over 20 s later', async () => {
    const { win, calls } = fakeWindow(hanging)
    startEarlyRequests(win, { urls: [COURSE_LIST_URL], timeoutMs: REQUEST_TIMEOUT_MS })
    // The page is busy: loading, painting, hydrating.
    await vi.advanceTimersByTimeAsync(20_000)
    const client = createApiClient({
      fetch: win.fetch,
      takeEarlyRequest: (url) => takeEarlyRequest(url, win),
    })
    let outcome: unknown
    const list = client.get(LIST_PATH).then(
      () => (outcome = 'answered'),
      (error: Error) => (outcome = error.message),
    )
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 20_000 - 1)
    expect(outcome).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    await list
    expect(outcome).toBe('Request timeout')
    // The island did not send a request of its own.
    expect(calls).toHaveLength(1)
  })

  it('gives the island the answer that came meanwhile; later calls are requests of their own', async () => {
    const { win, calls } = fakeWindow(
      async () =>
        new Response(JSON.stringify({ data: [], count: 0 }), {
          headers: { 'content-type': 'application/json' },
        }),
    )
    startEarlyRequests(win, { urls: [COURSE_LIST_URL], timeoutMs: REQUEST_TIMEOUT_MS })
    await vi.advanceTimersByTimeAsync(45_000)
    const client = createApiClient({
      fetch: win.fetch,
      takeEarlyRequest: (url) => takeEarlyRequest(url, win),
    })
    await expect(client.get(LIST_PATH)).resolves.toEqual({ data: [], count: 0 })
    expect(calls).toHaveLength(1)
    await expect(client.get(LIST_PATH)).resolves.toEqual({ data: [], count: 0 })
    expect(calls).toHaveLength(2)
    expect(new Headers(calls[1]!.init.headers).get('content-type')).toBe('application/json')
  })

  it('says what the API said when the early answer is an error', async () => {
    const { win } = fakeWindow(
      async () =>
        new Response(
          JSON.stringify({ error: 'Bad Gateway', message: 'The store did not answer.' }),
          {
            status: 502,
            headers: { 'content-type': 'application/json' },
          },
        ),
    )
    startEarlyRequests(win, { urls: [COURSE_LIST_URL], timeoutMs: REQUEST_TIMEOUT_MS })
    const client = createApiClient({ takeEarlyRequest: (url) => takeEarlyRequest(url, win) })
    await expect(client.get(LIST_PATH)).rejects.toThrow('The store did not answer.')
  })
})
