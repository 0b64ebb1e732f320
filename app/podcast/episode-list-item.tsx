import { Link } from 'react-router'
import { EpisodeMeta } from './episode-meta.tsx'

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

/** One episode in a list: number, date and length, the title as the link, the summary. */
export function EpisodeListItem({ episode }: { episode: EpisodeSummary }) {
  return (
    <article className="group relative rounded-card bg-white/70 p-5 shadow-card ring-1 ring-ink/5 sm:p-6">
      <EpisodeMeta episode={episode} />
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
