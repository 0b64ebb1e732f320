import type { Route } from './+types/contact'
import { Island } from '#app/islands/island.tsx'
import { EmailLink } from '#app/components/ui/email-link.tsx'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { contactView } from '#app/lib/page-views.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return contactView(snapshotOf(context))
}

// Title, description, canonical URL, social cards and JSON-LD are built at build time in the
// loader, so none of that code ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { page, reach } = loaderData
  return (
    <>
      <PageBanner title={page.banner} eyebrow="We read every message" />
      <div className="mx-auto grid max-w-page gap-16 px-gutter py-section lg:grid-cols-12">
        <section aria-labelledby="contact-intro-title" className="lg:col-span-5">
          <h2 id="contact-intro-title" className="text-3xl font-semibold">
            {page.heading}
          </h2>
          <div className="mt-5 space-y-4 text-lg text-ink-soft">
            {page.intro.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <h3 className="mt-12 font-sans text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
            {page.servicesHeading}
          </h3>
          <ul className="mt-5 space-y-5" data-testid="services">
            {page.services.map((service) => (
              <li key={service.title} className="flex gap-4">
                <span className="mt-2 size-2.5 shrink-0 rounded-full bg-clay" aria-hidden="true" />
                <span>
                  <span className="block font-semibold">{service.title}</span>
                  <span className="block text-ink-soft">{service.description}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-12 rounded-card bg-paper-deep p-6 text-ink-soft">
            <p className="font-semibold text-ink">
              {reach.headquarters.city}, {reach.headquarters.region}
            </p>
            <p className="mt-1">
              <a
                href={reach.phoneHref}
                className="underline-offset-4 hover:text-clay hover:underline"
              >
                {reach.phone}
              </a>
              <span aria-hidden="true"> · </span>
              <EmailLink
                address={reach.email}
                className="underline-offset-4 hover:text-clay hover:underline"
              />
            </p>
          </div>
        </section>
        <section
          aria-label="Contact form"
          className="self-start rounded-card bg-white/70 p-6 shadow-card ring-1 ring-ink/5 md:p-10 lg:col-span-7"
        >
          <Island
            name="contact-form"
            props={{ heading: page.formHeading, intro: page.formIntro }}
          />
        </section>
      </div>
    </>
  )
}
