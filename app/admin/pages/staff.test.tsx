// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StaffListAnswer, StaffMemberSummary } from '#common/back-office.ts'
import { ToastProvider } from '#app/admin/components/toast.tsx'
import { SESSION_ROUTE } from '#app/admin/session.ts'
import { StaffPage } from './staff.tsx'

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
  const router = createMemoryRouter([
    {
      id: SESSION_ROUTE,
      path: '/',
      loader: () => ({ staff: list.members[0], navigation: [] }),
      children: [{ index: true, loader: () => list, Component: StaffPage }],
    },
  ])
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
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
