// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONTACT_ENDPOINT, CONTACT_LIMITS, HONEYPOT_FIELD } from '#common/contact.ts'
import { ContactForm } from './contact-form.tsx'
import { TOAST_MS } from './use-contact-form.ts'
import { RESEND_QUEUE_KEY, readResendQueue } from './resend-queue.ts'
import type { SendOutcome } from './send-form.ts'

function setup(outcome: SendOutcome | (() => Promise<SendOutcome>)) {
  const send = vi.fn(typeof outcome === 'function' ? outcome : async () => outcome)
  render(
    <ContactForm
      heading="Send us a message"
      intro="We answer within two working days."
      send={send}
    />,
  )
  const form = screen.getByRole('form', { name: 'Send us a message' }) as HTMLFormElement
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement
  const fill = (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values))
      fireEvent.input(input(name), { target: { value } })
  }
  const submit = async () => {
    await act(async () => {
      fireEvent.submit(form)
    })
  }
  return { send, form, input, fill, submit }
}

describe('ContactForm', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  // Without JavaScript the browser posts the form itself: the fields must carry the API's JSON
  // names and the browser must stop at the server's limits.
  it('posts natively to the API, with the JSON field names and the shared limits', () => {
    const { form, input } = setup({ kind: 'accepted', body: { ok: true } })
    expect(form.getAttribute('action')).toBe(CONTACT_ENDPOINT)
    expect(form.getAttribute('method')).toBe('post')
    for (const name of ['name', 'email', 'website', 'message'] as const)
      expect(input(name).maxLength).toBe(CONTACT_LIMITS[name])
    expect(input(HONEYPOT_FIELD)).not.toBeNull()
  })

  it('sends the fields with the honeypot, the start time and a submission id, and clears the form once stored', async () => {
    const opened = Date.now()
    const { send, input, fill, submit } = setup({ kind: 'accepted', body: { ok: true } })
    fill({ name: 'Marcus Oyelaran', email: "marcus.o'neil@example.org", message: 'Hello' })
    await submit()
    const sentBy = Date.now()
    expect(send).toHaveBeenCalledTimes(1)
    const [endpoint, body] = send.mock.calls[0] as unknown as [string, Record<string, unknown>]
    expect(endpoint).toBe('/api/contact/')
    expect(body).toEqual({
      name: 'Marcus Oyelaran',
      email: "marcus.o'neil@example.org",
      message: 'Hello',
      fax: '',
      startedAt: expect.any(Number),
      submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    // The time the form was shown, not the time it was sent.
    expect(body.startedAt).toBeGreaterThanOrEqual(opened)
    expect(body.startedAt).toBeLessThanOrEqual(sentBy)
    expect(input('name').value).toBe('')
    expect(input('email').value).toBe('')
    expect(readResendQueue()).toEqual([])
  })

  it.each<[string, SendOutcome]>([
    ['stored', { kind: 'accepted', body: { ok: true } }],
    [
      'refused with field errors',
      { kind: 'invalid', fields: { email: 'Please enter a valid e-mail address.' } },
    ],
    ['not delivered', { kind: 'retry', status: 503 }],
  ])(
    'shows "Response Submitted!" for exactly 3000 ms when the message is %s',
    async (_label, outcome) => {
      vi.useFakeTimers()
      const { fill, submit } = setup(outcome)
      fill({ name: 'A', email: 'a@example.org' })
      await submit()
      const status = screen.getByRole('status')
      expect(status.textContent).toBe('Response Submitted!')
      act(() => vi.advanceTimersByTime(TOAST_MS - 1))
      expect(status.textContent).toBe('Response Submitted!')
      act(() => vi.advanceTimersByTime(1))
      expect(status.textContent).toBe('')
    },
  )

  it('shows the server’s field errors next to their fields and keeps what was typed', async () => {
    const { input, fill, submit } = setup({
      kind: 'invalid',
      fields: {
        email: 'Please enter a valid e-mail address.',
        website: 'Please enter a web address starting with http:// or https://.',
      },
    })
    fill({ name: 'Hana', email: 'hana@localhost', website: 'ftp://files.example.org' })
    await submit()

    const description = (element: Element) =>
      document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent
    const email = input('email')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(description(email)).toBe('Please enter a valid e-mail address.')
    const website = screen.getByRole('textbox', { name: /website/i })
    expect(website.getAttribute('aria-invalid')).toBe('true')
    expect(description(website)).toBe(
      'Please enter a web address starting with http:// or https://.',
    )
    expect(input('name').hasAttribute('aria-invalid')).toBe(false)
    expect(input('name').hasAttribute('aria-describedby')).toBe(false)
    expect(document.activeElement).toBe(email)
    expect(email.value).toBe('hana@localhost')

    // Editing a field clears its error; the other stays.
    fill({ email: 'hana@example.org' })
    expect(email.hasAttribute('aria-invalid')).toBe(false)
    expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull()
    expect(screen.queryByText(/starting with http/)).not.toBeNull()
  })

  it('keeps an undelivered message in the resend queue, with the same id when sent again', async () => {
    const { send, input, fill, submit } = setup({ kind: 'retry' })
    fill({ name: 'Lorraine', email: 'lorraine@example.org', message: 'First try' })
    await submit()
    expect(input('name').value).toBe('Lorraine')
    const [saved] = readResendQueue()
    expect(saved).toMatchObject({
      endpoint: '/api/contact/',
      body: { name: 'Lorraine', message: 'First try' },
    })
    expect(saved!.id).toBe(saved!.body.submissionId)

    fill({ message: 'Second try' })
    await submit()
    expect(readResendQueue()).toHaveLength(1)
    expect(readResendQueue()[0]!.body.message).toBe('Second try')
    const second = send.mock.calls[1] as unknown as [string, Record<string, unknown>]
    expect(second[1].submissionId).toBe(saved!.id)
  })

  it('sends the resend queue left by an earlier visit when it appears', async () => {
    localStorage.setItem(
      RESEND_QUEUE_KEY,
      JSON.stringify([
        {
          id: 'x',
          endpoint: '/api/contact/',
          body: { name: 'Earlier' },
          queuedAt: Date.now() - 60_000,
        },
      ]),
    )
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{"ok":true}', {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    )
    setup({ kind: 'accepted', body: {} })
    await vi.waitFor(() => expect(readResendQueue()).toEqual([]))
    expect(fetch).toHaveBeenCalledWith(
      '/api/contact/',
      expect.objectContaining({ body: JSON.stringify({ name: 'Earlier' }) }),
    )
    fetch.mockRestore()
  })
})
