// @vitest-environment happy-dom
/**
 * A letter's commands post to the route's action: the words with the version they were read at,
 * a time to send (refused before sending when it is not one), and the server's refusals shown
 * next to their fields, or above the form when someone changed the letter since.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { LetterDetail } from '#common/newsletter-admin.ts'
import { cleanUpAfterEach, renderRoute, WAIT } from './render-route.tsx'
import { CHOOSE_A_TIME } from './newsletter-letter/action.ts'
import { letterAction, letterLoader, NewsletterLetterPage } from './newsletter-letter.tsx'

/** A generous deadline: the machine may be busy. */

cleanUpAfterEach()

const letter: LetterDetail = {
  id: 'L7',
  kind: 'letter',
  slug: 'porches',
  subject: 'Porches',
  preheader: 'What a porch holds',
  status: 'draft',
  sendAt: null,
  startedAt: null,
  finishedAt: null,
  recipients: null,
  updatedAt: '2026-11-27T10:00:00.000Z',
  body: 'Neighbours talk on porches.',
  version: 3,
  sourceKey: null,
  progress: { queued: 0, sent: 0, failed: 0, bounced: 0, skipped: 0 },
  failedAddresses: [],
  readers: 12,
  canSend: { ok: true },
}

/** The API: the letter on GET; each other call recorded and answered by `answer`. */
function fakeServer(answer: () => Response = () => Response.json(letter)) {
  const calls: { method: string; url: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      if (method === 'GET') return Response.json(letter)
      calls.push({ method, url, body: JSON.parse(String(init?.body ?? '{}')) })
      return answer()
    }),
  )
  return calls
}

function renderLetter() {
  renderRoute(
    {
      path: 'newsletter/:id',
      loader: letterLoader,
      action: letterAction,
      Component: NewsletterLetterPage,
    },
    { staff: { role: 'admin', email: 'ada@example.org' }, at: '/newsletter/L7' },
  )
}

describe('a letter’s commands (the route’s action)', () => {
  it('saves the words as typed with the version they were read at', async () => {
    const calls = fakeServer()
    renderLetter()
    fireEvent.change(await screen.findByLabelText('Subject', {}, WAIT), {
      target: { value: 'Porches, in winter' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls).toHaveLength(1), WAIT)
    expect(calls[0]).toEqual({
      method: 'PATCH',
      url: '/admin/api/letters/L7',
      body: {
        subject: 'Porches, in winter',
        preheader: 'What a porch holds',
        body: 'Neighbours talk on porches.',
        version: 3,
      },
    })
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Saved.'), WAIT)
  })

  it('shows the server’s message next to its field, and keeps what was typed', async () => {
    fakeServer(() =>
      Response.json(
        { message: 'Check the subject.', fields: { subject: 'Please write a subject.' } },
        { status: 400 },
      ),
    )
    renderLetter()
    const subject = (await screen.findByLabelText('Subject', {}, WAIT)) as HTMLInputElement
    fireEvent.change(subject, { target: { value: ' ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Please write a subject.', {}, WAIT)).toBeTruthy()
    expect(subject.value).toBe(' ')
  })

  it('says above the form that someone changed the letter since it was read', async () => {
    fakeServer(() =>
      Response.json(
        { message: 'Someone changed this letter since you opened it: reload it.' },
        { status: 409 },
      ),
    )
    renderLetter()
    fireEvent.change(await screen.findByLabelText('Body', {}, WAIT), {
      target: { value: 'Porches hold a street together.' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    // In the toast, and above the form until the letter is read again.
    await waitFor(
      () => expect(screen.getAllByText(/^Someone changed this letter/)).toHaveLength(2),
      WAIT,
    )
  })

  it('schedules a time in Kansas City, and refuses one that is not a time before sending', async () => {
    const calls = fakeServer()
    renderLetter()
    const sendAt = await screen.findByLabelText('Or send at', {}, WAIT)
    fireEvent.change(sendAt, { target: { value: '2026-12-01T06:00' } })
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }))
    await waitFor(() => expect(calls).toHaveLength(1), WAIT)
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/admin/api/letters/L7/schedule',
      body: { sendAt: '2026-12-01T12:00:00Z' },
    })

    const result = await letterAction({
      request: new Request('http://localhost/newsletter/L7', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'schedule', sendAt: 'next Tuesday' }),
      }),
      params: { id: 'L7' },
    })
    expect(result).toMatchObject({ ok: false, fields: { sendAt: CHOOSE_A_TIME } })
    expect(calls).toHaveLength(1)
  })
})
