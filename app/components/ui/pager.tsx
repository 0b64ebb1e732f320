import type { PageLink } from '#app/lib/pager.ts'

/**
 * The windowed pager of an archive (app/lib/pager.ts): newer and older links, page 1, the pages
 * near this one and "Latest". `noun` names what is paged ("episodes", "letters"); a list read
 * from its start (a series of articles) says "Previous" and "Next" instead (`order="reading"`).
 */
export function Pager({
  noun,
  pager,
  newerHref,
  olderHref,
  order = 'time',
}: {
  noun: string
  pager: readonly PageLink[]
  /** The link back (newer items, or the previous page). */
  newerHref: string | undefined
  /** The link on (older items, or the next page). */
  olderHref: string | undefined
  order?: 'time' | 'reading'
}) {
  const back = order === 'time' ? `Newer ${noun}` : `Previous page`
  const on = order === 'time' ? `Older ${noun}` : `Next page`
  return (
    <nav aria-label={`Pages of ${noun}`} className="mt-12">
      <ol className="flex flex-wrap items-center gap-2">
        {newerHref && (
          <li>
            <a
              href={newerHref}
              rel="prev"
              className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-teal underline-offset-4 hover:underline"
            >
              <span aria-hidden="true">←&nbsp;</span>
              {back}
            </a>
          </li>
        )}
        {pager.map((link, i) => (
          <li key={link.href} className="flex items-center gap-2">
            {i > 0 && Number(link.label) > Number(pager[i - 1]!.label) + 1 && (
              <span aria-hidden="true" className="text-ink-soft">
                …
              </span>
            )}
            <a
              href={link.href}
              aria-current={link.current ? 'page' : undefined}
              aria-label={link.label === 'Latest' ? `Latest ${noun}` : `Page ${link.label}`}
              className="inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 font-semibold tabular-nums ring-1 ring-ink/15 hover:bg-paper-deep aria-[current=page]:bg-ink aria-[current=page]:text-paper aria-[current=page]:ring-ink"
            >
              {link.label}
            </a>
          </li>
        ))}
        {olderHref && (
          <li>
            <a
              href={olderHref}
              rel="next"
              className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-teal underline-offset-4 hover:underline"
            >
              {on}
              <span aria-hidden="true">&nbsp;→</span>
            </a>
          </li>
        )}
      </ol>
    </nav>
  )
}
