import { isRouteErrorResponse, Links, Meta, Outlet, useLocation, useMatches } from 'react-router'
import type { Route } from './+types/root'
import { ErrorScreen } from '#app/components/layout/error-screen.tsx'
import { PreviewBanner } from '#app/components/layout/preview-banner.tsx'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { DevelopmentScripts, DocumentHead } from '#app/document/document-head.tsx'
import { Island } from '#app/islands/island.tsx'
import { useSiteFrame } from '#app/site-context.tsx'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  // Browsers offer the site's search from the address bar (app/routes/opensearch.ts).
  {
    rel: 'search',
    type: 'application/opensearchdescription+xml',
    title: 'Site search',
    href: '/opensearch.xml',
  },
]

/** The error screen is not indexed; its title is the ErrorBoundary's own (it needs the brand). */
export const meta: Route.MetaFunction = ({ error }) =>
  error ? [{ name: 'robots', content: 'noindex' }] : []

export function Layout({ children }: { children: React.ReactNode }) {
  // The page's own path for the header's current item; none on the not-found page, where only
  // the root route matches.
  const { pathname } = useLocation()
  const current = useMatches().length > 1 ? pathname : null
  const { site, settings, preview } = useSiteFrame()
  return (
    // data-visitor and data-hydrated are set by scripts in the browser.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <DocumentHead />
        <meta name="theme-color" content="#1d1a2f" />
        {preview && <meta name="robots" content="noindex, nofollow" />}
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
        {preview && <PreviewBanner />}
        <Island
          name="site-header"
          props={{
            siteName: site.brand.name,
            nav: site.navItems,
            current,
            social: settings.social,
          }}
        />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter
          site={site}
          settings={settings}
          newsletter={<Island name="newsletter-signup" props={{}} />}
        />
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
  const { brand } = useSiteFrame().site
  const title =
    isRouteErrorResponse(error) && error.status === 404 ? 'Page not found' : 'Something went wrong'
  return (
    <>
      <title>{`${title} | ${brand.name}`}</title>
      <ErrorScreen message={message} detail={detail} />
    </>
  )
}
