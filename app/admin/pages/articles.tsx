/**
 * The articles: each with its state (draft, scheduled, published, and whether changes wait), its
 * address, its series and the last change with who made it; newest change first. Views by state
 * and a search over headline, name, title and address (in the browser: a site has dozens of
 * articles, not thousands).
 */
import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router'
import { articleIdOf, type ArticleListItem, type ContentStatus } from '#common/content-admin.ts'
import { query } from '#app/admin/api.ts'
import { SearchForm, ViewLinks } from '#app/admin/components/list-controls.tsx'
import { Badge, buttonClass, EmptyState, PageHeader } from '#app/admin/components/ui.tsx'
import { contentOverview } from '#app/admin/content/content-api.ts'
import { formatKansasCity } from '#app/admin/content/kansas-city-time.ts'
import { StatusBadge } from '#app/admin/content/status-badge.tsx'
import { formatAgo, formatDateTime } from '#app/admin/format.ts'

export const articlesLoader = () => contentOverview()

const VIEWS = ['all', 'draft', 'scheduled', 'published'] as const
type View = (typeof VIEWS)[number]
const VIEW_LABELS: Record<View, string> = {
  all: 'All',
  draft: 'Drafts',
  scheduled: 'Scheduled',
  published: 'Published',
}

const viewOf = (params: URLSearchParams): View => {
  const view = params.get('status')
  return (VIEWS as readonly string[]).includes(view ?? '') ? (view as View) : 'all'
}

function matches(article: ArticleListItem, words: string[]): boolean {
  const text = [article.headline, article.name, article.cardTitle, article.slug]
    .join(' ')
    .toLowerCase()
  return words.every((word) => text.includes(word))
}

export function ArticlesPage() {
  const overview = useLoaderData<typeof articlesLoader>()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const view = viewOf(params)
  const search = params.get('q') ?? ''
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  const counts = Object.fromEntries(
    VIEWS.map((v) => [v, overview.articles.filter((a) => v === 'all' || a.status === v).length]),
  ) as Record<View, number>
  const shown = overview.articles.filter(
    (article) => (view === 'all' || article.status === view) && matches(article, words),
  )
  const seriesTitle = new Map(overview.series.map((s) => [s.id, s.title]))

  return (
    <>
      <PageHeader
        title="Articles"
        lead="The profiles on /articles: write, preview, publish or schedule them."
        actions={
          <Link to="/articles/new" className={buttonClass('primary')}>
            New article
          </Link>
        }
      />
      <ViewLinks
        label="Article views"
        views={VIEWS.map((v) => ({
          label: VIEW_LABELS[v],
          to: `/articles${query({ status: v === 'all' ? undefined : v, q: search })}`,
          current: v === view,
          count: counts[v],
        }))}
      />
      <SearchForm
        label="Search articles"
        placeholder="Search headlines, names and addresses"
        search={search}
        onSearch={(words) =>
          navigate(`/articles${query({ status: view === 'all' ? undefined : view, q: words })}`)
        }
      />
      {shown.length === 0 ? (
        <EmptyState
          title={
            search
              ? `No articles match “${search}”`
              : view === 'all'
                ? 'No articles yet'
                : `No ${VIEW_LABELS[view].toLowerCase()} articles`
          }
        >
          {search ? 'Try fewer or other words, or another view.' : null}
        </EmptyState>
      ) : (
        <ul aria-label={`${VIEW_LABELS[view]} articles`} className="flex flex-col gap-3">
          {shown.map((article) => (
            <ArticleItem
              key={article.id}
              article={article}
              series={seriesTitle.get(article.series) ?? article.series}
            />
          ))}
        </ul>
      )}
    </>
  )
}

function ArticleItem({ article, series }: { article: ArticleListItem; series: string }) {
  const changed = formatAgo(article.updatedAt)
  return (
    <li className="relative rounded-card bg-white/70 p-4 shadow-card ring-1 ring-ink/5 focus-within:ring-3 focus-within:ring-clay hover:ring-clay sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h2 className="min-w-0 font-display text-xl font-semibold">
          <Link
            to={`/articles/${articleIdOf(article.key)}`}
            className="break-words after:absolute after:inset-0 after:rounded-card focus:outline-none"
          >
            {article.headline || 'Untitled article'}
          </Link>
        </h2>
        <p className="flex flex-wrap gap-2">
          <StatusBadge status={article.status as ContentStatus} />
          {article.hasDraft && article.status !== 'draft' && (
            <Badge tone="new">Unpublished changes</Badge>
          )}
        </p>
      </div>
      <p className="mt-1 text-ink-soft">
        {article.name} · {series}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft">
        <span className="font-mono break-all">/articles/{article.slug}</span>
        {article.status === 'scheduled' && article.publishAt && (
          <span>Goes live {formatKansasCity(article.publishAt)}</span>
        )}
        <span title={formatDateTime(article.updatedAt)}>
          Changed {changed}
          {article.updatedBy ? ` by ${article.updatedBy.label}` : ' (the sample content)'}
        </span>
      </p>
    </li>
  )
}
