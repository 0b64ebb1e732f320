import { useContext } from 'react'
import type { SiteCopy } from '#common/content/site.ts'
import { siteConfig } from '#app/config.ts'
import { EmailLink } from '#app/components/ui/email-link.tsx'
import { Logo } from '#app/components/ui/logo.tsx'
import { Island } from '#app/islands/island.tsx'
import type { ResolvedSettings } from '#app/lib/site-settings.ts'
import { RenderedAt } from '#app/render-clock.ts'
import { SocialLinks } from './social-links.tsx'

/**
 * The footer on every page: server HTML (no behaviour of its own but the newsletter island), from
 * the published site copy and settings, so an edited phone number shows without a build.
 */
export function SiteFooter({
  site: { brand, footer },
  settings,
  newsletter,
}: {
  site: SiteCopy
  settings: ResolvedSettings
  newsletter?: React.ReactNode
}) {
  const year = useContext(RenderedAt).getUTCFullYear()
  return (
    <footer className="bg-ink text-paper offscreen-290 lg:offscreen-120">
      <div className="mx-auto grid max-w-page gap-12 px-gutter py-16 md:grid-cols-2 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <Logo inverted />
          <p className="mt-5 max-w-sm text-paper/80">{footer.description}</p>
          <SocialLinks links={settings.social} tone="paper" className="mt-6 -ml-2.5" />
        </div>

        <div className="lg:col-span-3">
          <h2 className="font-sans text-xs font-semibold tracking-eyebrow text-gold uppercase">
            Contact
          </h2>
          <address className="mt-4 space-y-2 text-paper/85 not-italic">
            <p>
              Headquarters: {brand.headquarters.city}, {brand.headquarters.region}
            </p>
            <p>
              <a
                className="underline-offset-4 hover:text-gold hover:underline"
                href={settings.phoneHref}
              >
                {settings.phone}
              </a>
            </p>
            <p>
              <EmailLink
                address={settings.email}
                className="underline-offset-4 hover:text-gold hover:underline"
              />
            </p>
          </address>
        </div>

        <nav aria-label="Quick links" className="lg:col-span-2">
          <h2 className="font-sans text-xs font-semibold tracking-eyebrow text-gold uppercase">
            Quick links
          </h2>
          <ul className="mt-4 space-y-2 text-paper/85">
            {footer.quickLinks.map((link) => (
              <li key={link.to}>
                <a className="underline-offset-4 hover:text-gold hover:underline" href={link.to}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a
                className="underline-offset-4 hover:text-gold hover:underline"
                href={siteConfig.dashboardUrl}
              >
                Get Access
              </a>
            </li>
          </ul>
        </nav>

        <div className="md:col-span-2 lg:col-span-3">{newsletter}</div>
      </div>
      <div className="border-t border-paper/15">
        <div className="mx-auto flex max-w-page flex-col gap-3 px-gutter py-6 text-sm text-paper/70 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © <Island name="current-year" props={{ renderedYear: year }} inline /> {brand.publisher}
            . {brand.name}: {brand.tagline}. All rights reserved.
          </p>
          <a href="/privacy" className="underline underline-offset-4 hover:text-gold">
            Privacy
          </a>
        </div>
      </div>
    </footer>
  )
}
