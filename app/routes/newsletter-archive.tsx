import { data } from 'react-router'
import type { Route } from './+types/newsletter-archive'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { Pager } from '#app/components/ui/pager.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { letterArchiveView } from '#app/lib/letters.server.ts'

/** /newsletter/archive and its pages /newsletter/archive/page/N (the same module, two routes). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = params.page === undefined ? undefined : Number(params.page)
  const view = letterArchiveView(snapshotOf(context), page)
  if (!view) throw data(null, { status: 404, statusText: 'Not Found' })
  return view
}

// Built at build time in the loader, so none of it ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function NewsletterArchive({ loaderData }: Route.ComponentProps) {
  const { letters, page, total, pager, newerHref, olderHref } = loaderData
  return (
    <>
      <PageBanner
        title={page === undefined ? 'Newsletter archive' : `Newsletter archive, page ${page}`}
        eyebrow="The newsletter"
      >
        <p>
          Every letter we have sent to our readers: new stories, episodes and courses. Some gather
          the episodes of The Daily Commons and the profiles published since the last one; now and
          then one episode or story goes out on its own. Sign up at the foot of any page to get the
          next one.
        </p>
      </PageBanner>

      <section aria-labelledby="letters-title" className="mx-auto max-w-page px-gutter py-section">
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <h2 id="letters-title" className="text-title font-semibold">
            {page === undefined ? 'Letters' : `Letters, page ${page}`}
          </h2>
          {total !== undefined && total > 0 && (
            <p className="text-ink-soft">
              {total} {total === 1 ? 'letter' : 'letters'}, newest first
            </p>
          )}
        </div>
        {letters.length === 0 ? (
          <p className="mt-10 max-w-reading text-lg text-ink-soft">
            No letter has gone out yet. The first one will be here the day it is sent.
          </p>
        ) : (
          <ol className="mt-10 grid gap-5">
            {letters.map((letter) => (
              <li
                key={letter.slug}
                className="rounded-card bg-paper-deep p-6 ring-1 ring-ink/5 md:p-8"
              >
                <p className="text-sm text-ink-soft">
                  <time dateTime={letter.sentAt}>{letter.date}</time>
                </p>
                <h3 className="mt-2 font-display text-2xl font-semibold">
                  <a
                    href={letter.href}
                    className="underline-offset-4 hover:text-clay hover:underline"
                  >
                    {letter.subject}
                  </a>
                </h3>
                {letter.preheader && <p className="mt-3 text-ink-soft">{letter.preheader}</p>}
              </li>
            ))}
          </ol>
        )}
        {pager.length > 0 && (
          <Pager noun="letters" pager={pager} newerHref={newerHref} olderHref={olderHref} />
        )}
      </section>

      <section
        aria-labelledby="letter-holds-title"
        className="mx-auto max-w-page px-gutter pb-section"
      >
        <h2 id="letter-holds-title" className="text-title font-semibold">
          What a letter holds
        </h2>
        <ul className="mt-6 grid max-w-reading gap-3 text-lg text-ink-soft">
          <li>
            Episodes of The Daily Commons, each with a line on who you will hear from and a link to
            listen.
          </li>
          <li>New profiles of changemakers, and the courses that are about to begin.</li>
          <li>
            Nothing that watches you: no tracking pixel, no rewritten links, and a one-click way out
            at the foot of every letter.
          </li>
        </ul>
      </section>
    </>
  )
}
