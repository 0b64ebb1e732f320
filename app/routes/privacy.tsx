import type { Route } from './+types/privacy'
import { EmailLink } from '#app/components/ui/email-link.tsx'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { privacyView } from '#app/lib/page-views.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return privacyView(snapshotOf(context))
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { page, email } = loaderData
  return (
    <>
      <PageBanner title={page.banner} eyebrow={page.eyebrow}>
        {page.intro[0]}
      </PageBanner>
      <div className="mx-auto grid max-w-page gap-12 px-gutter py-section lg:grid-cols-12">
        <nav aria-label="On this page" className="lg:col-span-4">
          <div className="lg:sticky lg:top-28">
            <h2 className="font-sans text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
              On this page
            </h2>
            <ul className="mt-4 space-y-2 text-ink-soft">
              {[...page.sections, { id: 'deletion', heading: page.deletion.heading }].map((s) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className="underline-offset-4 hover:text-clay hover:underline"
                  >
                    {s.heading}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <div className="max-w-reading space-y-12 text-lg text-ink-soft lg:col-span-8">
          {page.intro.slice(1).map((p) => (
            <p key={p} className="font-medium text-ink">
              {p}
            </p>
          ))}
          {page.sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className="text-3xl font-semibold text-ink">
                {section.heading}
              </h2>
              <div className="mt-4 space-y-4">
                {section.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
                {section.items && (
                  <ul className="space-y-3">
                    {section.items.map((item) => (
                      <li key={item} className="flex gap-4">
                        <span
                          className="mt-2.5 size-2 shrink-0 rounded-full bg-clay"
                          aria-hidden="true"
                        />
                        <span>{item}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </section>
          ))}
          <section aria-labelledby="deletion" className="rounded-card bg-paper-deep p-6 md:p-8">
            <h2 id="deletion" className="text-3xl font-semibold text-ink">
              {page.deletion.heading}
            </h2>
            <div className="mt-4 space-y-4">
              {page.deletion.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
              <p className="font-semibold text-ink">
                {page.deletion.emailLabel}{' '}
                <EmailLink
                  address={email}
                  className="text-teal underline underline-offset-4 hover:text-clay"
                />
              </p>
            </div>
          </section>
          <p className="text-sm">Last updated {page.updated}.</p>
        </div>
      </div>
    </>
  )
}
