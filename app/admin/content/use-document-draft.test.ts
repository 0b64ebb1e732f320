// @vitest-environment happy-dom
/**
 * The draft of a document being edited, against a fake back office (fetch): saved a moment after
 * the last change (the clock is moved, never waited for), the refused second save kept as a
 * conflict until the writer chooses, a refused draft's messages by field, and the writer's copy
 * kept in the browser until the server has it, offered back on the next visit.
 */
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DocumentAnswer } from '#common/content-admin.ts'
import { objectFields } from '#common/content/article-draft.ts'
import { AUTOSAVE_MS, useDocumentDraft } from './use-document-draft.ts'

type Data = { heading: string }

/** The editor's reading of the data: a heading, empty when there is none. */
const readData = (data: unknown): Data => {
  const heading = objectFields(data)['heading']
  return { heading: typeof heading === 'string' ? heading : '' }
}

function answer(version: number, heading: unknown, draft = false): DocumentAnswer {
  const content = { data: heading === undefined ? {} : { heading }, body: null }
  return {
    ref: { kind: 'page', name: 'home' },
    key: 'page/home',
    kind: 'page',
    label: 'Home',
    slug: null,
    status: 'published',
    publishAt: null,
    version,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: `2026-01-01T00:00:0${version}.000Z`,
    updatedBy: null,
    url: '/',
    previewUrl: '/admin/preview/pages/home',
    published: { ...content, revisionId: 'r1', number: 1 },
    draft: draft ? content : null,
    problems: [],
    revisions: [],
    formerSlugs: [],
    pictures: {},
    contentVersion: 1,
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let server: { version: number; sent: unknown[]; next?: (body: { baseVersion: number }) => Response }

beforeEach(() => {
  vi.useFakeTimers()
  localStorage.clear()
  server = { version: 1, sent: [] }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body
        ? (JSON.parse(String(init.body)) as { baseVersion: number; data: Data })
        : undefined
      if (url.endsWith('/pages/home/draft') && body) {
        server.sent.push(body)
        if (server.next) return server.next(body)
        server.version++
        return json(200, answer(server.version, body.data.heading, true))
      }
      if (url.endsWith('/pages/home')) return json(200, answer(server.version, 'Theirs', true))
      return json(404, { error: 'not_found', message: 'No such thing.' })
    }),
  )
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Lets the fake fetch's promises settle (its answers are already there). */
const settle = () => act(async () => {})

describe('a document being edited', () => {
  it('saves a moment after the last change, once, and says when', async () => {
    const { result } = renderHook(() => useDocumentDraft(answer(1, 'Ours'), readData))
    act(() => result.current.setData(() => ({ heading: 'O' })))
    act(() => vi.advanceTimersByTime(AUTOSAVE_MS / 2))
    act(() => result.current.setData(() => ({ heading: 'Ou' })))
    expect(result.current.state.kind).toBe('pending')
    expect(result.current.dirty).toBe(true)
    act(() => vi.advanceTimersByTime(AUTOSAVE_MS / 2))
    expect(server.sent).toEqual([])
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_MS))
    await settle()
    expect(server.sent).toEqual([{ baseVersion: 1, data: { heading: 'Ou' } }])
    expect(result.current.state).toEqual({ kind: 'saved', at: '2026-01-01T00:00:02.000Z' })
    expect(result.current.answer.version).toBe(2)
    expect(result.current.dirty).toBe(false)
  })

  it('does not save again what the server keeps normalised (a trimmed field)', async () => {
    server.next = (body) => {
      server.version++
      return json(
        200,
        answer(server.version, (body as unknown as { data: Data }).data.heading.trim(), true),
      )
    }
    const { result } = renderHook(() => useDocumentDraft(answer(1, 'Ours'), readData))
    act(() => result.current.setData(() => ({ heading: 'Ours ' })))
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_MS))
    await settle()
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_MS * 5))
    expect(server.sent).toHaveLength(1)
    expect(result.current.dirty).toBe(false)
  })

  it('meets a refused second save as a conflict: nothing more is sent until the writer chooses', async () => {
    server.next = () =>
      json(409, {
        error: 'conflict',
        message: 'Ada Brooks changed this at 3:04 PM.',
        conflict: {
          key: 'page/home',
          currentVersion: 5,
          updatedBy: { id: 'a', label: 'Ada Brooks' },
          updatedAt: '2026-01-01T15:04:00.000Z',
        },
      })
    const { result } = renderHook(() => useDocumentDraft(answer(1, 'Ours'), readData))
    act(() => result.current.setData(() => ({ heading: 'Mine' })))
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_MS))
    await settle()
    expect(result.current.state).toMatchObject({
      kind: 'conflict',
      conflict: { updatedBy: { label: 'Ada Brooks' }, currentVersion: 5 },
    })
    act(() => result.current.setData(() => ({ heading: 'Mine, more' })))
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_MS * 3))
    expect(server.sent).toHaveLength(1)

    // Saving over theirs is a choice, made with the version they left.
    server.next = undefined
    server.version = 5
    await act(async () => result.current.saveOverTheirs())
    expect(server.sent.at(-1)).toEqual({ baseVersion: 5, data: { heading: 'Mine, more' } })
    expect(result.current.state.kind).toBe('saved')
  })

  it('loads their version when the writer chooses it', async () => {
    server.next = () =>
      json(409, {
        error: 'conflict',
        message: 'Changed.',
        conflict: {
          key: 'page/home',
          currentVersion: 3,
          updatedBy: null,
          updatedAt: '2026-01-01T00:00:00Z',
        },
      })
    const { result } = renderHook(() => useDocumentDraft(answer(1, 'Ours'), readData))
    act(() => result.current.setData(() => ({ heading: 'Mine' })))
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_MS))
    await settle()
    server.version = 3
    await act(async () => result.current.reloadTheirs())
    expect(result.current.working.data).toEqual({ heading: 'Theirs' })
    expect(result.current.dirty).toBe(false)
    expect(result.current.state.kind).toBe('saved')
  })

  it('shows a refused draft’s messages by field, and tries again at the next change', async () => {
    server.next = () =>
      json(400, {
        error: 'invalid_content',
        message: 'Nothing was saved: raw HTML is not allowed.',
        fields: { heading: 'must not contain HTML' },
        problems: [{ source: 'page/home', field: 'heading', message: 'must not contain HTML' }],
      })
    const { result } = renderHook(() => useDocumentDraft(answer(1, 'Ours'), readData))
    act(() => result.current.setData(() => ({ heading: '<b>' })))
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_MS))
    await settle()
    expect(result.current.state).toEqual({
      kind: 'invalid',
      message: 'Nothing was saved: raw HTML is not allowed.',
    })
    expect(result.current.fieldErrors).toEqual({ heading: 'must not contain HTML' })
    server.next = undefined
    act(() => result.current.setData(() => ({ heading: 'Bold' })))
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_MS))
    await settle()
    expect(result.current.state.kind).toBe('saved')
    expect(result.current.fieldErrors).toEqual({})
  })

  it('keeps the writer’s copy in the browser until the server has it, and offers it back', async () => {
    server.next = () => json(503, { error: 'unavailable', message: 'The database did not answer.' })
    const first = renderHook(() => useDocumentDraft(answer(1, 'Ours'), readData))
    act(() => first.result.current.setData(() => ({ heading: 'Unsaved words' })))
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_MS))
    await settle()
    expect(first.result.current.state).toEqual({
      kind: 'failed',
      message: 'The database did not answer.',
    })
    first.unmount()

    // The next visit: the server still has the old version; the copy is offered.
    const second = renderHook(() => useDocumentDraft(answer(1, 'Ours'), readData))
    expect(second.result.current.recovered?.data).toEqual({ heading: 'Unsaved words' })
    act(() => second.result.current.restoreRecovered())
    expect(second.result.current.working.data).toEqual({ heading: 'Unsaved words' })
    expect(second.result.current.dirty).toBe(true)

    // Once saved, nothing is kept.
    server.next = undefined
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_MS))
    await settle()
    second.unmount()
    const third = renderHook(() =>
      useDocumentDraft(answer(server.version, 'Unsaved words', true), readData),
    )
    expect(third.result.current.recovered).toBeUndefined()
  })
})

