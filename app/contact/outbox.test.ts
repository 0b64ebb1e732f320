// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  addToOutbox,
  flushOutbox,
  OUTBOX_KEY,
  readOutbox,
  removeFromOutbox,
  startOutboxSync,
} from './outbox.ts'
import type { SendOutcome } from './send-form.ts'

const entry = (id: string, body: Record<string, unknown> = { name: id }) => ({
  id,
  endpoint: '/api/contact/',
  body,
})

describe('the form outbox', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => vi.restoreAllMocks())

  it('keeps submissions in localStorage, oldest first, one per id', () => {
    const t = Date.now()
    addToOutbox(entry('a'), t - 3000)
    addToOutbox(entry('b'), t - 2000)
    addToOutbox(entry('a', { name: 'a, edited' }), t - 1000)
    expect(readOutbox().map((e) => [e.id, e.body.name])).toEqual([
      ['b', 'b'],
      ['a', 'a, edited'],
    ])
    removeFromOutbox('b')
    expect(readOutbox().map((e) => e.id)).toEqual(['a'])
    removeFromOutbox('a')
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
  })

  it('drops submissions older than 30 days and ignores damaged storage', () => {
    addToOutbox(entry('old'), 0)
    expect(readOutbox(31 * 24 * 3600 * 1000)).toEqual([])
    localStorage.setItem(OUTBOX_KEY, '{not json')
    expect(readOutbox()).toEqual([])
    localStorage.setItem(
      OUTBOX_KEY,
      JSON.stringify([
        { id: 1 },
        { ...entry('ok'), queuedAt: Date.now() },
        { ...entry('x'), endpoint: 'https://evil.example/', queuedAt: Date.now() },
      ]),
    )
    expect(readOutbox().map((e) => e.id)).toEqual(['ok'])
  })

  it('sends in order, removes what the server stored or refused for good, and stops at the first that must wait', async () => {
    for (const id of ['a', 'b', 'c', 'd']) addToOutbox(entry(id))
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
    await flushOutbox(send)
    expect(send.mock.calls.map(([endpoint, body]) => [endpoint, body.name])).toEqual([
      ['/api/contact/', 'a'],
      ['/api/contact/', 'b'],
      ['/api/contact/', 'c'],
    ])
    expect(readOutbox().map((e) => e.id)).toEqual(['c', 'd'])
  })

  it('runs one flush at a time', async () => {
    addToOutbox(entry('a'))
    let release!: () => void
    const send = vi.fn(
      () =>
        new Promise<SendOutcome>(
          (resolve) => (release = () => resolve({ kind: 'accepted', body: {} })),
        ),
    )
    const first = flushOutbox(send)
    const second = flushOutbox(send)
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
    const stop = startOutboxSync()
    addToOutbox(entry('later'))
    expect(fetch).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(readOutbox()).toEqual([]))
    expect(fetch).toHaveBeenCalledTimes(1)
    stop()
    addToOutbox(entry('after-stop'))
    window.dispatchEvent(new Event('online'))
    // A flush the event had started would be the one in flight now: wait for it to end.
    await flushOutbox(async (): Promise<SendOutcome> => ({ kind: 'retry' }))
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(readOutbox()).toHaveLength(1)
  })

  it('sends what is waiting as soon as a page starts the sync (the next visit)', async () => {
    addToOutbox(entry('from-last-visit'))
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{"ok":true}', {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    )
    const stop = startOutboxSync()
    await vi.waitFor(() => expect(readOutbox()).toEqual([]))
    expect(JSON.parse(String((fetch.mock.calls[0]![1] as RequestInit).body))).toEqual({
      name: 'from-last-visit',
    })
    stop()
  })
})
