import { useEffect } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import type { Route } from './+types/root'
import { ErrorScreen } from '#app/components/layout/error-screen.tsx'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { SiteHeader } from '#app/components/layout/site-header.tsx'
import { NewsletterSignup } from '#app/contact/newsletter-signup.tsx'
import { visitorScript } from '#app/lib/visitor.ts'
import '#app/styles/app.css'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
]

export function Layout({ children }: { children: React.ReactNode }) {
  // A marker that hydration finished (Layout renders for pages and error screens alike): lets
  // tests tell the static page from the interactive one.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    // data-visitor is set by the inline script before first paint; React must not undo it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d1a2f" />
        <script dangerouslySetInnerHTML={{ __html: visitorScript }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-ink px-5 py-3 font-semibold text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter newsletter={<NewsletterSignup />} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let message = 'Unknown error'
  let detail: string | undefined
  if (isRouteErrorResponse(error)) {
    message = `${error.status} ${error.statusText || (error.status === 404 ? 'Not Found' : 'Error')}`
  } else if (error instanceof Error) {
    message = error.message
    if (import.meta.env.DEV) detail = error.stack
  }
  return <ErrorScreen message={message} detail={detail} />
}

/**
 * Every page of the site is prerendered, so the build's fallback HTML is only ever served for
 * URLs that do not exist (with HTTP 404, by the server). It shows the not-found screen even with
 * JavaScript off; with JavaScript, the router then renders the same screen from the ErrorBoundary.
 */
export function HydrateFallback() {
  return <ErrorScreen message="404 Not Found" />
}
