// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  addToResendQueue,
  flushResendQueue,
  RESEND_QUEUE_KEY,
  readResendQueue,
  removeFromResendQueue,
  startResendQueueSync,
} from './resend-queue.ts'
import type { SendOutcome } from './send-form.ts'

const entry = (id: string, body: Record<string, unknown> = { name: id }) => ({
  id,
  endpoint: '/api/contact/',
  body,
})

describe('the resend queue', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => vi.restoreAllMocks())

  it('keeps submissions in localStorage, oldest first, one per id', () => {
    const t = Date.now()
    addToResendQueue(entry('a'), t - 3000)
    addToResendQueue(entry('b'), t - 2000)
    addToResendQueue(entry('a', { name: 'a, edited' }), t - 1000)
    expect(readResendQueue().map((e) => [e.id, e.body.name])).toEqual([
      ['b', 'b'],
      ['a', 'a, edited'],
    ])
    removeFromResendQueue('b')
    expect(readResendQueue().map((e) => e.id)).toEqual(['a'])
    removeFromResendQueue('a')
    expect(localStorage.getItem(RESEND_QUEUE_KEY)).toBeNull()
  })

  it('drops submissions older than 30 days and ignores damaged storage', () => {
    addToResendQueue(entry('old'), 0)
    expect(readResendQueue(31 * 24 * 3600 * 1000)).toEqual([])
    localStorage.setItem(RESEND_QUEUE_KEY, '{not json')
    expect(readResendQueue()).toEqual([])
    localStorage.setItem(
      RESEND_QUEUE_KEY,
      JSON.stringify([
        { id: 1 },
        { ...entry('ok'), queuedAt: Date.now() },
        { ...entry('x'), endpoint: 'https://evil.example/', queuedAt: Date.now() },
      ]),
    )
    expect(readResendQueue().map((e) => e.id)).toEqual(['ok'])
  })

  it('sends in order, removes what the server stored or refused for good, and stops at the first that must wait', async () => {
    for (const id of ['a', 'b', 'c', 'd']) addToResendQueue(entry(id))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const outcomes: Record<string, SendOutcome> = {
      a: { kind: 'accepted', body: { ok: true } },
      b: { kind: 'invalid', fields: { email: 'bad' } },
      c: { kind: 'retry', status: 503 },
      d: { kind: 'accepted', body: { ok: true } },
    }
    const send = vi.fn(
      async (_endpoint: string, body: Record<string, unknown>) => outcomes[String(body.name)]!,
    )
    await flushResendQueue(send)
    expect(send.mock.calls.map(([endpoint, body]) => [endpoint, body.name])).toEqual([
      ['/api/contact/', 'a'],
      ['/api/contact/', 'b'],
      ['/api/contact/', 'c'],
    ])
    expect(readResendQueue().map((e) => e.id)).toEqual(['c', 'd'])
  })

  it('runs one flush at a time', async () => {
    addToResendQueue(entry('a'))
    let release!: () => void
    const send = vi.fn(
      () =>
        new Promise<SendOutcome>(
          (resolve) => (release = () => resolve({ kind: 'accepted', body: {} })),
        ),
    )
    const first = flushResendQueue(send)
    const second = flushResendQueue(send)
    expect(second).toBe(first)
    release()
    await first
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('sends again when the browser comes back online', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{"ok":true}', {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    )
    const stop = startResendQueueSync()
    addToResendQueue(entry('later'))
    expect(fetch).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(readResendQueue()).toEqual([]))
    expect(fetch).toHaveBeenCalledTimes(1)
    stop()
    addToResendQueue(entry('after-stop'))
    window.dispatchEvent(new Event('online'))
    // A flush the event had started would be the one in flight now: wait for it to end.
    await flushResendQueue(async (): Promise<SendOutcome> => ({ kind: 'retry' }))
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(readResendQueue()).toHaveLength(1)
  })

  it('sends what is waiting as soon as a page starts the sync (the next visit)', async () => {
    addToResendQueue(entry('from-last-visit'))
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{"ok":true}', {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    )
    const stop = startResendQueueSync()
    await vi.waitFor(() => expect(readResendQueue()).toEqual([]))
    expect(JSON.parse(String((fetch.mock.calls[0]![1] as RequestInit).body))).toEqual({
      name: 'from-last-visit',
    })
    stop()
  })
})
