/**
 * Restoring a revision is the history route's action: it posts the revision over the version the
 * page was read at, and a refusal because someone published since says who, and what to do.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { action } from './history.tsx'

afterEach(() => vi.unstubAllGlobals())

const restore = (fields: Record<string, string>) =>
  action({
    params: { id: 'a1' },
    request: new Request('http://localhost/articles/a1/history', {
      method: 'POST',
      body: new URLSearchParams(fields),
    }),
  })

describe('restoring a revision (the route’s action)', () => {
  it('posts the revision over the version the page was read at', async () => {
    const fetch = vi.fn(async () => Response.json({}))
    vi.stubGlobal('fetch', fetch)
    expect(await restore({ revision: 'r2', version: '7' })).toEqual({ ok: true })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/admin/api/articles/a1/revisions/r2/restore')
    expect(JSON.parse(String(init.body))).toEqual({ baseVersion: 7 })
  })

  it('says who published since, and to reload', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            message: 'Changed since.',
            conflict: {
              key: 'article:a1',
              currentVersion: 8,
              updatedAt: '2026-11-27T15:00:00.000Z',
              updatedBy: { id: 's1', label: 'Mara Quill' },
            },
          },
          { status: 409 },
        ),
      ),
    )
    const result = await restore({ revision: 'r2', version: '7' })
    expect(result).toMatchObject({ ok: false })
    expect(result.ok || result.message).toMatch(
      /^Mara Quill changed this at .+, after you opened it\. Reload this page to see their change, then choose again\.$/,
    )
  })
})
