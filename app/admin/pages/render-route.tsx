/**
 * For the staff app's page tests: one route drawn inside the app's session route (a signed-in
 * person of a role) and its toasts, at an address, as `routes.tsx` draws it.
 */
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { ToastProvider } from '#app/admin/components/toast.tsx'
import { SESSION_ROUTE } from '#app/admin/session.ts'

export function renderRoute(
  route: RouteObject,
  { staff, at = '/' }: { staff: object; at?: string },
) {
  const router = createMemoryRouter(
    [
      {
        id: SESSION_ROUTE,
        path: '/',
        loader: () => ({ staff, navigation: [] }),
        children: [route],
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
