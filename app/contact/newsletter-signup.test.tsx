// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NewsletterSignup } from './newsletter-signup.tsx'
import { readResendQueue } from './resend-queue.ts'
import type { SendOutcome } from './send-form.ts'

function setup(outcome: SendOutcome) {
  const send = vi.fn(async () => outcome)
  render(<NewsletterSignup send={send} />)
  const email = screen.getByRole('textbox', { name: 'Your email address' }) as HTMLInputElement
  const subscribe = async (value: string) => {
    fireEvent.input(email, { target: { value } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    })
  }
  const status = () => screen.getAllByRole('status')[0]!.textContent
  return { send, email, subscribe, status }
}

describe('NewsletterSignup', () => {
  beforeEach(() => {
    localStorage.clear()
    window.history.replaceState(null, '', '/')
  })
  afterEach(cleanup)

  it('posts natively to the API without JavaScript, and links the privacy notice', () => {
    const { email } = setup({ kind: 'accepted', body: {} })
    const form = email.form!
    expect(form.getAttribute('action')).toBe('/api/newsletter/subscribe/')
    expect(form.getAttribute('method')).toBe('post')
    expect(email.name).toBe('email')
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy')
  })

  it('signs up and asks the visitor to confirm by e-mail when the server says so', async () => {
    const { send, email, subscribe, status } = setup({
      kind: 'accepted',
      body: { ok: true, confirmByEmail: true },
    })
    await subscribe('Hana@Example.org')
    expect(send).toHaveBeenCalledWith('/api/newsletter/subscribe/', {
      email: 'Hana@Example.org',
      fax: '',
      startedAt: expect.any(Number),
      submissionId: expect.any(String),
    })
    expect(status()).toMatch(/check your inbox/i)
    expect(email.value).toBe('')
  })

  it('says the visitor is subscribed when no confirmation is needed', async () => {
    const { subscribe, status } = setup({
      kind: 'accepted',
      body: { ok: true, confirmByEmail: false },
    })
    await subscribe('hana@example.org')
    expect(status()).toMatch(/you are subscribed/i)
  })

  it('shows the server’s error on the field', async () => {
    const { email, subscribe, status } = setup({
      kind: 'invalid',
      fields: { email: 'Please enter a valid e-mail address.' },
    })
    await subscribe('hana@localhost')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid e-mail address.',
    )
    expect(status()).toBe('')
    fireEvent.input(email, { target: { value: 'hana@example.org' } })
    expect(email.hasAttribute('aria-invalid')).toBe(false)
  })

  it('keeps the sign-up in the resend queue when the server cannot be reached, and says so', async () => {
    const { subscribe, status } = setup({ kind: 'retry' })
    await subscribe('offline@example.org')
    expect(readResendQueue()).toMatchObject([
      { endpoint: '/api/newsletter/subscribe/', body: { email: 'offline@example.org' } },
    ])
    expect(status()).toMatch(/saved in this browser/i)
  })
})
