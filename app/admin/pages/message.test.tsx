// @vitest-environment happy-dom
/**
 * A message's buttons post to the route's action; what the page shows next is the message as the
 * server answers it when read again, and a refusal is said, not swallowed.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { MessageDetail } from '#common/back-office.ts'
import { messageAction, MessagePage, messageLoader } from './message.tsx'
import { cleanUpAfterEach, renderRoute, WAIT } from './render-route.tsx'

/** A generous deadline: the machine may be busy. */

cleanUpAfterEach()

const received: MessageDetail = {
  id: 'm1',
  receivedAt: '2026-11-20T10:00:00.000Z',
  name: 'Grace Okafor',
  email: 'grace@example.org',
  website: null,
  message: 'Could your team visit our library?',
  spamReason: null,
  checkReason: null,
  handledAt: null,
  handledBy: null,
  delivery: {
    status: 'sent',
    attempts: 1,
    nextAttemptAt: null,
    lastError: null,
    deliveredAt: null,
  },
  canSendAgain: false,
}

function fakeServer(refuse = false) {
  let current = received
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      calls.push(`${method} ${url.replace('/admin/api', '')} ${init?.body ?? ''}`.trim())
      if (method === 'GET') return Response.json(current)
      if (refuse) return Response.json({ message: 'Not available to you.' }, { status: 403 })
      current = { ...current, handledAt: '2026-11-21T09:00:00.000Z', handledBy: 'Ada' }
      return Response.json(current)
    }),
  )
  return calls
}

function renderMessage() {
  renderRoute(
    [
      {
        path: 'messages/:id',
        loader: messageLoader,
        action: messageAction,
        Component: MessagePage,
      },
    ],
    { staff: { role: 'admin' }, at: '/messages/m1' },
  )
}

describe('a message’s buttons', () => {
  it('mark it handled, then show it as the server has it', async () => {
    const calls = fakeServer()
    renderMessage()
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as handled' }, WAIT))
    expect(await screen.findByRole('button', { name: 'Mark as new' }, WAIT)).toBeTruthy()
    expect(await screen.findByText('Marked as handled.', undefined, WAIT)).toBeTruthy()
    expect(screen.getByText(/^Marked handled by Ada on /)).toBeTruthy()
    await waitFor(
      () =>
        expect(calls).toEqual([
          'GET /messages/m1',
          'POST /messages/m1/handled {"handled":true}',
          'GET /messages/m1',
        ]),
      WAIT,
    )
  })

  it('say a refusal and change nothing', async () => {
    fakeServer(true)
    renderMessage()
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as handled' }, WAIT))
    expect(await screen.findByText('Not available to you.', undefined, WAIT)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Mark as handled' })).toBeTruthy()
  })
})
