import { data } from 'react-router'
import type { Route } from './+types/newsletter-letter'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { letterView } from '#app/lib/letters.server.ts'

/** A letter that went out, at the address its mail links to (ADR 024). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const view = letterView(snapshotOf(context), params.slug)
  if (!view) throw data(null, { status: 404, statusText: 'Not Found' })
  return view
}

// Built at build time in the loader, so none of it ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function NewsletterLetter({ loaderData }: Route.ComponentProps) {
  const { letter, archiveHref } = loaderData
  return (
    <article>
      <PageBanner title="The newsletter" eyebrow="Letters to our readers" titleIsHeading={false} />
      <header className="mx-auto max-w-reading px-gutter pt-14">
        <nav aria-label="Breadcrumb" className="text-sm text-ink-soft">
          <ol className="flex flex-wrap gap-2">
            <li>
              <a href={archiveHref} className="underline-offset-4 hover:text-clay hover:underline">
                Newsletter archive
              </a>
              <span aria-hidden="true"> / </span>
            </li>
            <li>{letter.date}</li>
          </ol>
        </nav>
        <h1 className="mt-6 text-title font-semibold">{letter.subject}</h1>
        {letter.preheader && (
          <p className="mt-6 font-display text-2xl font-medium text-clay">{letter.preheader}</p>
        )}
        <p className="mt-6 border-t border-ink/10 pt-4 text-sm text-ink-soft">
          Sent to our readers on <time dateTime={letter.sentAt}>{letter.date}</time>
        </p>
      </header>
      <div
        className="article-body mx-auto max-w-reading px-gutter py-14"
        dangerouslySetInnerHTML={{ __html: letter.html }}
      />
      <aside className="mx-auto mb-section max-w-reading px-gutter">
        <div className="rounded-card bg-paper-deep p-6">
          <p className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
            The newsletter
          </p>
          <p className="mt-2">
            Get the next letter in your inbox: sign up{' '}
            <a
              href="#newsletter-email"
              className="font-semibold text-teal underline underline-offset-4"
            >
              at the foot of this page
            </a>
            , or read{' '}
            <a href={archiveHref} className="font-semibold text-teal underline underline-offset-4">
              every letter we have sent
            </a>
            .
          </p>
        </div>
      </aside>
    </article>
  )
}
