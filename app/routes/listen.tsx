import { data } from 'react-router'
import type { Route } from './+types/listen'
import { Pager } from '#app/components/ui/pager.tsx'
import { Picture } from '#app/components/ui/picture.tsx'
import type { IslandPacksHandle } from '#app/document/document-assets.ts'
import { Island } from '#app/islands/island.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { listenView } from '#app/lib/podcast.server.ts'
import { EpisodeListItem } from '#app/podcast/episode-list-item.tsx'
import { FollowLinks } from '#app/podcast/follow-links.tsx'
import { EpisodeMeta } from '#app/podcast/episode-meta.tsx'
import { renderClock } from '#app/render-clock.ts'

/** /listen, and the archive's /listen/page/N (page 1: the oldest; the same module, two routes). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = params.page === undefined ? undefined : Number(params.page)
  const view = listenView(snapshotOf(context), context.get(renderClock)(), page)
  if (!view) throw data(null, { status: 404, statusText: 'Not Found' })
  return view
}

/** The player and the transcript are the podcast's island pack (app/podcast/islands.ts). */
export const handle: IslandPacksHandle = { islandPacks: ['podcast'] }

// Built at build time in the loader, so none of it ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function Listen({ loaderData }: Route.ComponentProps) {
  const { show, latest, episodes, page, total, pager, newerHref, olderHref } = loaderData
  const first = page === undefined
  return (
    <>
      <section
        aria-labelledby="listen-title"
        className="relative overflow-hidden bg-ink text-paper"
      >
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-16 size-72 rounded-full bg-teal/60 blur-2xl"
        />
        <div
          aria-hidden="true"
          className="absolute top-72 left-1/4 size-64 rounded-full bg-plum/60 blur-2xl md:top-80"
        />
        <div className="relative mx-auto grid max-w-page items-start gap-8 px-gutter py-12 md:grid-cols-[1fr_auto] md:gap-10 md:py-20">
          <Picture
            image={show.artwork}
            sizes="(min-width: 768px) 18rem, 8rem"
            loading="eager"
            className="w-32 overflow-hidden rounded-card shadow-card ring-1 ring-paper/15 md:col-start-2 md:row-start-1 md:w-72"
          />
          <div className="md:col-start-1 md:row-start-1">
            <p className="text-xs font-semibold tracking-eyebrow text-gold uppercase">
              Listen · the daily news podcast
            </p>
            <h1 id="listen-title" className="mt-3 font-display text-display font-semibold">
              {show.title}
            </h1>
            {first ? (
              <p className="mt-6 max-w-2xl text-lg text-paper/85">{show.description}</p>
            ) : (
              <p className="mt-6 text-lg text-paper/85">
                The archive, five episodes a page: page 1 holds the first ones.
              </p>
            )}
            <FollowLinks links={show.follow} className="mt-8" />
          </div>
        </div>
      </section>

      {latest && (
        <section aria-labelledby="latest-title" className="bg-paper-deep">
          <div className="mx-auto grid max-w-page gap-8 px-gutter py-14 md:py-20 lg:grid-cols-[2fr_3fr] lg:gap-14">
            <div>
              <p className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
                Latest episode
              </p>
              <h2 id="latest-title" className="mt-3 text-title font-semibold">
                <a href={latest.href} className="underline-offset-4 hover:underline">
                  {latest.title}
                </a>
              </h2>
              <EpisodeMeta episode={latest} className="mt-4" />
              <p className="mt-5 text-lg text-ink-soft">{latest.summary}</p>
              <p className="mt-6">
                <a
                  href={latest.href}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold text-teal underline underline-offset-4 hover:text-clay"
                >
                  Show notes and full transcript
                  <span aria-hidden="true">→</span>
                </a>
              </p>
            </div>
            <Island name="episode-player" props={latest.player} />
          </div>
        </section>
      )}

      <section aria-labelledby="episodes-title" className="mx-auto max-w-page px-gutter py-section">
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <h2 id="episodes-title" className="text-title font-semibold">
            {first ? 'All episodes' : `Episodes, page ${page}`}
          </h2>
          {total !== undefined && (
            <p className="text-ink-soft">
              {total} {total === 1 ? 'episode' : 'episodes'}, newest first
            </p>
          )}
        </div>
        <ol className="mt-10 grid gap-5">
          {episodes.map((episode) => (
            <li key={episode.slug}>
              <EpisodeListItem episode={episode} />
            </li>
          ))}
        </ol>
        {pager.length > 0 && (
          <Pager noun="episodes" pager={pager} newerHref={newerHref} olderHref={olderHref} />
        )}
        {show.funding && (
          <aside className="mt-16 rounded-card bg-paper-deep p-6 md:p-8">
            <p className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
              Support the show
            </p>
            <p className="mt-2 text-lg">
              <a
                href={show.funding.url}
                target="_blank"
                rel="noopener"
                className="font-semibold text-teal underline underline-offset-4 hover:text-clay"
              >
                {show.funding.text}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          </aside>
        )}
      </section>
    </>
  )
}
