// @vitest-environment happy-dom
/**
 * The episode form after an action shows what the server answered: once "Publish now" is done,
 * the episode is live, so the form offers "Unpublish" and "Publish the changes", not "Publish
 * now" again (staff once saw the toast say "Published" over a form that still offered it).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { EpisodeAnswer } from '#common/podcast-admin.ts'
import {
  episodeAction,
  episodeLoader,
  EpisodePage,
  episodeShouldRevalidate,
  newEpisodeLoader,
} from './episode.tsx'
import { cleanUpAfterEach, renderRoute, WAIT } from './render-route.tsx'

/** A generous deadline: the machine may be busy. */

cleanUpAfterEach()

const draft: EpisodeAnswer = {
  id: 'e7',
  key: 'episode e7',
  status: 'draft',
  publishAt: null,
  everPublished: false,
  hasDraft: true,
  guid: 'guid-e7',
  version: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: null,
  url: null,
  fields: {
    slug: 'a-tone',
    title: 'A Tone',
    number: 7,
    publishedAt: '2026-11-20T12:00:00.000Z',
    summary: 'Two seconds of a tone.',
    notes: 'Notes.',
    audio: {
      sha256: 'a'.repeat(64),
      size: 40_000,
      mime: 'audio/mp4',
      duration: 2,
      url: '/media/u/a.m4a',
    },
    transcript: 'Imani Brooks: A tone.',
    chapters: [],
  },
  problems: [],
  contentVersion: 10,
}

const published: EpisodeAnswer = {
  ...draft,
  status: 'published',
  everPublished: true,
  hasDraft: false,
  version: 4,
  url: '/listen/a-tone',
  contentVersion: 11,
}

/** The back office's API as far as this form uses it: one episode, drafted or published. */
function fakeServer(start: 'new' | 'saved') {
  let episode: EpisodeAnswer | undefined = start === 'saved' ? draft : undefined
  const calls: string[] = []
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const path = url.replace('/admin/api', '')
    calls.push(`${method} ${path}`)
    if (method === 'GET' && path === '/podcast')
      return Response.json({ showTitle: 'Show', episodes: [], nextNumber: 7, contentVersion: 1 })
    if (method === 'POST' && path === '/podcast/episodes') episode = draft
    if (method === 'POST' && path === '/podcast/episodes/e7/publish') episode = published
    if (!episode) return Response.json({ message: 'Not found.' }, { status: 404 })
    return Response.json(episode)
  })
  vi.stubGlobal('fetch', fetch)
  return calls
}

function renderForm(path: string) {
  return renderRoute(
    [
      {
        path: 'podcast/new',
        loader: newEpisodeLoader,
        action: episodeAction,
        shouldRevalidate: episodeShouldRevalidate,
        Component: EpisodePage,
      },
      {
        path: 'podcast/episodes/:id',
        loader: episodeLoader,
        action: episodeAction,
        shouldRevalidate: episodeShouldRevalidate,
        Component: EpisodePage,
      },
      { path: 'podcast', Component: () => <p>The list</p> },
    ],
    { staff: { id: 's1', email: 'ada@example.org', name: 'Ada', role: 'editor' }, at: path },
  )
}

async function publishAndExpectLive() {
  fireEvent.click(await screen.findByRole('button', { name: 'Publish now' }, WAIT))
  expect(await screen.findByRole('button', { name: 'Unpublish' }, WAIT)).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Publish the changes' })).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull()
  expect(
    await screen.findByText(/^Published: its page, \/listen and the feed show it/, undefined, WAIT),
  ).toBeTruthy()
}

describe('the episode form after Publish now', () => {
  it('offers Unpublish, and no second Publish now, for a saved draft', async () => {
    const calls = fakeServer('saved')
    renderForm('/podcast/episodes/e7')
    await publishAndExpectLive()
    expect(calls).toContain('POST /podcast/episodes/e7/publish')
    // The draft had no unsaved changes: it was published as saved, not saved again.
    expect(calls).not.toContain('POST /podcast/episodes/e7/draft')
  })

  it('offers Unpublish for a new episode, at its own address', async () => {
    const calls = fakeServer('new')
    const router = renderForm('/podcast/new')
    fireEvent.change(await screen.findByLabelText('Title', undefined, WAIT), {
      target: { value: 'A Tone' },
    })
    fireEvent.change(screen.getByLabelText('Publication time (Kansas City)'), {
      target: { value: '2026-11-20T06:00' },
    })
    await publishAndExpectLive()
    await waitFor(() => expect(router.state.location.pathname).toBe('/podcast/episodes/e7'), WAIT)
    expect(calls.slice(-3)).toEqual([
      'POST /podcast/episodes',
      'POST /podcast/episodes/e7/publish',
      'GET /podcast/episodes/e7',
    ])
  })
})
