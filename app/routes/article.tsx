import { data } from 'react-router'
import type { Route } from './+types/article'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { Picture } from '#app/components/ui/picture.tsx'
import { articleView } from '#app/lib/articles.server.ts'
import { snapshotOf } from '#app/lib/content.server.ts'
import { SERIES_NAME } from '#app/lib/series.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = articleView(snapshotOf(context), params.slug)
  if (!view) throw data(null, { status: 404, statusText: 'Not Found' })
  return view
}

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })

// Built at build time in the loader, so none of it ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData
  return (
    <article>
      <PageBanner title={article.bannerTitle} eyebrow="Articles" titleIsHeading={false} />
      <header className="mx-auto max-w-reading px-gutter pt-14">
        <nav aria-label="Breadcrumb" className="text-sm text-ink-soft">
          <ol className="flex flex-wrap gap-2">
            <li>
              <a href="/articles" className="underline-offset-4 hover:text-clay hover:underline">
                Articles
              </a>
              <span aria-hidden="true"> / </span>
            </li>
            <li>{SERIES_NAME[article.series]}</li>
          </ol>
        </nav>
        <h1 className="mt-6 text-title font-semibold">{article.headline}</h1>
        <p className="mt-6 font-display text-2xl font-medium text-clay">{article.name}</p>
        <p className="mt-1 text-ink-soft">{article.city}</p>
        <p className="mt-6 border-t border-ink/10 pt-4 text-sm text-ink-soft">
          <span className="font-semibold text-ink">{article.byline}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={article.date}>{longDate(article.date)}</time>
        </p>
      </header>
      <figure className="mx-auto mt-10 max-w-5xl px-gutter">
        <Picture
          image={article.cover}
          sizes="(min-width: 1024px) 64rem, 100vw"
          loading="priority"
          className="overflow-hidden rounded-card shadow-card"
          // An uploaded cover of any shape is cropped to the covers' 3:2 around its focal point.
          {...(article.cover.position && { imgClassName: 'aspect-3/2 h-auto w-full object-cover' })}
        />
      </figure>
      <div
        className="article-body mx-auto max-w-reading px-gutter py-14"
        dangerouslySetInnerHTML={{ __html: article.html }}
      />
      {article.organization && (
        <aside className="mx-auto mb-section max-w-reading px-gutter">
          <div className="rounded-card bg-paper-deep p-6">
            <p className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
              Learn more
            </p>
            <p className="mt-2">
              <a
                href={article.organization.url}
                target="_blank"
                rel="noopener"
                className="font-semibold text-teal underline underline-offset-4"
              >
                {article.organization.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          </div>
        </aside>
      )}
    </article>
  )
}
