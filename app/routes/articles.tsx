import type { Route } from './+types/articles'
import {
  PersonCard,
  TeaserCard,
  type ArticleCardView,
} from '#app/components/sections/article-cards.tsx'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { listArticles } from '#app/lib/articles.server.ts'
import { getArticlesPage, ogImage } from '#app/lib/content.server.ts'
import { breadcrumbs, seo } from '#app/lib/seo.server.ts'

export async function loader() {
  const page = getArticlesPage()
  const articles = listArticles()
  const inSeries = (id: string, trailingSlash: boolean): ArticleCardView[] =>
    articles
      .filter((a) => a.series === id)
      .map((a) => ({
        slug: a.slug,
        name: a.name,
        cardTitle: a.cardTitle,
        summary: a.summary,
        location: a.location,
        color: a.color,
        portrait: a.portrait,
        // The series cards link with a trailing slash, the Art & Advocacy cards without:
        // both forms are served (SPEC section 2).
        link: `/articles/${a.slug}${trailingSlash ? '/' : ''}`,
      }))
  return {
    page,
    groups: {
      'art-advocacy': inSeries('art-advocacy', false),
      'returning-redemption': inSeries('returning-redemption', true),
      'bails-bonds': inSeries('bails-bonds', true),
    },
    meta: seo({
      title: 'Articles',
      description:
        'Interview profiles of community changemakers: Art & Advocates, Returning & Redemption, and Bails & Bonds.',
      path: '/articles',
      image: ogImage('articles'),
      jsonLd: [
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: 'Articles', path: '/articles' },
        ]),
      ],
    }),
  }
}

// Title, description, canonical URL, social cards and JSON-LD are built at build time in the
// loader, so none of that code ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { page, groups } = loaderData
  const [artSeries, returning, bails] = page.series
  return (
    <>
      <PageBanner title={page.banner} eyebrow="Profiles and interviews">
        <p>{page.intro}</p>
      </PageBanner>

      {artSeries && (
        <section
          aria-labelledby="series-art-advocacy"
          className="mx-auto max-w-page px-gutter py-section"
        >
          <SeriesHeading
            id="series-art-advocacy"
            title1={artSeries.title1}
            title2={artSeries.title2}
            subtitle={artSeries.subtitle}
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-3" data-testid="art-advocacy-cards">
            {groups['art-advocacy'].map((article) => (
              <li key={article.slug}>
                <TeaserCard article={article} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {[
        {
          series: returning,
          cards: groups['returning-redemption'],
          id: 'returning-redemption',
          tone: 'bg-paper-deep',
        },
        { series: bails, cards: groups['bails-bonds'], id: 'bails-bonds', tone: '' },
      ].map(({ series, cards, id, tone }) =>
        series ? (
          <section key={id} aria-labelledby={`series-${id}`} className={tone}>
            <div className="mx-auto max-w-page px-gutter py-section">
              <SeriesHeading
                id={`series-${id}`}
                title1={series.title1}
                title2={series.title2}
                subtitle={series.subtitle}
              />
              <ul className="mt-12 grid gap-6 lg:grid-cols-2" data-testid={`${id}-cards`}>
                {cards.map((article) => (
                  <li key={article.slug}>
                    <PersonCard article={article} />
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ) : null,
      )}
    </>
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
