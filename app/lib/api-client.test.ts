import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REQUEST_TIMEOUT_MS } from '#app/config.ts'
import { ApiError, apiBaseUrl, createApiClient } from './api-client.ts'

type FetchArgs = [input: string, init: RequestInit]

function json(body: unknown, status = 200, type = 'application/json; charset=utf-8') {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': type },
  })
}

/** A fetch that never answers but, like the real one, rejects when its signal aborts. */
function hangingFetch() {
  return vi.fn((_input: string, init: RequestInit) => {
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      )
    })
  })
}

function clientWith(answer: Response | (() => Promise<Response>)) {
  const fetch = vi.fn(async (..._args: FetchArgs) =>
    typeof answer === 'function' ? answer() : answer,
  )
  return { fetch, client: createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }) }
}

async function rejectionOf(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error as Error,
  )
}

describe('apiBaseUrl', () => {
  it('is the host plus /api, the same origin by default', () => {
    expect(apiBaseUrl()).toBe('/api')
    expect(apiBaseUrl('https://api.example.org/')).toBe('https://api.example.org/api')
  })
})

describe('createApiClient', () => {
  it('GETs base + path with a JSON content type, no body and no authentication header', async () => {
    const { fetch, client } = clientWith(json({ data: [] }))
    expect(await client.get('/core/sample/courses/')).toEqual({ data: [] })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('/api/core/sample/courses/')
    expect(init.method).toBe('GET')
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' })
    expect(init.body).toBeUndefined()
  })

  it('sends a JSON body with non-GET calls that have one, and none with those that do not', async () => {
    const { fetch, client } = clientWith(() => Promise.resolve(json({ ok: true })))
    await client.post('/contact/', { name: 'Ada' })
    await client.post('/core/sample/courses/')
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{"name":"Ada"}' })
    expect(fetch.mock.calls[1]![1].body).toBeUndefined()
    expect(fetch.mock.calls[1]![1].headers).toEqual({ 'Content-Type': 'application/json' })
  })

  it('reads the answer as JSON only when its content type says so', async () => {
    expect(await clientWith(json('plain words', 200, 'text/plain')).client.get('/x')).toBe(
      'plain words',
    )
    expect(await clientWith(json('{"a":1}', 200, 'text/plain')).client.get('/x')).toBe('{"a":1}')
    expect(
      await clientWith(json({ a: 1 }, 200, 'application/problem+json')).client.get('/x'),
    ).toEqual({ a: 1 })
    // Declared JSON that does not parse comes back as the text it is.
    expect(await clientWith(json('{broken', 200)).client.get('/x')).toBe('{broken')
  })

  it.each([
    [
      'the answer message first',
      { message: 'Store is down', error: 'Bad Gateway' },
      'Store is down',
    ],
    ['then its error', { error: 'Bad Gateway' }, 'Bad Gateway'],
    [
      'then its error, when the message is empty',
      { message: '  ', error: 'Bad Gateway' },
      'Bad Gateway',
    ],
    ['then the status', { detail: 'nothing useful' }, 'HTTP error! status: 502'],
    ['then the status, for a text answer', 'upstream connect error', 'HTTP error! status: 502'],
  ])('rejects a failed request with %s', async (_name, body, message) => {
    const type = typeof body === 'string' ? 'text/html' : 'application/json'
    const error = await rejectionOf(clientWith(json(body, 502, type)).client.get('/x'))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe(message)
    expect((error as ApiError).status).toBe(502)
    expect((error as ApiError).data).toEqual(body)
  })

  it('passes network failures on as they are', async () => {
    const error = await rejectionOf(
      clientWith(() => Promise.reject(new TypeError('Failed to fetch'))).client.get('/x'),
    )
    expect(error).toBeInstanceOf(TypeError)
    expect(error.message).toBe('Failed to fetch')
  })

  describe('timeout', () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    it('gives up after 30 000 ms with "Request timeout"', async () => {
      expect(REQUEST_TIMEOUT_MS).toBe(30_000)
      const fetch = hangingFetch()
      const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch })
      let settled = false
      const result = rejectionOf(client.get('/slow')).finally(() => (settled = true))
      await vi.advanceTimersByTimeAsync(29_999)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      const error = await result
      expect(error).toBeInstanceOf(ApiError)
      expect(error.message).toBe('Request timeout')
      expect((fetch.mock.calls[0]![1].signal as AbortSignal).aborted).toBe(true)
    })

    it('counts the time spent reading the body too', async () => {
      const fetch = vi.fn(async (_input: string, init: RequestInit) => {
        const body = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data": ['))
            init.signal?.addEventListener('abort', () =>
              controller.error(new DOMException('aborted', 'AbortError')),
            )
          },
        })
        return new Response(body, { headers: { 'content-type': 'application/json' } })
      })
      const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch })
      const result = rejectionOf(client.get('/drip'))
      await vi.advanceTimersByTimeAsync(30_000)
      expect((await result).message).toBe('Request timeout')
    })

    it('clears its timer when the answer arrives', async () => {
      const { client } = clientWith(json({ ok: true }))
      await client.get('/fast')
      expect(vi.getTimerCount()).toBe(0)
    })

    it('reports a cancel by the caller as an abort, not a timeout', async () => {
      const controller = new AbortController()
      const client = createApiClient({
        fetch: hangingFetch() as unknown as typeof globalThis.fetch,
      })
      const result = rejectionOf(client.get('/slow', { signal: controller.signal }))
      controller.abort()
      const error = await result
      expect(error.name).toBe('AbortError')
      expect(vi.getTimerCount()).toBe(0)
    })
  })
})
