import type { Route } from './+types/articles'
import { PersonCard, TeaserCard } from '#app/components/sections/article-cards.tsx'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { articlesView } from '#app/lib/page-views.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return articlesView(snapshotOf(context))
}

// Title, description, canonical URL, social cards and JSON-LD are built at build time in the
// loader, so none of that code ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

/** How each series is laid out: Art & Advocacy as teaser cards, the others as person cards. */
const SERIES_TONE = { 'returning-redemption': 'bg-paper-deep', 'bails-bonds': '' } as const

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { page, groups } = loaderData
  return (
    <>
      <PageBanner title={page.banner} eyebrow="Profiles and interviews">
        <p>{page.intro}</p>
      </PageBanner>

      {page.series.map((series, seriesIndex) =>
        series.id === 'art-advocacy' ? (
          <section
            key={series.id}
            aria-labelledby="series-art-advocacy"
            className="mx-auto max-w-page px-gutter py-section"
          >
            <SeriesHeading
              id="series-art-advocacy"
              title1={series.title1}
              title2={series.title2}
              subtitle={series.subtitle}
            />
            <ul className="mt-12 grid gap-6 md:grid-cols-3" data-testid="art-advocacy-cards">
              {groups['art-advocacy'].cards.map((article, index) => (
                <li key={article.slug}>
                  <TeaserCard article={article} first={seriesIndex === 0 && index === 0} />
                </li>
              ))}
            </ul>
            <MoreInSeries
              group={groups['art-advocacy']}
              name={`${series.title1} ${series.title2}`}
            />
          </section>
        ) : (
          <section
            key={series.id}
            aria-labelledby={`series-${series.id}`}
            className={SERIES_TONE[series.id]}
          >
            <div className="mx-auto max-w-page px-gutter py-section">
              <SeriesHeading
                id={`series-${series.id}`}
                title1={series.title1}
                title2={series.title2}
                subtitle={series.subtitle}
              />
              <ul className="mt-12 grid gap-6 lg:grid-cols-2" data-testid={`${series.id}-cards`}>
                {groups[series.id].cards.map((article, index) => (
                  <li key={article.slug}>
                    <PersonCard article={article} first={seriesIndex === 0 && index === 0} />
                  </li>
                ))}
              </ul>
              <MoreInSeries group={groups[series.id]} name={`${series.title1} ${series.title2}`} />
            </div>
          </section>
        ),
      )}
    </>
  )
}

/** Below a series that has more articles than the page shows: the link to its own list. */
function MoreInSeries({
  group,
  name,
}: {
  group: { total: number; more: string | undefined }
  name: string
}) {
  if (!group.more) return null
  return (
    <p className="mt-10">
      <a
        href={group.more}
        className="inline-flex min-h-11 items-center rounded-full bg-ink px-6 font-semibold text-paper hover:bg-ink/85"
      >
        All {group.total} articles in {name}
        <span aria-hidden="true">&nbsp;→</span>
      </a>
    </p>
  )
}

function SeriesHeading({
  id,
  title1,
  title2,
  subtitle,
}: {
  id: string
  title1: string
  title2: string
  subtitle: string
}) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-title font-semibold">
        {title1} <span className="text-clay italic">{title2}</span>
      </h2>
      <p className="mt-3 text-lg text-ink-soft">{subtitle}</p>
    </div>
  )
}
