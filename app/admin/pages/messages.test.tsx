// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { MessageSummary } from '#common/back-office.ts'
import { MessageItem } from './messages.tsx'

afterEach(cleanup)

const message = {
  id: 'm1',
  name: 'Grace Okafor',
  email: 'grace@example.org',
  preview: 'Could the workshop start later?',
  receivedAt: new Date().toISOString(),
  handledAt: null,
  spam: false,
  checkReason: null,
  deliveryStatus: 'sent',
} satisfies MessageSummary

describe('a message in the list', () => {
  it('is a link named by the sender and when, with no space before the comma', () => {
    render(
      <MemoryRouter>
        <ul>
          <MessageItem message={message} />
        </ul>
      </MemoryRouter>,
    )
    expect(screen.getByRole('link').getAttribute('aria-label')).toBe('Grace Okafor, just now')
    expect(screen.getByRole('heading').textContent).toBe('Grace Okafor grace@example.org')
    expect(screen.queryByText(/to check/i)).toBeNull()
  })

  it('says "to check" for a message sent very fast, among the new ones, not in spam', () => {
    render(
      <MemoryRouter>
        <ul>
          <MessageItem message={{ ...message, checkReason: 'too-fast' }} />
        </ul>
      </MemoryRouter>,
    )
    expect(screen.getByText('New')).toBeTruthy()
    expect(screen.getByText('To check: sent very fast')).toBeTruthy()
    expect(screen.queryByText('Spam')).toBeNull()
  })
})
