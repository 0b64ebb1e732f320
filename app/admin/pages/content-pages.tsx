/** The pages and settings staff edit: each with its last change and whether changes wait. */
import { Link, useLoaderData } from 'react-router'
import { Badge, PageHeader } from '#app/admin/components/ui.tsx'
import { contentOverview } from '#app/admin/content/content-api.ts'
import { formatAgo, formatDateTime } from '#app/admin/format.ts'

export const contentPagesLoader = () => contentOverview()

const DESCRIPTIONS: Record<string, string> = {
  home: 'Mission, pillars, changemakers, films, categories, testimonials.',
  about: 'The introduction, free membership, Listen, Learn and Lead, partners.',
  articles: 'The introduction, the three series and the order of the articles.',
  contact: 'The introduction and the services offered.',
  privacy: 'The privacy notice.',
  consent: 'The pages after a form is sent and the newsletter’s confirmation pages.',
  site: 'The brand, the header’s navigation and the footer.',
  settings: 'Phone, e-mail, social links and partner links.',
}

export function ContentPagesPage() {
  const { pages } = useLoaderData<typeof contentPagesLoader>()
  return (
    <>
      <PageHeader
        title="Pages and settings"
        lead="Every text, list and picture of the site’s pages, and its contact details and links."
      />
      <ul aria-label="Pages" className="grid gap-3 md:grid-cols-2">
        {pages.map((page) => (
          <li
            key={page.name}
            className="relative flex flex-col gap-1 rounded-card bg-white/70 p-4 shadow-card ring-1 ring-ink/5 focus-within:ring-3 focus-within:ring-clay hover:ring-clay sm:p-5"
          >
            <h2 className="font-display text-xl font-semibold">
              <Link
                to={`/pages/${page.name}`}
                className="after:absolute after:inset-0 after:rounded-card focus:outline-none"
              >
                {page.label}
              </Link>
            </h2>
            <p className="text-ink-soft">{DESCRIPTIONS[page.name]}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
              {page.hasDraft && <Badge tone="new">Unpublished changes</Badge>}
              <span title={formatDateTime(page.updatedAt)}>
                Changed {formatAgo(page.updatedAt)}
                {page.updatedBy ? ` by ${page.updatedBy.label}` : ' (the sample content)'}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </>
  )
}
