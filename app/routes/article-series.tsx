import { data } from 'react-router'
import type { Route } from './+types/article-series'
import { PersonCard, TeaserCard } from '#app/components/sections/article-cards.tsx'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { Pager } from '#app/components/ui/pager.tsx'
import { seriesView } from '#app/lib/article-series.server.ts'
import { snapshotOf } from '#app/lib/content.server.ts'

/** A series' own list of articles, /articles/series/<id> and its later pages (…/page/<n>). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = params.page === undefined ? 1 : Number(params.page)
  const view = seriesView(snapshotOf(context), params.series, page)
  if (!view || (params.page !== undefined && page === 1))
    throw data(null, { status: 404, statusText: 'Not Found' })
  return view
}

// Built in the loader, so none of it ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function ArticleSeries({ loaderData }: Route.ComponentProps) {
  const { series, cards, total, page, pages, pager, previousHref, nextHref } = loaderData
  const Card = series.id === 'art-advocacy' ? TeaserCard : PersonCard
  return (
    <>
      <PageBanner title={series.name} eyebrow="Articles · a series">
        <p>{series.subtitle}</p>
      </PageBanner>
      <section aria-labelledby="series-list" className="mx-auto max-w-page px-gutter py-section">
        <nav aria-label="Breadcrumb" className="text-sm text-ink-soft">
          <a
            href="/articles"
            className="font-semibold text-teal underline-offset-4 hover:underline"
          >
            Articles
          </a>
          <span aria-hidden="true"> / </span>
          <span>{series.name}</span>
        </nav>
        <h2 id="series-list" className="mt-6 text-title font-semibold">
          {total === 0
            ? 'No articles in this series yet'
            : total === 1
              ? 'One article'
              : `${total} articles${pages > 1 ? `, page ${page} of ${pages}` : ''}`}
        </h2>
        {cards.length > 0 && (
          <ul
            className={`mt-10 grid gap-6 ${series.id === 'art-advocacy' ? 'md:grid-cols-3' : 'lg:grid-cols-2'}`}
            data-testid="series-cards"
          >
            {cards.map((article, index) => (
              <li key={article.slug}>
                <Card article={article} first={index === 0} />
              </li>
            ))}
          </ul>
        )}
        {pager.length > 0 && (
          <Pager
            noun="articles"
            order="reading"
            pager={pager}
            newerHref={previousHref}
            olderHref={nextHref}
          />
        )}
      </section>
    </>
  )
}
