// @vitest-environment happy-dom
/**
 * Unsubscribing an address from the list goes through the route's action: it is asked first, the
 * row then shows the address as the server answered it, and the counts are read again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { SubscriberListAnswer, SubscriberSummary } from '#common/back-office.ts'
import { cleanUpAfterEach, renderRoute, WAIT } from './render-route.tsx'
import { SubscribersPage, subscribersAction, subscribersLoader } from './subscribers.tsx'

/** A generous deadline: the machine may be busy. */

cleanUpAfterEach()

const reader: SubscriberSummary = {
  id: 's1',
  email: 'reader@example.org',
  status: 'confirmed',
  createdAt: '2026-11-01T10:00:00.000Z',
  consentAt: '2026-11-01T10:00:00.000Z',
  consentSource: 'footer',
  confirmedAt: '2026-11-01T10:05:00.000Z',
  unsubscribedAt: null,
  bouncedAt: null,
}

/** The API: the list (its counts after the unsubscribe once it happened), and the unsubscribe. */
function fakeServer() {
  let left = false
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`)
      if (init?.method === 'POST') {
        left = true
        return Response.json({ ...reader, status: 'unsubscribed', unsubscribedAt: 'now' })
      }
      const list: SubscriberListAnswer = {
        subscribers: [reader],
        next: null,
        counts: {
          confirmed: left ? 0 : 1,
          subscribed: 0,
          pending: 0,
          unsubscribed: left ? 1 : 0,
          spam: 0,
        },
      }
      return Response.json(list)
    }),
  )
  return calls
}

function renderSubscribers() {
  renderRoute(
    {
      path: 'subscribers',
      loader: subscribersLoader,
      action: subscribersAction,
      Component: SubscribersPage,
    },
    { staff: { role: 'admin' }, at: '/subscribers' },
  )
}

describe('unsubscribing an address (the route’s action)', () => {
  it('asks first, then shows the row and the counts as the server has them', async () => {
    const calls = fakeServer()
    renderSubscribers()
    fireEvent.click(
      await screen.findByRole('button', { name: 'Unsubscribe reader@example.org' }, WAIT),
    )
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([])
    const dialog = screen.getByRole('dialog', { hidden: true })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unsubscribe', hidden: true }))
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toContain(
          'reader@example.org is unsubscribed and will not be mailed again.',
        ),
      WAIT,
    )
    expect(calls).toContain('POST /admin/api/subscribers/s1/unsubscribe')
    const row = screen.getByText('reader@example.org').closest('li')!
    expect(within(row).getByText('Unsubscribed')).toBeTruthy()
    expect(within(row).queryByRole('button')).toBeNull()
    const counts = screen.getByLabelText('Addresses by state')
    await waitFor(
      () => expect(within(counts).getByText('May be mailed').nextSibling?.textContent).toBe('0'),
      WAIT,
    )
  })
})
