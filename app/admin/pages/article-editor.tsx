/**
 * One article: its headline, its text in the editor, its card and pictures; saved as a draft by
 * itself; previewed at the server's private address; published now or at a time in Kansas City,
 * unpublished, given a new address (the old one redirects), deleted by an administrator. The
 * route module is loaded only when an article is opened, so the rest of the back office does not
 * carry the editor. `/articles/new` starts an article, which exists once it is first saved
 * (./article/new-article.tsx). What the buttons and dialogs do: ./article/use-article-actions.ts.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { articleDraftOf } from '#common/content/article-draft.ts'
import { articleIdOf, type DocumentAnswer } from '#common/content-admin.ts'
import { ConfirmDialog } from '#app/admin/components/confirm-dialog.tsx'
import { Alert, Badge, buttonClass, PageHeader, ViewOnSite } from '#app/admin/components/ui.tsx'
import {
  ARTICLE_FIELD_LABELS,
  ArticleFields,
  articleProblems,
  type ArticleData,
} from '#app/admin/content/article-fields.tsx'
import * as content from '#app/admin/content/content-api.ts'
import {
  ConflictDialog,
  LeaveGuard,
  RecoveredBanner,
  SaveStatus,
} from '#app/admin/content/draft-status.tsx'
import { formatKansasCity } from '#app/admin/content/kansas-city-time.ts'
import { PicturesProvider } from '#app/admin/content/pictures.tsx'
import { fieldsOf, PublishNeeds } from '#app/admin/content/publish-needs.tsx'
import { StatusBadge } from '#app/admin/content/status-badge.tsx'
import { useDocumentDraft, type DocumentDraft } from '#app/admin/content/use-document-draft.ts'
import { ArticleBodyEditor } from '#app/admin/editor/article-body-editor.tsx'
import { useSession } from '#app/admin/session.ts'
import { ScheduleDialog, SlugDialog } from './article/dialogs.tsx'
import { NewArticle } from './article/new-article.tsx'
import {
  backLink,
  bodyProblemText,
  changedFields,
  HeadlineField,
  useShownProblems,
  type Series,
} from './article/parts.tsx'
import { useArticleActions } from './article/use-article-actions.ts'

interface Loaded {
  answer: DocumentAnswer | undefined
  series: Series
}

export async function loader({ params }: LoaderFunctionArgs): Promise<Loaded> {
  const id = params['id'] ?? ''
  const [answer, overview] = await Promise.all([
    id === 'new' ? undefined : content.getDocument({ kind: 'article', id }),
    content.contentOverview(),
  ])
  return { answer, series: overview.series }
}

export function Component() {
  const { answer, series } = useLoaderData<typeof loader>()
  if (!answer) return <NewArticle series={series} />
  return (
    <PicturesProvider initial={answer.pictures}>
      <ArticleEditor key={answer.key} initial={answer} series={series} />
    </PicturesProvider>
  )
}

type Actions = ReturnType<typeof useArticleActions>
type Draft = DocumentDraft<ArticleData>

function ArticleEditor({ initial, series }: { initial: DocumentAnswer; series: Series }) {
  const draft = useDocumentDraft(initial, articleDraftOf)
  const { answer, working, state } = draft
  const data = working.data
  const actions = useArticleActions(draft)
  const { shown, touch } = useShownProblems(actions.attempted || state.kind === 'invalid')
  const needs = [...answer.problems, ...actions.refused]
  const problems = articleProblems(data, { ...fieldsOf(needs), ...draft.fieldErrors })
  const bodyError = bodyProblemText(draft.problems) ?? draft.fieldErrors['body']
  // Those not shown next to a field of this form (e.g. the home page linking to this article).
  const others = draft.problems.filter(
    (problem) =>
      problem.field !== 'body' &&
      (problem.field === undefined || draft.fieldErrors[problem.field] !== problem.message),
  )

  function setData(update: (now: ArticleData) => ArticleData) {
    draft.setData((now) => {
      const next = update(now)
      touch(changedFields(now, next))
      return next
    })
  }

  return (
    <>
      <ArticleHeader draft={draft} actions={actions} />
      <RecoveredBanner draft={draft} />
      <PublishNeeds
        problems={needs}
        source={answer.problems[0]?.source}
        labels={ARTICLE_FIELD_LABELS}
      />
      {state.kind === 'invalid' && (
        <div className="mb-6">
          <Alert>
            <p className="font-semibold">{state.message}</p>
            {others.length > 0 && (
              <ul className="mt-2 list-disc pl-5">
                {others.map((problem, index) => (
                  <li key={index}>
                    {problem.source}
                    {problem.field ? ` (${problem.field})` : ''}: {problem.message}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        </div>
      )}
      <ArticleNav answer={answer} actions={actions} />
      <p className="mb-6 text-sm text-ink-soft">
        Address: <span className="font-mono break-all">/articles/{answer.slug}</span>
        {answer.formerSlugs.length > 0 &&
          ` · also reached from ${answer.formerSlugs.map((slug) => `/articles/${slug}`).join(', ')}`}
      </p>
      <HeadlineField
        value={data.headline}
        error={shown('headline') ? problems['headline'] : undefined}
        onChange={(headline) => setData((now) => ({ ...now, headline }))}
      />
      <div className="mt-6">
        <ArticleBodyEditor body={working.body ?? ''} onChange={draft.setBody} error={bodyError} />
      </div>
      <ArticleFields
        data={data}
        onChange={setData}
        problems={problems}
        shown={shown}
        series={series}
      />
      <ArticleDialogs draft={draft} actions={actions} />
      <LeaveGuard dirty={draft.dirty && !actions.deleted} save={draft.flush} />
    </>
  )
}

function ArticleHeader({ draft, actions }: { draft: Draft; actions: Actions }) {
  const { answer } = draft
  const live = answer.status === 'published'
  const changesWaiting = answer.draft !== null || draft.dirty
  const { busy } = actions
  return (
    <PageHeader
      back={backLink}
      title={draft.working.data.headline || 'Untitled article'}
      lead={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <StatusBadge status={answer.status} />
          {live && changesWaiting && <Badge tone="new">Unpublished changes</Badge>}
          {answer.status === 'scheduled' && answer.publishAt && (
            <span>Goes live {formatKansasCity(answer.publishAt)}</span>
          )}
          <SaveStatus draft={draft} />
        </span>
      }
      actions={
        <>
          <a
            href={answer.previewUrl}
            target="docucommons-preview"
            onClick={actions.preview}
            className={buttonClass('outline')}
          >
            Preview<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={busy !== undefined || (live && !changesWaiting)}
            aria-busy={busy === 'publish' || undefined}
            onClick={actions.publishNow}
          >
            {busy === 'publish'
              ? 'Publishing…'
              : live
                ? changesWaiting
                  ? 'Publish changes'
                  : 'Published'
                : 'Publish now'}
          </button>
        </>
      }
    />
  )
}

function ArticleNav({ answer, actions }: { answer: DocumentAnswer; actions: Actions }) {
  const { staff } = useSession()
  const { setDialog } = actions
  return (
    <nav aria-label="Article actions" className="mb-8 flex flex-wrap gap-3">
      {answer.status !== 'published' && (
        <button
          type="button"
          className={buttonClass('outline')}
          onClick={() => setDialog('schedule')}
        >
          {answer.status === 'scheduled' ? 'Change the time' : 'Schedule…'}
        </button>
      )}
      {answer.status !== 'draft' && (
        <button
          type="button"
          className={buttonClass('outline')}
          onClick={() => setDialog('unpublish')}
        >
          {answer.status === 'scheduled' ? 'Cancel the schedule' : 'Unpublish'}
        </button>
      )}
      <button type="button" className={buttonClass('outline')} onClick={() => setDialog('slug')}>
        Change address
      </button>
      <Link to={`/articles/${articleIdOf(answer.key)}/history`} className={buttonClass('outline')}>
        History
      </Link>
      {answer.url && <ViewOnSite href={answer.url} className={buttonClass('outline')} />}
      {staff.role === 'admin' && (
        <button type="button" className={buttonClass('danger')} onClick={() => setDialog('delete')}>
          Delete
        </button>
      )}
    </nav>
  )
}

function ArticleDialogs({ draft, actions }: { draft: Draft; actions: Actions }) {
  const { answer } = draft
  const { dialog, close } = actions
  const scheduled = answer.status === 'scheduled'
  return (
    <>
      <ScheduleDialog
        open={dialog === 'schedule'}
        current={answer.publishAt}
        onClose={close}
        onSchedule={actions.schedule}
      />
      <ConfirmDialog
        open={dialog === 'unpublish'}
        title={scheduled ? 'Cancel the schedule?' : 'Take this article off the site?'}
        confirmLabel={scheduled ? 'Cancel the schedule' : 'Unpublish'}
        onClose={close}
        onConfirm={actions.unpublish}
      >
        <p>
          {scheduled
            ? 'It will not go live; it stays here as a draft.'
            : 'Its address will answer “not found”, and it leaves /articles, the sitemap and the feed within seconds. It stays here as a draft, and you can publish it again.'}
        </p>
      </ConfirmDialog>
      <SlugDialog
        open={dialog === 'slug'}
        answer={answer}
        onClose={close}
        onChange={actions.changeSlug}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this article?"
        confirmLabel="Delete for good"
        onClose={close}
        onConfirm={actions.remove}
      >
        <p>
          <strong>{draft.working.data.headline}</strong> and every one of its revisions are deleted.
          Its address answers “not found”. This cannot be undone; to take it off the site for now,
          unpublish it instead.
        </p>
      </ConfirmDialog>
      <ConflictDialog draft={draft} keepMine={{ kind: 'copy', run: actions.keepMineAsCopy }} />
    </>
  )
}
