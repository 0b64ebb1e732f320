/**
 * One page's copy (or the site settings): a form made from the schema the site reads it with,
 * saved as a draft by itself, previewed, published. The route module is loaded only when a page
 * is opened (it carries zod and the form builder).
 */
import { useState } from 'react'
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import type { z } from 'zod'
import {
  about,
  articlesPage,
  consentPages,
  contactPage,
  home,
  privacyPage,
} from '#common/content/pages.ts'
import { siteCopy, siteSettings } from '#common/content/site.ts'
import { objectFields } from '#common/content/article-draft.ts'
import {
  PAGE_NAMES,
  type ArticleListItem,
  type ContentProblemAnswer,
  type DocumentAnswer,
  type PageName,
} from '#common/content-admin.ts'
import { BackLink } from '#app/admin/components/list-controls.tsx'
import { useToast } from '#app/admin/components/toast.tsx'
import {
  Alert,
  Badge,
  buttonClass,
  PageHeader,
  SelectField,
  smallButtonClass,
  ViewOnSite,
} from '#app/admin/components/ui.tsx'
import { ApiError } from '#app/admin/api.ts'
import * as content from '#app/admin/content/content-api.ts'
import { problemsOf } from '#app/admin/content/content-api.ts'
import {
  ConflictDialog,
  LeaveGuard,
  RecoveredBanner,
  SaveStatus,
} from '#app/admin/content/draft-status.tsx'
import { fieldLabel } from '#app/admin/content/field-labels.ts'
import { PicturesProvider } from '#app/admin/content/pictures.tsx'
import { fieldsOf, PublishNeeds } from '#app/admin/content/publish-needs.tsx'
import { SchemaForm, type FormContext } from '#app/admin/content/schema-form.tsx'
import { useDocumentDraft } from '#app/admin/content/use-document-draft.ts'
import { useLiveCheck } from '#app/admin/content/use-live-check.ts'
import { fieldProblems } from '#app/admin/content/validation.ts'

const SCHEMAS: Record<PageName, z.ZodType> = {
  home,
  about,
  articles: articlesPage,
  contact: contactPage,
  privacy: privacyPage,
  consent: consentPages,
  site: siteCopy,
  settings: siteSettings,
}

interface Loaded {
  name: PageName
  answer: DocumentAnswer
  articles: ArticleListItem[]
}

export async function loader({ params }: LoaderFunctionArgs): Promise<Loaded> {
  const name = PAGE_NAMES.find((page) => page === params['name'])
  if (!name) throw new Response('No such page', { status: 404 })
  const [answer, overview] = await Promise.all([
    content.getDocument({ kind: 'page', name }),
    name === 'articles' ? content.contentOverview() : undefined,
  ])
  return { name, answer, articles: overview?.articles ?? [] }
}

export function Component() {
  const { name, answer, articles } = useLoaderData<typeof loader>()
  return (
    <PicturesProvider initial={answer.pictures}>
      <PageEditor key={answer.key} name={name} initial={answer} articles={articles} />
    </PicturesProvider>
  )
}

