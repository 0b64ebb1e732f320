import { Link } from 'react-router'
import { formatClock, spokenDuration } from './time.ts'

export type EpisodeSummary = {
  title: string
  number: number
  /** ISO date-time, UTC. */
  publishedAt: string
  summary: string
  /** Seconds, from the audio file. */
  duration: number
  /** The episode page, /listen/{slug}. */
  href: string
}

/** Shown in the show's own time zone (Kansas City), as a listener there reads the date. */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'America/Chicago',
})

/** One episode in a list: number, date and length, the title as the link, the summary. */
export function EpisodeListItem({ episode }: { episode: EpisodeSummary }) {
  const date = new Date(episode.publishedAt)
  return (
    <article className="group relative rounded-card bg-white/70 p-5 shadow-card ring-1 ring-ink/5 sm:p-6">
      <p className="flex flex-wrap gap-x-2 text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
        <span>Episode {episode.number}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={episode.publishedAt}>{dateFormat.format(date)}</time>
        <span aria-hidden="true">·</span>
        <span>
          <span aria-hidden="true">{formatClock(episode.duration)}</span>
          <span className="sr-only">{spokenDuration(episode.duration)}</span>
        </span>
      </p>
      <h3 className="mt-2 text-2xl font-semibold">
        {/* the whole card is the link's target area; the title is its name */}
        <Link
          to={episode.href}
          className="group-hover:underline after:absolute after:inset-0 after:rounded-card"
        >
          {episode.title}
        </Link>
      </h3>
      <p className="mt-2 text-ink-soft">{episode.summary}</p>
    </article>
  )
}
