/**
 * The podcast (editors and administrators): every episode, newest first, with what visitors see
 * of it (a draft, scheduled for a time, published), and the way to a new episode and to the
 * show's settings.
 */
import { Link, useLoaderData } from 'react-router'
import type { EpisodeListItem } from '#common/podcast-admin.ts'
import * as podcastApi from '#common/podcast-contracts.ts'
import { call } from '#app/admin/api.ts'
import {
  Badge,
  buttonClass,
  EmptyState,
  PageHeader,
  ViewOnSite,
} from '#app/admin/components/ui.tsx'
import { formatAgo, formatClock, formatShowTime } from '#app/admin/format.ts'

/** The episodes' link to their page on the site, in the list and on the episode's own page. */
export const siteLinkClass = 'text-sm font-semibold text-teal underline underline-offset-4'

export const podcastLoader = () => call(podcastApi.podcast)

export function EpisodeStatus({
  episode,
}: {
  episode: Pick<EpisodeListItem, 'status' | 'publishAt' | 'hasDraft'>
}) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      {episode.status === 'published' && <Badge tone="good">Published</Badge>}
      {episode.status === 'scheduled' && (
        <Badge tone="new">
          Scheduled{episode.publishAt ? ` for ${formatShowTime(episode.publishAt)}` : ''}
        </Badge>
      )}
      {episode.status === 'draft' && <Badge tone="quiet">Draft</Badge>}
      {episode.hasDraft && episode.status !== 'draft' && (
        <Badge tone="quiet">Unpublished changes</Badge>
      )}
    </span>
  )
}

export function PodcastPage() {
  const { showTitle, episodes, nextNumber } = useLoaderData<typeof podcastLoader>()
  return (
    <>
      <PageHeader
        title="Podcast"
        lead={`The episodes of ${showTitle}, newest first. A new one can be prepared the night before: give it the morning's publication time and it goes out on its own.`}
        actions={
          <>
            <Link to="/podcast/show" className={buttonClass('outline')}>
              Show settings
            </Link>
            <Link to="/podcast/new" className={buttonClass('primary')}>
              New episode {nextNumber}
            </Link>
          </>
        }
      />
      {episodes.length === 0 ? (
        <EmptyState title="No episodes yet">
          The first one starts with its audio and its transcript.
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-3">
          {episodes.map((episode) => (
            <li
              key={episode.key}
              className="rounded-card bg-white/70 p-4 shadow-card ring-1 ring-ink/5 sm:p-5"
            >
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-ink-soft">
                    Episode {episode.number} · {formatShowTime(episode.publishedAt)} ·{' '}
                    {formatClock(episode.duration)}
                  </p>
                  <h2 className="mt-1 font-display text-xl font-semibold break-words">
                    <Link
                      to={`/podcast/episodes/${episode.id}`}
                      className="underline-offset-4 hover:underline"
                    >
                      {episode.title}
                    </Link>
                  </h2>
                  <p className="mt-2 text-sm text-ink-soft">
                    Changed {formatAgo(episode.updatedAt)}
                    {episode.updatedBy ? ` by ${episode.updatedBy.label}` : ' by the importer'}
                  </p>
                </div>
                <div className="flex flex-col items-start gap-2 sm:items-end">
                  <EpisodeStatus episode={episode} />
                  {episode.url && <ViewOnSite href={episode.url} className={siteLinkClass} />}
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
