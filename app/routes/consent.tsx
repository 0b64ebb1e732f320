import type { Route } from './+types/consent'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { Island } from '#app/islands/island.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { consentView } from '#app/lib/page-views.server.ts'
import type { ConsentPageContent } from '#common/content/pages.ts'

/**
 * The small pages around the two forms (app/page-paths.ts, NOINDEX_PAGES): the newsletter's
 * confirm and unsubscribe pages and the result pages the server redirects to. Every route of
 * them uses this module; the copy is chosen by the page's path at build time.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Prerendering asks for the page and for its data (/x.data, or /x/_.data).
  const path = new URL(request.url).pathname.replace(/(\/_)?\.data$/, '').replace(/\/+$/, '')
  return consentView(snapshotOf(context), path)
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

type Page<K extends ConsentPageContent['kind']> = Extract<ConsentPageContent, { kind: K }>

export default function ConsentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <>
      <PageBanner title={page.title} eyebrow={page.eyebrow} />
      <div className="mx-auto max-w-page px-gutter py-section">
        <section
          aria-labelledby="consent-heading"
          className="mx-auto max-w-3xl rounded-card bg-white/70 p-6 shadow-card ring-1 ring-ink/5 md:p-10"
        >
          <h2 id="consent-heading" className="text-title font-semibold">
            {page.heading}
          </h2>
          <div className="mt-5 space-y-4 text-lg text-ink-soft">
            {page.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          {page.kind === 'form' && <OneButtonForm page={page} />}
          {page.kind === 'not-sent' && (
            <Island
              name="field-rules"
              props={{
                heading: page.fieldsHeading,
                fields: page.fields,
                flaggedLabel: page.flagged,
                rateLimit: page.rateLimit,
              }}
            />
          )}
          <Actions actions={page.actions} primary={page.kind !== 'form'} />
        </section>
      </div>
    </>
  )
}

/**
 * Confirm and unsubscribe: the button posts to this page's own URL, token included (a form
 * without an action attribute), and the server answers with a 303 to a result page. A plain
 * browser post, with or without JavaScript: a link scanner that only opens the link changes
 * nothing, and there is no client-side state to flash.
 */
function OneButtonForm({ page }: { page: Page<'form'> }) {
  return (
    <>
      <dl className="mt-8 grid gap-5 sm:grid-cols-2">
        {page.points.map((point) => (
          <div key={point.title} className="rounded-xl bg-paper-deep p-5">
            <dt className="font-semibold text-ink">{point.title}</dt>
            <dd className="mt-1 text-ink-soft">{point.text}</dd>
          </div>
        ))}
      </dl>
      <form method="post" className="mt-8">
        <button type="submit" className={buttonClass('primary', undefined, 'lg')}>
          {page.button}
        </button>
      </form>
    </>
  )
}

function Actions({
  actions,
  primary,
}: {
  actions: { to: string; label: string }[]
  primary: boolean
}) {
  return (
    <ul className="mt-10 flex flex-wrap gap-3">
      {actions.map((action, i) => {
        const className = buttonClass(primary && i === 0 ? 'dark' : 'outline')
        return (
          <li key={action.to}>
            <a href={action.to} className={className}>
              {action.label}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
