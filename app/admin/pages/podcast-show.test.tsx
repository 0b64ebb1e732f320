// @vitest-environment happy-dom
/**
 * The show's settings are saved by the route's action: the server's message for a field shows
 * next to that field, and after a save the page reads the settings again (their new version).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ShowAnswer } from '#common/podcast-admin.ts'
import { PodcastShowPage, showAction, showLoader } from './podcast-show.tsx'
import { cleanUpAfterEach, renderRoute, WAIT } from './render-route.tsx'

/** A generous deadline: the machine may be busy. */

cleanUpAfterEach()

const show: ShowAnswer = {
  version: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: null,
  fields: {
    title: 'Listen, Learn, Lead',
    description: 'Conversations with people who change their towns.',
    author: 'DocuCommons',
    owner: { name: 'Imani Brooks', email: 'podcast@example.org' },
    language: 'en',
    category: { name: 'Society & Culture' },
    explicit: false,
    copyright: '© DocuCommons',
    follow: {},
    funding: null,
    artwork: {
      sha256: 'b'.repeat(64),
      size: 200_000,
      mime: 'image/jpeg',
      width: 1400,
      height: 1400,
      url: '/media/u/b.jpg',
    },
  },
  categories: { 'Society & Culture': ['Documentary'] },
  contentVersion: 5,
}

/** The API: the settings at a version; a save with an empty title is refused by field. */
function fakeServer() {
  let current = show
  const posted: { baseVersion: number; fields: { title: string } }[] = []
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method !== 'POST') return Response.json(current)
    const body = JSON.parse(String(init.body)) as (typeof posted)[number]
    posted.push(body)
    if (!body.fields.title)
      return Response.json(
        { message: 'Check the fields marked.', fields: { title: 'must not be empty' } },
        { status: 400 },
      )
    current = {
      ...current,
      version: current.version + 1,
      fields: { ...current.fields, ...body.fields, artwork: current.fields.artwork },
    }
    return Response.json(current)
  })
  vi.stubGlobal('fetch', fetch)
  return {
    posted,
    reads: () =>
      fetch.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').length,
  }
}

function renderShow() {
  renderRoute(
    [
      {
        path: 'podcast/show',
        loader: showLoader,
        action: showAction,
        Component: PodcastShowPage,
      },
    ],
    { staff: { role: 'editor' }, at: '/podcast/show' },
  )
}

describe('the show settings form', () => {
  it('shows the server’s message next to the field it refused', async () => {
    const server = fakeServer()
    renderShow()
    fireEvent.change(await screen.findByLabelText('Title', undefined, WAIT), {
      target: { value: '' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }))
    expect(await screen.findByText('must not be empty', undefined, WAIT)).toBeTruthy()
    expect(screen.getByText('Check the fields marked.')).toBeTruthy()
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true')
    expect(server.posted).toEqual([expect.objectContaining({ baseVersion: 1 })])
  })

  it('saves over the version it read, then reads the settings again', async () => {
    const server = fakeServer()
    renderShow()
    fireEvent.change(await screen.findByLabelText('Title', undefined, WAIT), {
      target: { value: 'Lead Locally' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }))
    expect(
      await screen.findByText(/^The show’s settings are published/, undefined, WAIT),
    ).toBeTruthy()
    await waitFor(() => expect(server.reads()).toBe(2), WAIT)
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }))
    await waitFor(() => expect(server.posted).toHaveLength(2), WAIT)
    expect(server.posted.map((body) => body.baseVersion)).toEqual([1, 2])
    expect(server.posted[1]!.fields.title).toBe('Lead Locally')
  })
})
