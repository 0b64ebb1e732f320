/**
 * For the staff app's page tests: a route (or a page and the pages it leads to) drawn inside the
 * app's session route (a signed-in person of a role) and its toasts, at an address, as
 * `routes.tsx` draws it; how long a test waits for what it looks for; and the clean-up after each.
 */
import { cleanup, render } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { ToastProvider } from '#app/admin/components/toast.tsx'
import { SESSION_ROUTE } from '#app/admin/session.ts'

/** How long a page test waits for what it looks for: generous, for a slow machine. */
export const WAIT = { timeout: 20_000 }

/** After each test of the file: the page taken down and the faked globals (fetch) restored. */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })
}

export function renderRoute(
  route: RouteObject | RouteObject[],
  { staff, at = '/' }: { staff: object; at?: string },
) {
  const router = createMemoryRouter(
    [
      {
        id: SESSION_ROUTE,
        path: '/',
        loader: () => ({ staff, navigation: [] }),
        children: [route].flat(),
      },
    ],
    { initialEntries: [at] },
  )
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  )
  return router
}
