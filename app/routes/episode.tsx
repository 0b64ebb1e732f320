import { data } from 'react-router'
import type { Route } from './+types/episode'
import { Picture } from '#app/components/ui/picture.tsx'
import type { IslandPacksHandle } from '#app/document/document-assets.ts'
import { Island } from '#app/islands/island.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { TRANSCRIPT_ID } from '#app/lib/podcast-paths.server.ts'
import { episodeView } from '#app/lib/podcast.server.ts'
import { EpisodeMeta } from '#app/podcast/episode-meta.tsx'
import { renderClock } from '#app/render-clock.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = episodeView(snapshotOf(context), params.slug, context.get(renderClock)())
  if (!view) throw data(null, { status: 404, statusText: 'Not Found' })
  return { ...view, transcriptId: TRANSCRIPT_ID }
}

/** The player and the transcript are the podcast's island pack (app/podcast/islands.ts). */
export const handle: IslandPacksHandle = { islandPacks: ['podcast'] }

// Built at build time in the loader, so none of it ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function EpisodePage({ loaderData }: Route.ComponentProps) {
  const { show, episode, newer, older, transcriptId } = loaderData
  return (
    <article>
      <header className="relative overflow-hidden bg-ink text-paper">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-16 size-72 rounded-full bg-teal/60 blur-2xl"
        />
        <div className="relative mx-auto grid max-w-page items-start gap-8 px-gutter pt-10 pb-14 md:grid-cols-[auto_1fr] md:gap-12 md:pt-14 md:pb-20">
          <Picture
            image={show.artwork}
            sizes="(min-width: 768px) 12rem, 7rem"
            loading="eager"
            className="w-28 overflow-hidden rounded-card shadow-card ring-1 ring-paper/15 md:w-48"
          />
          <div>
            <nav aria-label="Breadcrumb" className="text-sm text-paper/80">
              <ol className="flex flex-wrap gap-2">
                <li>
                  <a href="/listen" className="underline-offset-4 hover:text-gold hover:underline">
                    {show.title}
                  </a>
                  <span aria-hidden="true"> / </span>
                </li>
                <li>Episode {episode.number}</li>
              </ol>
            </nav>
            <h1 className="mt-4 font-display text-title font-semibold">{episode.title}</h1>
            <EpisodeMeta episode={episode} className="mt-4 text-gold" />
            {/* One link a line on a phone: side by side, the second wrapped below the first at
                412 px, and a slow phone that painted the second half-parsed (shorter) beside
                the first moved it down a line when the rest arrived. */}
            <p className="mt-5 flex flex-col items-start gap-x-6 gap-y-2 text-sm sm:flex-row sm:flex-wrap">
              <a
                href={`#${transcriptId}`}
                className="inline-flex min-h-11 items-center font-semibold text-gold underline underline-offset-4"
              >
                Read the transcript
              </a>
              <a
                href={episode.audio.url}
                download
                className="inline-flex min-h-11 items-center font-semibold text-gold underline underline-offset-4"
              >
                {downloadLabel(episode.audio)}
              </a>
            </p>
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-page px-gutter">
        <div className="relative -mt-8 md:-mt-10">
          <Island name="episode-player" props={episode.player} />
        </div>
      </div>

      <div className="mx-auto grid max-w-page gap-12 px-gutter py-14 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-16">
        <section aria-labelledby="notes-title">
          <p className="font-display text-2xl leading-snug font-medium">{episode.summary}</p>
          <h2 id="notes-title" className="mt-10 text-2xl font-semibold">
            Show notes
          </h2>
          <div
            className="article-body mt-6"
            dangerouslySetInnerHTML={{ __html: episode.notesHtml }}
          />
        </section>
        <Island
          name="transcript-view"
          props={{ guid: episode.guid, cues: episode.cues, timed: episode.timed, id: transcriptId }}
        />
      </div>

      {(newer || older) && (
        <nav aria-label="More episodes" className="bg-paper-deep">
          <ul className="mx-auto grid max-w-page gap-6 px-gutter py-12 md:grid-cols-2">
            {[
              { episode: older, label: 'Previous episode' },
              { episode: newer, label: 'Next episode' },
            ].map(({ episode: other, label }) =>
              other ? (
                <li key={label}>
                  <a
                    href={other.href}
                    className="group block h-full rounded-card bg-paper p-5 shadow-card ring-1 ring-ink/5 hover:ring-clay/40"
                  >
                    <span className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
                      {label} · Episode {other.number}
                    </span>
                    <span className="mt-2 block text-xl font-semibold group-hover:underline">
                      {other.title}
                    </span>
                  </a>
                </li>
              ) : (
                <li key={label} aria-hidden="true" className="hidden md:block" />
              ),
            )}
          </ul>
        </nav>
      )}
    </article>
  )
}

/** "Download the episode (MP3, 4.2 MB)", one text node in the HTML. */
function downloadLabel(audio: { type: string; size: number }) {
  const kind = audio.type === 'audio/mp4' ? 'M4A' : 'MP3'
  return `Download the episode (${kind}, ${Math.round(audio.size / 100_000) / 10} MB)`
}
