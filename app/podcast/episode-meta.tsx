import { cn } from '#app/lib/cn.ts'
import { formatClock, spokenDuration } from './time.ts'

/** Shown in the show's own time zone (Kansas City), as a listener there reads the date. */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'America/Chicago',
})

export const episodeDate = (publishedAt: string) => dateFormat.format(new Date(publishedAt))

/** "Episode 6 · Mon, Nov 23, 2026 · 2:53": the number, the date and the length of an episode. */
export function EpisodeMeta({
  episode,
  className,
}: {
  episode: { number: number; publishedAt: string; duration: number }
  className?: string
}) {
  return (
    <p
      className={cn(
        'flex flex-wrap gap-x-2 text-xs font-semibold tracking-eyebrow text-clay-deep uppercase',
        className,
      )}
    >
      <span>Episode {episode.number}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={episode.publishedAt}>{episodeDate(episode.publishedAt)}</time>
      <span aria-hidden="true">·</span>
      <span>
        <span aria-hidden="true">{formatClock(episode.duration)}</span>
        <span className="sr-only">{spokenDuration(episode.duration)}</span>
      </span>
    </p>
  )
}
