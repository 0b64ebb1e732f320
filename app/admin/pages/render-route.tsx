/**
 * For the staff app's page tests: a route (or a page and the pages it leads to) drawn inside the
 * app's session route (a signed-in person of a role) and its toasts, at an address, as
 * `routes.tsx` draws it.
 */
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { ToastProvider } from '#app/admin/components/toast.tsx'
import { SESSION_ROUTE } from '#app/admin/session.ts'

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