describe('what the editor reads', () => {
  it('reads the server’s data as the editor holds it: a field not written yet is empty', () => {
    const { result } = renderHook(() => useDocumentDraft(answer(1, undefined), readData))
    expect(result.current.working.data).toEqual({ heading: '' })
    expect(result.current.dirty).toBe(false)
  })

  it('offers back only what it kept itself: anything else in the browser’s storage is ignored', () => {
    for (const kept of [
      'not JSON',
      JSON.stringify(['Unsaved words']),
      JSON.stringify({ data: { heading: 'Unsaved words' }, body: null }),
      JSON.stringify({ version: '1', at: 'now', data: { heading: 'Unsaved words' } }),
    ]) {
      localStorage.setItem('docucommons:unsaved:page/home', kept)
      const { result, unmount } = renderHook(() => useDocumentDraft(answer(1, 'Ours'), readData))
      expect(result.current.recovered, kept).toBeUndefined()
      unmount()
    }
    const kept = { version: 1, at: 'now', data: { heading: 7 }, body: null }
    localStorage.setItem('docucommons:unsaved:page/home', JSON.stringify(kept))
    const { result } = renderHook(() => useDocumentDraft(answer(1, 'Ours'), readData))
    expect(result.current.recovered?.data).toEqual({ heading: '' })
  })
})
