// @vitest-environment happy-dom
/**
 * "Forget a person" through the route's action: the address goes in the body of a post, what is
 * stored is shown, and the erasure happens only with the address typed again; a refusal is said
 * next to the field it is about.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ErasurePreviewAnswer } from '#common/back-office.ts'
import { cleanUpAfterEach, renderRoute, WAIT } from './render-route.tsx'
import { forgetAction, ForgetPage, forgetLoader } from './forget.tsx'

/** A generous deadline: the machine may be busy. */

cleanUpAfterEach()

const stored: ErasurePreviewAnswer = {
  email: 'rosa@example.org',
  groups: [{ label: 'Contact messages', records: ['Message of 2026-11-02T09:00:00Z'] }],
  total: 1,
}

/** The API: what is stored for Rosa; the erasure refused unless her address is typed again. */
function fakeServer() {
  const posted: { url: string; body: Record<string, string> }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!init?.method || init.method === 'GET') return Response.json({ kinds: ['Messages'] })
      const body = JSON.parse(String(init.body)) as Record<string, string>
      posted.push({ url, body })
      if (url.endsWith('/preview')) return Response.json(stored)
      if (body['confirm'] !== body['email'])
        return Response.json(
          { message: 'Check the form.', fields: { confirm: 'Type the same address.' } },
          { status: 400 },
        )
      return Response.json(stored)
    }),
  )
  return posted
}

function renderForget() {
  renderRoute(
    { index: true, loader: forgetLoader, action: forgetAction, Component: ForgetPage },
    { staff: { role: 'admin' } },
  )
}

describe('forgetting a person (the route’s action)', () => {
  it('finds what is stored, and erases it only with the address typed again', async () => {
    const posted = fakeServer()
    renderForget()
    fireEvent.change(await screen.findByLabelText('E-mail address', {}, WAIT), {
      target: { value: 'rosa@example.org' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Find their data' }))
    await screen.findByRole('heading', { name: 'Stored for rosa@example.org: 1 record' }, WAIT)
    expect(posted).toEqual([
      { url: '/admin/api/erasure/preview', body: { email: 'rosa@example.org' } },
    ])

    fireEvent.click(screen.getByRole('button', { name: 'Erase 1 record' }))
    const dialog = screen.getByRole('dialog', { hidden: true })
    const confirm = within(dialog).getByLabelText('Type the address again to confirm')
    fireEvent.change(confirm, { target: { value: 'rose@example.org' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase for good', hidden: true }))
    expect(await within(dialog).findByText('Type the same address.', {}, WAIT)).toBeTruthy()
    expect(screen.queryByText(/records? erased/)).toBeNull()

    fireEvent.change(confirm, { target: { value: 'rosa@example.org' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase for good', hidden: true }))
    expect(await screen.findByText('rosa@example.org: 1 record erased.', {}, WAIT)).toBeTruthy()
    expect(posted.at(-1)).toEqual({
      url: '/admin/api/erasure',
      body: { email: 'rosa@example.org', confirm: 'rosa@example.org' },
    })
    await waitFor(
      () => expect(screen.getByRole('status').textContent).toContain('Erased 1 record.'),
      WAIT,
    )
    // Ready for the next request: the address and what was found are gone.
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('')
    expect(screen.queryByRole('heading', { name: /^Stored for/ })).toBeNull()
  })

  it('says a refused address next to the field, and shows nothing found', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? Response.json(
              { message: 'Check the form.', fields: { email: 'Please enter an e-mail address.' } },
              { status: 400 },
            )
          : Response.json({ kinds: ['Messages'] }),
      ),
    )
    renderForget()
    fireEvent.change(await screen.findByLabelText('E-mail address', {}, WAIT), {
      target: { value: 'rosa' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Find their data' }))
    expect(await screen.findByText('Please enter an e-mail address.', {}, WAIT)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: /^Stored for/ })).toBeNull()
  })
})
