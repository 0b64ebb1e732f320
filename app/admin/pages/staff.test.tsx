// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StaffListAnswer, StaffMemberSummary } from '#common/back-office.ts'
import { renderRoute } from './render-route.tsx'
import { StaffPage, staffAction } from './staff.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const member = (id: string, email: string, role: 'admin' | 'editor'): StaffMemberSummary => ({
  id,
  email,
  name: null,
  role,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSignInAt: null,
  passkeys: 1,
  invitationExpiresAt: null,
})

const list: StaffListAnswer = {
  members: [member('a', 'ada@example.org', 'admin'), member('b', 'ben@example.org', 'editor')],
  mail: false,
}

function renderStaff() {
  renderRoute(
    { index: true, loader: () => list, action: staffAction, Component: StaffPage },
    { staff: list.members[0]! },
  )
}

describe('changing a role on the Staff page', () => {
  it('asks first, and changes nothing until it is confirmed', async () => {
    const fetch = vi.fn(async () => Response.json({ ok: true }))
    vi.stubGlobal('fetch', fetch)
    renderStaff()
    const select = await screen.findByLabelText('Role of ben@example.org')
    fireEvent.change(select, { target: { value: 'admin' } })
    expect(await screen.findByText('Make this person an administrator?')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Make administrator', hidden: true }))
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/admin/api/staff/b')
    expect(init.method).toBe('PATCH')
    expect(JSON.parse(String(init.body))).toEqual({ role: 'admin' })
  })

  it('says what an administrator may do, and Cancel leaves the role as it was', async () => {
    const fetch = vi.fn(async () => Response.json({ ok: true }))
    vi.stubGlobal('fetch', fetch)
    renderStaff()
    const select = (await screen.findByLabelText('Role of ben@example.org')) as HTMLSelectElement
    fireEvent.change(select, { target: { value: 'admin' } })
    const dialog = await screen.findByRole('dialog', {
      name: 'Make this person an administrator?',
      hidden: true,
    })
    expect(dialog.textContent).toMatch(/invite and remove staff/)
    expect(dialog.textContent).toMatch(/ben@example\.org/)
    // While the question is open, the menu still shows the role the person has.
    expect(select.value).toBe('editor')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }))
    await waitFor(() => expect(screen.queryByText('Make this person an administrator?')).toBeNull())
    expect(select.value).toBe('editor')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('marks the signed-in person with a space before "(you)"', async () => {
    renderStaff()
    const me = await screen.findByText('(you)')
    expect(me.parentElement!.textContent).toBe('ada@example.org (you)')
  })
})

/** A fetch that answers each API call from `answers` by method and path, and records it. */
function serve(answers: Record<string, () => Response>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = answers[`${init?.method ?? 'GET'} ${url}`]
    return answer ? answer() : Response.json({ message: 'Not found.' }, { status: 404 })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const link = {
  member: { ...member('c', 'cleo@example.org', 'editor'), passkeys: 0 },
  link: 'https://docucommons.example/admin/welcome#token=abc',
  expiresAt: '2026-11-28T10:00:00.000Z',
  mailed: false,
}

describe('inviting someone from the Staff page (the route’s action)', () => {
  it('posts what was typed, trimmed, with the role chosen, and shows the link', async () => {
    const fetch = serve({ 'POST /admin/api/staff': () => Response.json(link) })
    renderStaff()
    fireEvent.change(await screen.findByLabelText('E-mail address'), {
      target: { value: '  cleo@example.org ' },
    })
    fireEvent.change(screen.getByLabelText('Name (optional)'), {
      target: { value: ' Cleo Ortiz  ' },
    })
    fireEvent.click(screen.getByRole('radio', { name: /^Administrator/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
    expect(await screen.findByTestId('invitation-link')).toBeTruthy()
    const [, init] = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(JSON.parse(String(init!.body))).toEqual({
      email: 'cleo@example.org',
      name: 'Cleo Ortiz',
      role: 'admin',
    })
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('cleo@example.org is invited.'),
    )
    // The form is empty again for the next person.
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('')
  })

  it('shows the server’s message next to the field it is about, and keeps what was typed', async () => {
    serve({
      'POST /admin/api/staff': () =>
        Response.json(
          { message: 'Check the address.', fields: { email: 'Please enter an e-mail address.' } },
          { status: 400 },
        ),
    })
    renderStaff()
    const email = (await screen.findByLabelText('E-mail address')) as HTMLInputElement
    fireEvent.change(email, { target: { value: 'not an address' } })
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
    expect(await screen.findByText('Please enter an e-mail address.')).toBeTruthy()
    expect(email.value).toBe('not an address')
    expect(screen.queryByTestId('invitation-link')).toBeNull()
  })
})

describe('the staff action', () => {
  const post = (fields: Record<string, string>) =>
    staffAction({
      request: new Request('http://localhost/staff', {
        method: 'POST',
        body: new URLSearchParams(fields),
      }),
    })

  it('refuses an intent it does not know, and a role that is not one, without calling the API', async () => {
    const fetch = serve({})
    expect(await post({ intent: 'promote-everyone' })).toMatchObject({ ok: false })
    expect(await post({ intent: 'invite', email: 'a@example.org', role: 'owner' })).toMatchObject({
      ok: false,
      fields: { role: 'Choose a role: Administrator or Editor.' },
    })
    expect(await post({ intent: 'role', id: 'b', role: 'owner' })).toMatchObject({ ok: false })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('makes a new link for a member by their id', async () => {
    const fetch = serve({ 'POST /admin/api/staff/c/link': () => Response.json(link) })
    expect(await post({ intent: 'new-link', id: 'c' })).toMatchObject({
      ok: true,
      notice: 'A new link for cleo@example.org is ready.',
      link,
    })
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
