/**
 * The staff app's entry: a client-only React app routed under /admin (React Router in data
 * mode). It is built on its own (vite.admin.config.ts) and never loaded by a public page.
 */
import './zod-config.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { askToConfirmWith } from './api.ts'
import { ToastProvider } from './components/toast.tsx'
import { confirmItsYou } from './passkeys.ts'
import { routes } from './routes.tsx'
import './admin.css'

const router = createBrowserRouter(routes, { basename: '/admin' })
// A change that needs a fresh "confirm it's you" asks for the person's passkey, then goes on.
askToConfirmWith(confirmItsYou)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>
  </StrictMode>,
)
