import { describe, expect, it, vi } from 'vitest'
import { sendForm } from './send-form.ts'
import { newSubmissionId } from './submission.ts'

const reply = (status: number, body?: unknown, type = 'application/json') =>
  vi.fn(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': type },
      }),
  )

describe('sendForm', () => {
  it('posts JSON to the endpoint', async () => {
    const fetch = reply(201, { ok: true })
    await sendForm('/api/contact/', { name: 'A' }, { fetch })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/contact/')
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('content-type')).toBe('application/json')
    expect(JSON.parse(String(init.body))).toEqual({ name: 'A' })
  })

  it.each([
    [201, { ok: true }, { kind: 'accepted', body: { ok: true } }],
    [
      400,
      { error: 'Bad Request', message: 'x', fields: { email: 'Bad address' } },
      { kind: 'invalid', fields: { email: 'Bad address' } },
    ],
    [400, 'not the usual body', { kind: 'invalid', fields: {} }],
    [429, { error: 'Too Many Requests', message: 'later' }, { kind: 'retry', status: 429 }],
    [500, { error: 'Internal Server Error', message: 'x' }, { kind: 'retry', status: 500 }],
    [503, undefined, { kind: 'retry', status: 503 }],
    [413, { error: 'Payload Too Large', message: 'x' }, { kind: 'rejected', status: 413 }],
    [415, { error: 'Unsupported Media Type', message: 'x' }, { kind: 'rejected', status: 415 }],
  ])('sorts HTTP %i', async (status, body, outcome) => {
    expect(await sendForm('/api/contact/', {}, { fetch: reply(status, body) })).toEqual(outcome)
  })

  it('keeps the submission for later when the network fails', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await sendForm('/api/contact/', {}, { fetch })).toEqual({ kind: 'retry' })
  })

  it('gives up waiting after the timeout', async () => {
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
        ),
    )
    expect(await sendForm('/api/contact/', {}, { fetch, timeoutMs: 20 })).toEqual({ kind: 'retry' })
  })
})

describe('newSubmissionId', () => {
  it('makes version-4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    expect(newSubmissionId()).toMatch(uuid)
    // Shadow the prototype's method, as on an insecure origin.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      const ids = new Set(Array.from({ length: 50 }, newSubmissionId))
      expect(ids.size).toBe(50)
      for (const id of ids) expect(id).toMatch(uuid)
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID
    }
    expect(typeof crypto.randomUUID).toBe('function')
  })
})
