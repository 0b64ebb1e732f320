import { formatMoment, SEARCH_KIND_LABELS, type SearchHit } from '#common/search.ts'

/**
 * One result: its kind, its title as a link, for a transcript line who says it and when, and the
 * snippet with the matched words marked. Everything is text React escapes: content is data.
 */
export function SearchHitView({
  hit,
  headingLevel = 'h2',
}: {
  hit: SearchHit
  headingLevel?: 'h2' | 'h3'
}) {
  const Heading = headingLevel
  const moment = hit.line?.seconds != null ? formatMoment(hit.line.seconds) : null
  return (
    <article className="py-5">
      <p className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
        {SEARCH_KIND_LABELS[hit.kind].one}
        {hit.line && (
          <span className="ml-2 font-medium tracking-normal text-ink-soft normal-case">
            {hit.line.speaker ? `${hit.line.speaker}` : 'Transcript'}
            {moment && ` at ${moment}`}
          </span>
        )}
      </p>
      <Heading className="mt-1 text-xl font-semibold text-ink">
        <a
          href={hit.url}
          className="underline-offset-4 hover:text-clay hover:underline focus-visible:underline"
        >
          {hit.title}
          {moment && <span className="sr-only">, at {moment}</span>}
        </a>
      </Heading>
      {hit.snippet.length > 0 && (
        <p className="mt-2 text-ink-soft">
          {hit.snippet.map((part, i) =>
            part.mark ? (
              <mark key={i} className="rounded-sm bg-gold-soft px-0.5 text-ink">
                {part.text}
              </mark>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </p>
      )}
    </article>
  )
}
