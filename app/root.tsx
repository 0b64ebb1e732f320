import { isRouteErrorResponse, Links, Meta, Outlet, useLocation, useMatches } from 'react-router'
import type { Route } from './+types/root'
import { ErrorScreen } from '#app/components/layout/error-screen.tsx'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { DevelopmentScripts, DocumentHead } from '#app/document/document-head.tsx'
import { Island } from '#app/islands/island.tsx'
import { brand, navItems } from '#app/site-copy.ts'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
]

/** The error screen's title; a page's own meta replaces it (React Router keeps the deepest). */
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [
        {
          title: `${isRouteErrorResponse(error) && error.status === 404 ? 'Page not found' : 'Something went wrong'} | ${brand.name}`,
        },
        { name: 'robots', content: 'noindex' },
      ]
    : []

export function Layout({ children }: { children: React.ReactNode }) {
  // The page's own path for the header's current item; none on the not-found page, where only
  // the root route matches.
  const { pathname } = useLocation()
  const current = useMatches().length > 1 ? pathname : null
  return (
    // data-visitor and data-hydrated are set by scripts in the browser.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <DocumentHead />
        <meta name="theme-color" content="#1d1a2f" />
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
        <Island name="site-header" props={{ siteName: brand.name, nav: navItems, current }} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter newsletter={<Island name="newsletter-signup" props={{}} />} />
        <DevelopmentScripts />
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
