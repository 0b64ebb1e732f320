// @vitest-environment happy-dom
/**
 * The media library's dialog writes through the route's action: the alt text (refused by its field
 * when empty, before anything is sent), the focal point and the confirmed delete; the list shows
 * each picture as the server answered it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { MediaItemWithUses } from '#common/content-admin.ts'
import { DESCRIBE_THE_PICTURE, notACoordinate } from '#common/media-words.ts'
import { action, Component, loader } from './media.tsx'
import { mediaAction } from './media/action.ts'
import { cleanUpAfterEach, renderRoute, WAIT } from './render-route.tsx'

/** A generous deadline: the machine may be busy. */

cleanUpAfterEach()

const picture: MediaItemWithUses = {
  id: 'm1',
  contentId: 'u/0123456789abcdef0123456789abcdef',
  kind: 'image',
  originalName: 'garden.jpg',
  mime: 'image/jpeg',
  size: 120_000,
  sha256: 'f'.repeat(64),
  width: 1600,
  height: 1200,
  color: '#8a7a5a',
  alt: 'Neighbours planting a garden',
  focalPoint: null,
  createdBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  files: [
    {
      url: '/media/u/0123456789abcdef0123456789abcdef-640.webp',
      role: 'variant',
      format: 'webp',
      mime: 'image/webp',
      size: 30_000,
      width: 640,
      height: 480,
    },
  ],
  usedBy: [],
}

interface Sent {
  method: string
  url: string
  body: unknown
}

/** The API: the list, a PATCH that answers the picture changed, and a DELETE (or its refusal). */
function fakeServer({ refuseDelete = false } = {}) {
  const sent: Sent[] = []
  let item = picture
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      if (method !== 'GET') sent.push({ method, url, body })
      if (method === 'PATCH') {
        item = { ...item, ...body, ...(body.focalX !== undefined && { focalPoint: body }) }
        return Response.json({ item })
      }
      if (method === 'DELETE' && refuseDelete)
        return Response.json({ message: 'An article uses this picture now.' }, { status: 409 })
      if (method === 'DELETE') return new Response(null, { status: 204 })
      return Response.json({ items: [item], next: null })
    }),
  )
  return sent
}

function renderLibrary() {
  renderRoute(
    { path: 'media', loader, action, Component },
    { staff: { role: 'editor' }, at: '/media' },
  )
}

async function openPicture(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(name) }, WAIT))
  return screen.getByRole('dialog', { name, hidden: true })
}

describe('the media library’s dialog (the route’s action)', () => {
  it('saves the alt text as typed, without its spaces, and shows it in the list', async () => {
    const sent = fakeServer()
    renderLibrary()
    const dialog = await openPicture('Neighbours planting a garden')
    fireEvent.change(within(dialog).getByLabelText(/Alt text/, { selector: 'input' }), {
      target: { value: '  Neighbours planting a community garden  ' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alt text', hidden: true }))
    await waitFor(
      () => expect(screen.getByRole('status').textContent).toContain('The alt text is saved.'),
      WAIT,
    )
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/admin/api/media/m1',
        body: { alt: 'Neighbours planting a community garden' },
      },
    ])
    const list = screen.getByRole('list', { name: 'Pictures' })
    expect(within(list).getByText('Neighbours planting a community garden')).toBeTruthy()
  })

  it('refuses an empty alt text by its field, keeps the dialog open and sends nothing', async () => {
    const sent = fakeServer()
    renderLibrary()
    const dialog = await openPicture('Neighbours planting a garden')
    const field = within(dialog).getByLabelText(/Alt text/, { selector: 'input' })
    fireEvent.change(field, { target: { value: '   ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alt text', hidden: true }))
    await waitFor(() => expect(within(dialog).getByText(DESCRIBE_THE_PICTURE)).toBeTruthy(), WAIT)
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(sent).toEqual([])
  })

  it('deletes a picture nothing uses once asked, and takes it off the list', async () => {
    const sent = fakeServer()
    renderLibrary()
    const dialog = await openPicture('Neighbours planting a garden')
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Delete this picture', hidden: true }),
    )
    expect(sent).toEqual([])
    const question = screen.getByRole('dialog', { name: 'Delete this picture?', hidden: true })
    fireEvent.click(within(question).getByRole('button', { name: 'Delete', hidden: true }))
    await waitFor(
      () => expect(screen.getByRole('status').textContent).toContain('The picture is deleted.'),
      WAIT,
    )
    expect(sent).toEqual([{ method: 'DELETE', url: '/admin/api/media/m1', body: undefined }])
    expect(screen.queryByRole('list', { name: 'Pictures' })).toBeNull()
  })

  it('says a refused delete in the question, which stays open', async () => {
    fakeServer({ refuseDelete: true })
    renderLibrary()
    const dialog = await openPicture('Neighbours planting a garden')
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Delete this picture', hidden: true }),
    )
    const question = screen.getByRole('dialog', { name: 'Delete this picture?', hidden: true })
    fireEvent.click(within(question).getByRole('button', { name: 'Delete', hidden: true }))
    await waitFor(
      () => expect(within(question).getByText('An article uses this picture now.')).toBeTruthy(),
      WAIT,
    )
    expect(screen.getByRole('list', { name: 'Pictures' })).toBeTruthy()
  })
})

describe('mediaAction', () => {
  const post = (fields: Record<string, string>) => {
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.set(name, value)
    return mediaAction({ request: new Request('http://x/media', { method: 'POST', body }) })
  }

  it('sends the focal point as two numbers', async () => {
    const sent = fakeServer()
    const result = await post({ intent: 'focus', id: 'm1', focalX: '0.25', focalY: '0.75' })
    expect(result).toMatchObject({ ok: true, intent: 'focus', notice: 'The focal point is saved.' })
    expect(sent).toEqual([
      { method: 'PATCH', url: '/admin/api/media/m1', body: { focalX: 0.25, focalY: 0.75 } },
    ])
  })

  it('refuses a coordinate that is not one from 0 to 1 by its field, and sends nothing', async () => {
    const sent = fakeServer()
    for (const focalY of ['', 'middle', '1.5', '-0.1']) {
      const result = await post({ intent: 'focus', id: 'm1', focalX: '0.5', focalY })
      expect(result).toMatchObject({
        ok: false,
        fields: { focalY: notACoordinate('focalY') },
      })
    }
    expect(sent).toEqual([])
  })

  it('does nothing it was not made for', async () => {
    const sent = fakeServer()
    expect(await post({ intent: 'upload', id: 'm1' })).toMatchObject({ ok: false })
    expect(sent).toEqual([])
  })
})