function PageEditor({
  name,
  initial,
  articles,
}: Omit<Loaded, 'answer'> & { initial: DocumentAnswer }) {
  const draft = useDocumentDraft(initial, objectFields)
  const { answer, working, state } = draft
  const schema = SCHEMAS[name]
  const notify = useToast()
  const watchLive = useLiveCheck()
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState<ContentProblemAnswer[]>([])
  const needs = [...answer.problems, ...refused]
  const errors = {
    ...fieldProblems(schema, working.data),
    ...fieldsOf(needs),
    ...draft.fieldErrors,
  }
  const changesWaiting = answer.draft !== null || draft.dirty

  const context: FormContext = {
    errors,
    shown: () => true,
    custom: {
      ...(name === 'articles'
        ? {
            order: ({ value, onChange, error }) => (
              <ArticleOrder
                value={(value ?? []) as string[]}
                onChange={onChange}
                error={error}
                articles={articles}
              />
            ),
          }
        : {}),
    },
  }

  async function publish() {
    setBusy(true)
    try {
      let version: number
      try {
        version = (await draft.flush()).version
      } catch {
        notify(
          'Your changes could not be saved, so nothing was published: see the status.',
          'error',
        )
        return
      }
      const published = await content.publish(answer.ref, version)
      draft.adopt(published)
      setRefused([])
      notify('Published. The site shows it within seconds.')
      watchLive(published.contentVersion)
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setRefused(problemsOf(error))
        notify(`Not published: ${error.message}`, 'error')
      } else if (!draft.refused(error)) notify((error as Error).message, 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <PageHeader
        back={<BackLink to="/pages">Pages and settings</BackLink>}
        title={answer.label}
        lead={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {changesWaiting ? (
              <Badge tone="new">Unpublished changes</Badge>
            ) : (
              <Badge tone="good">Published</Badge>
            )}
            <SaveStatus draft={draft} />
          </span>
        }
        actions={
          <>
            <a
              href={answer.previewUrl}
              target="docucommons-preview"
              className={buttonClass('outline')}
            >
              Preview<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={busy || !changesWaiting}
              aria-busy={busy || undefined}
              onClick={publish}
            >
              {busy ? 'Publishing…' : changesWaiting ? 'Publish changes' : 'Published'}
            </button>
          </>
        }
      />
      <RecoveredBanner draft={draft} />
      <PublishNeeds problems={needs} source={answer.problems[0]?.source} />
      <nav aria-label="Page actions" className="mb-8 flex flex-wrap gap-3">
        <Link to={`/pages/${name}/history`} className={buttonClass('outline')}>
          History
        </Link>
        {answer.url && <ViewOnSite href={answer.url} className={buttonClass('outline')} />}
      </nav>
      {state.kind === 'invalid' && (
        <div className="mb-6">
          <Alert>
            <p className="font-semibold">{state.message}</p>
            <ul className="mt-2 list-disc pl-5">
              {Object.entries(draft.fieldErrors).map(([path, message]) => (
                <li key={path}>
                  {fieldLabel(path)}: {message}
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
      <SchemaForm
        schema={schema}
        value={working.data}
        onChange={(data) => draft.setData(() => data)}
        context={context}
      />
      <ConflictDialog draft={draft} keepMine={{ kind: 'save-over', run: draft.saveOverTheirs }} />
      <LeaveGuard dirty={draft.dirty} save={draft.flush} />
    </>
  )
}

/**
 * The articles /articles shows first in their series, in this order (the others follow, newest
 * first): reorder with Move up/down, take one out, or add one.
 */
function ArticleOrder({
  value,
  onChange,
  error,
  articles,
}: {
  value: string[]
  onChange: (value: unknown) => void
  error?: string | undefined
  articles: ArticleListItem[]
}) {
  const bySlug = new Map(articles.map((article) => [article.slug, article]))
  const others = articles.filter((article) => !value.includes(article.slug))
  const [adding, setAdding] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const name = (slug: string) => {
    const article = bySlug.get(slug)
    return article ? `${article.name}: ${article.cardTitle}` : `${slug} (no such article)`
  }
  function move(from: number, to: number) {
    const next = [...value]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved!)
    onChange(next)
    setAnnouncement(`${name(moved!)} moved to position ${to + 1}.`)
  }
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 font-semibold">Articles shown first</legend>
      <p className="mb-3 text-sm text-ink-soft">
        Within each series, these come first, in this order; the others follow, newest first.
      </p>
      {error && <p className="mb-2 text-sm font-medium text-danger">{error}</p>}
      {value.length === 0 ? (
        <p className="rounded-xl bg-paper-deep px-4 py-3">
          No order set: every series lists its newest articles first.
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {value.map((slug, index) => (
            <li
              key={slug}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-ink/15 p-3"
            >
              <span className="min-w-0 break-words">
                <span className="font-semibold">{index + 1}.</span> {name(slug)}
              </span>
              <span className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={smallButtonClass()}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  Move up<span className="sr-only"> {name(slug)}</span>
                </button>
                <button
                  type="button"
                  className={smallButtonClass()}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  Move down<span className="sr-only"> {name(slug)}</span>
                </button>
                <button
                  type="button"
                  className={smallButtonClass('danger')}
                  onClick={() => {
                    onChange(value.filter((other) => other !== slug))
                    setAnnouncement(`${name(slug)} taken out of the order.`)
                  }}
                >
                  Take out<span className="sr-only"> {name(slug)}</span>
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {others.length > 0 && (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <SelectField
            label="Add an article to the order"
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
            className="min-w-0 grow"
          >
            <option value="">Choose an article…</option>
            {others.map((article) => (
              <option key={article.slug} value={article.slug}>
                {article.name}: {article.cardTitle}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            className={buttonClass('outline')}
            disabled={!adding}
            onClick={() => {
              onChange([...value, adding])
              setAnnouncement(`${name(adding)} added at position ${value.length + 1}.`)
              setAdding('')
            }}
          >
            Add
          </button>
        </div>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  )
}
