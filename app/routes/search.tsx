import type { Route } from './+types/search'
import {
  QUERY_LIMITS,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  type SearchAnswer,
  type SearchKind,
} from '#common/search.ts'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { ogImage, snapshotOf } from '#app/lib/content.server.ts'
import { seo } from '#app/lib/seo.server.ts'
import { searchAnswer } from '#app/search/search-answer.server.ts'
import { SearchHitView } from '#app/search/search-hit.tsx'
import { cn } from '#app/lib/cn.ts'

/**
 * /search: rendered by the server for each request with its results (server/search), a GET form
 * that works without JavaScript. Never indexed.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const snapshot = snapshotOf(context)
  const answer = context.get(searchAnswer)
  return {
    answer,
    meta: seo(snapshot, {
      title: answer?.query ? `Search: ${answer.query}` : 'Search',
      description: `Search everything ${snapshot.site.brand.name} has published: episodes and every word said in them, articles, pages and courses.`,
      path: '/search',
      image: ogImage(snapshot.media, 'default'),
      noindex: true,
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

/** The address of a search: its query, kind and page (page 1 and "all kinds" left out). */
export function searchHref(query: string, kind: SearchKind | null, page = 1): string {
  const params = new URLSearchParams({ q: query })
  if (kind) params.set('kind', kind)
  if (page > 1) params.set('page', String(page))
  return `/search?${params}`
}

const chip =
  'inline-flex items-center rounded-full border px-4 py-2 text-sm font-medium transition-colors'

function KindFilter({ answer }: { answer: SearchAnswer }) {
  const kinds: (SearchKind | null)[] = [null, ...SEARCH_KINDS]
  return (
    <nav aria-label="Kinds of result">
      <ul className="flex flex-wrap gap-2">
        {kinds.map((kind) => {
          const current = kind === answer.kind
          return (
            <li key={kind ?? 'all'}>
              <a
                href={searchHref(answer.query, kind)}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  chip,
                  current
                    ? 'border-ink bg-ink text-paper'
                    : 'border-ink/20 text-ink hover:border-ink hover:bg-paper-deep',
                )}
              >
                {kind ? SEARCH_KIND_LABELS[kind].many : 'Everything'}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function Paging({ answer }: { answer: SearchAnswer }) {
  if (answer.pages <= 1) return null
  const link = (page: number, label: string, rel: 'prev' | 'next') => (
    <a
      href={searchHref(answer.query, answer.kind, page)}
      rel={rel}
      className={cn(chip, 'border-ink/20 text-ink hover:border-ink hover:bg-paper-deep')}
    >
      {label}
    </a>
  )
  return (
    <nav aria-label="Result pages" className="mt-10 flex items-center justify-between gap-4">
      {answer.page > 1 ? link(answer.page - 1, 'Previous page', 'prev') : <span />}
      <p className="text-sm text-ink-soft">
        Page {answer.page} of {answer.pages}
      </p>
      {answer.page < answer.pages ? link(answer.page + 1, 'Next page', 'next') : <span />}
    </nav>
  )
}

function NothingFound({ answer }: { answer: SearchAnswer }) {
  return (
    <div className="rounded-card bg-paper-deep p-6 md:p-8">
      <h2 className="text-2xl font-semibold text-ink">
        Nothing found for “{answer.query}”
        {answer.kind && ` among ${SEARCH_KIND_LABELS[answer.kind].many.toLowerCase()}`}
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-ink-soft">
        {answer.kind && (
          <li>
            <a href={searchHref(answer.query, null)} className="text-teal underline">
              Search everything
            </a>{' '}
            instead of {SEARCH_KIND_LABELS[answer.kind].many.toLowerCase()} only.
          </li>
        )}
        <li>Try fewer words, or another word for the same thing.</li>
        <li>Put a sentence you remember in quotes to find it as said: “nine squares”.</li>
        <li>
          Browse the{' '}
          <a href="/listen" className="text-teal underline">
            episodes
          </a>
          , the{' '}
          <a href="/articles" className="text-teal underline">
            articles
          </a>{' '}
          or the{' '}
          <a href="/courses" className="text-teal underline">
            courses
          </a>
          .
        </li>
      </ul>
    </div>
  )
}

function Results({ answer }: { answer: SearchAnswer }) {
  if (answer.total === 0) return <NothingFound answer={answer} />
  const first = (answer.page - 1) * QUERY_LIMITS.perPage + 1
  return (
    <>
      <h2 className="text-lg text-ink-soft" aria-live="polite">
        {answer.correctedTo ? (
          <>
            Nothing matched “{answer.query}”; showing results for{' '}
            <strong className="text-ink">“{answer.correctedTo}”</strong>.{' '}
          </>
        ) : null}
        {answer.total === 1 ? '1 result' : `${answer.total} results`}
        {answer.pages > 1 && `, ${first}–${first + answer.hits.length - 1} shown`}
      </h2>
      <ol className="mt-2 divide-y divide-ink/10">
        {answer.hits.map((hit, i) => (
          <li key={`${hit.url}-${i}`}>
            <SearchHitView hit={hit} />
          </li>
        ))}
      </ol>
      <Paging answer={answer} />
    </>
  )
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { answer } = loaderData
  const query = answer?.query ?? ''
  return (
    <>
      <PageBanner title="Search">
        <form
          role="search"
          method="get"
          action="/search"
          className="flex flex-col gap-3 sm:flex-row"
        >
          <label htmlFor="search-page-query" className="sr-only">
            Search episodes, transcripts, articles, pages and courses
          </label>
          <input
            id="search-page-query"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={QUERY_LIMITS.characters}
            placeholder="A name, a place, a sentence you remember"
            className="min-h-12 w-full rounded-full border border-paper/40 bg-paper px-5 text-base text-ink placeholder:text-ink-soft focus:outline-2 focus:outline-offset-2 focus:outline-gold"
          />
          {answer?.kind && <input type="hidden" name="kind" value={answer.kind} />}
          <button
            type="submit"
            className="min-h-12 shrink-0 rounded-full bg-clay px-7 font-semibold text-paper transition-colors hover:bg-clay-deep"
          >
            Search
          </button>
        </form>
      </PageBanner>
      <div className="mx-auto max-w-reading px-gutter py-section">
        {answer && query ? (
          <div className="space-y-8">
            <KindFilter answer={answer} />
            <Results answer={answer} />
          </div>
        ) : (
          <p className="text-lg text-ink-soft">
            Search every episode down to the sentence, every article and page, and the course
            catalogue. Put words in quotes to find them together, as they were said.
          </p>
        )}
      </div>
    </>
  )
}
