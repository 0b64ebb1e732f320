/**
 * One article: its headline, its text in the editor, its card and pictures; saved as a draft by
 * itself; previewed at the server's private address; published now or at a time in Kansas City,
 * unpublished, given a new address (the old one redirects), deleted by an administrator. The
 * route module is loaded only when an article is opened, so the rest of the back office does not
 * carry the editor. `/articles/new` starts an article, which exists once it is first saved.
 */
import { useState, type MouseEvent } from 'react'
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import { slugProblem } from '#common/content/slug.ts'
import type { SeriesId } from '#common/content/pages.ts'
import {
  articleIdOf,
  type ArticleAnswer,
  type ContentProblemAnswer,
} from '#common/content-admin.ts'
import { ApiError } from '../api.ts'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import { Dialog, FormButtons } from '../components/dialog.tsx'
import { BackLink } from '../components/list-controls.tsx'
import { useToast } from '../components/toast.tsx'
import { Alert, Badge, buttonClass, Field, PageHeader, ViewOnSite } from '../components/ui.tsx'
import {
  ARTICLE_FIELD_LABELS,
  ArticleFields,
  articleProblems,
  type ArticleData,
} from '../content/article-fields.tsx'
import * as content from '../content/content-api.ts'
import { problemsOf } from '../content/content-api.ts'
import {
  ConflictDialog,
  LeaveGuard,
  RecoveredBanner,
  SaveStatus,
  WITHOUT_ASKING,
} from '../content/draft-status.tsx'
import {
  formatKansasCity,
  formatLocalIfDifferent,
  fromKansasCity,
  kansasCityWallClock,
  ORGANISATION_CLOCK,
} from '../content/kansas-city-time.ts'
import { PicturesProvider } from '../content/pictures.tsx'
import { fieldsOf, PublishNeeds } from '../content/publish-needs.tsx'
import { StatusBadge } from '../content/status-badge.tsx'
import { useDocumentDraft, type DocumentDraft } from '../content/use-document-draft.ts'
import { useLiveCheck } from '../content/use-live-check.ts'
import { sentence, slugFrom } from '../content/validation.ts'
import { ArticleBodyEditor } from '../editor/article-body-editor.tsx'
import { useSession } from '../session.ts'

interface Loaded {
  answer: ArticleAnswer | undefined
  series: { id: SeriesId; title: string }[]
}

export async function loader({ params }: LoaderFunctionArgs): Promise<Loaded> {
  const id = params['id'] ?? ''
  const [answer, overview] = await Promise.all([
    id === 'new' ? undefined : content.getDocument<ArticleFrontmatter>({ kind: 'article', id }),
    content.contentOverview(),
  ])
  return { answer, series: overview.series }
}

export function Component() {
  const { answer, series } = useLoaderData() as Loaded
  if (!answer) return <NewArticle series={series} />
  return (
    <PicturesProvider initial={answer.pictures}>
      <ArticleEditor key={answer.key} initial={answer} series={series} />
    </PicturesProvider>
  )
}

const backLink = <BackLink to="/articles">All articles</BackLink>

/** Which messages to show: a field's once it was touched, every one after a refused save. */
function useShownProblems(showAll: boolean) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  return {
    shown: (field: string) => showAll || touched.has(field) || touched.has(field.split('.')[0]!),
    touch: (fields: string[]) =>
      setTouched((now) => (fields.every((f) => now.has(f)) ? now : new Set([...now, ...fields]))),
  }
}

/** The fields that differ between two versions of the data (top level), to mark them touched. */
function changedFields(before: ArticleData, after: ArticleData): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...keys].filter(
    (key) =>
      JSON.stringify(before[key as keyof ArticleData]) !==
      JSON.stringify(after[key as keyof ArticleData]),
  )
}

/** The body's problems as the writer finds them: "Line 12, column 3: …". */
function bodyProblemText(problems: ContentProblemAnswer[]): string | undefined {
  const body = problems.filter((problem) => problem.field === 'body')
  if (body.length === 0) return undefined
  return body
    .map((problem) =>
      problem.line
        ? `Line ${problem.line}, column ${problem.column ?? 1}: ${problem.message}`
        : problem.message,
    )
    .join(' ')
}

function ArticleEditor({ initial, series }: { initial: ArticleAnswer; series: Loaded['series'] }) {
  const draft = useDocumentDraft(initial)
  const { answer, working, state } = draft
  const data = working.data
  const notify = useToast()
  const navigate = useNavigate()
  const { staff } = useSession()
  const watchLive = useLiveCheck()
  const [busy, setBusy] = useState<string>()
  const [dialog, setDialog] = useState<'schedule' | 'unpublish' | 'slug' | 'delete'>()
  const [attempted, setAttempted] = useState(false)
  const [deleted, setDeleted] = useState(false)
  // What the last refused publish said (the draft's own problems come with every save).
  const [refused, setRefused] = useState<ContentProblemAnswer[]>([])
  const { shown, touch } = useShownProblems(attempted || state.kind === 'invalid')
  const needs = [...answer.problems, ...refused]
  const problems = articleProblems(data, { ...fieldsOf(needs), ...draft.fieldErrors })
  const ref = answer.ref

  function setData(update: (now: ArticleData) => ArticleData) {
    draft.setData((now) => {
      const next = update(now)
      touch(changedFields(now, next))
      return next
    })
  }

  /**
   * Saves what is unsaved, then runs a change with the version that gives. A save that fails says
   * why in the save status (and its conflict dialog); a refused change lists what it needs.
   */
  async function act(
    name: string,
    run: (version: number) => Promise<ArticleAnswer>,
    done?: string,
  ): Promise<ArticleAnswer | undefined> {
    setBusy(name)
    try {
      let version: number
      try {
        version = (await draft.flush()).version
      } catch {
        notify(
          'Your changes could not be saved, so nothing else was done: see the status.',
          'error',
        )
        return undefined
      }
      const result = await run(version)
      draft.adopt(result)
      setRefused([])
      if (done) notify(done)
      return result
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        // The draft is saved; the change itself was refused (a publish with fields to finish).
        setAttempted(true)
        setRefused(problemsOf(error))
        notify(`Not done: ${error.message}`, 'error')
      } else if (!draft.refused(error)) notify((error as Error).message, 'error')
      return undefined
    } finally {
      setBusy(undefined)
    }
  }

  async function publishNow() {
    setAttempted(true)
    const published = await act('publish', (version) =>
      content.publish<ArticleFrontmatter>(ref, version),
    )
    if (published) {
      notify(`Published. It will be at ${published.url ?? 'its address'} within seconds.`)
      watchLive(published.contentVersion, `Live on the site: ${published.url ?? ''}`)
    }
  }

  async function preview(event: MouseEvent<HTMLAnchorElement>) {
    if (!draft.dirty) return
    // Unsaved changes first, so the preview shows them; the tab opens at once (a window
    // opened after a wait would be blocked) and is sent to the preview when the save is done.
    event.preventDefault()
    const tab = window.open('', 'docucommons-preview')
    try {
      const saved = await draft.flush()
      if (tab) tab.location.href = saved.previewUrl
    } catch (error) {
      tab?.close()
      if (!draft.refused(error)) notify((error as Error).message, 'error')
    }
  }

  const live = answer.status === 'published'
  const changesWaiting = answer.draft !== null || draft.dirty
  const bodyError = bodyProblemText(draft.problems) ?? draft.fieldErrors['body']
  // Those not shown next to a field of this form (e.g. the home page linking to this article).
  const others = draft.problems.filter(
    (problem) =>
      problem.field !== 'body' &&
      (problem.field === undefined || draft.fieldErrors[problem.field] !== problem.message),
  )

  return (
    <>
      <PageHeader
        back={backLink}
        title={data.headline || 'Untitled article'}
        lead={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <StatusBadge status={answer.status} />
            {live && changesWaiting && <Badge tone="new">Unpublished changes</Badge>}
            {answer.status === 'scheduled' && answer.publishAt && (
              <span>Goes live {formatKansasCity(answer.publishAt)}</span>
            )}
            <SaveStatus draft={draft as DocumentDraft<unknown>} />
          </span>
        }
        actions={
          <>
            <a
              href={answer.previewUrl}
              target="docucommons-preview"
              onClick={preview}
              className={buttonClass('outline')}
            >
              Preview<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={busy !== undefined || (live && !changesWaiting)}
              aria-busy={busy === 'publish' || undefined}
              onClick={publishNow}
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
      <RecoveredBanner draft={draft as DocumentDraft<unknown>} />
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

      <nav aria-label="Article actions" className="mb-8 flex flex-wrap gap-3">
        {!live && (
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
        <Link
          to={`/articles/${articleIdOf(answer.key)}/history`}
          className={buttonClass('outline')}
        >
          History
        </Link>
        {answer.url && <ViewOnSite href={answer.url} className={buttonClass('outline')} />}
        {staff.role === 'admin' && (
          <button
            type="button"
            className={buttonClass('danger')}
            onClick={() => setDialog('delete')}
          >
            Delete
          </button>
        )}
      </nav>

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

      <ScheduleDialog
        open={dialog === 'schedule'}
        current={answer.publishAt}
        onClose={() => setDialog(undefined)}
        onSchedule={async (at) => {
          setAttempted(true)
          const scheduled = await act('schedule', (version) =>
            content.publish<ArticleFrontmatter>(ref, version, at.toISOString()),
          )
          if (scheduled) {
            setDialog(undefined)
            notify(`Scheduled: it goes live ${formatKansasCity(at)}.`)
          }
        }}
      />
      <ConfirmDialog
        open={dialog === 'unpublish'}
        title={
          answer.status === 'scheduled' ? 'Cancel the schedule?' : 'Take this article off the site?'
        }
        confirmLabel={answer.status === 'scheduled' ? 'Cancel the schedule' : 'Unpublish'}
        onClose={() => setDialog(undefined)}
        onConfirm={async () => {
          const result = await act(
            'unpublish',
            (version) => content.unpublish<ArticleFrontmatter>(ref, version),
            answer.status === 'scheduled'
              ? 'The schedule is cancelled: the article is a draft again.'
              : 'Unpublished: visitors no longer see it.',
          )
          if (result) setDialog(undefined)
        }}
      >
        <p>
          {answer.status === 'scheduled'
            ? 'It will not go live; it stays here as a draft.'
            : 'Its address will answer “not found”, and it leaves /articles, the sitemap and the feed within seconds. It stays here as a draft, and you can publish it again.'}
        </p>
      </ConfirmDialog>
      <SlugDialog
        open={dialog === 'slug'}
        answer={answer}
        onClose={() => setDialog(undefined)}
        onChange={async (slug) => {
          // A refused address is said in the dialog, next to the field; a conflict as always.
          let changed: ArticleAnswer
          try {
            const version = (await draft.flush()).version
            changed = await content.changeSlug<ArticleFrontmatter>(ref, version, slug)
          } catch (error) {
            if (!content.conflictOf(error)) throw error
            draft.refused(error)
            setDialog(undefined)
            return
          }
          draft.adopt(changed)
          setDialog(undefined)
          notify(
            answer.status === 'draft'
              ? `The address is now /articles/${changed.slug}.`
              : `The address is now /articles/${changed.slug}; the old one redirects to it.`,
          )
          if (changed.contentVersion > answer.contentVersion) watchLive(changed.contentVersion)
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this article?"
        confirmLabel="Delete for good"
        onClose={() => setDialog(undefined)}
        onConfirm={async () => {
          try {
            await content.deleteArticle(ref, draft.answer.version)
            notify(`“${data.headline}” is deleted.`)
            setDialog(undefined)
            setDeleted(true)
            navigate('/articles', { state: WITHOUT_ASKING })
          } catch (error) {
            if (!draft.refused(error)) notify((error as Error).message, 'error')
            setDialog(undefined)
          }
        }}
      >
        <p>
          <strong>{data.headline}</strong> and every one of its revisions are deleted. Its address
          answers “not found”. This cannot be undone; to take it off the site for now, unpublish it
          instead.
        </p>
      </ConfirmDialog>
      <ConflictDialog
        draft={draft as DocumentDraft<unknown>}
        keepMine={{
          kind: 'copy',
          run: async () => {
            const mine = draft.working
            const copy = await createCopy(answer.slug ?? 'article', mine.data, mine.body ?? '')
            await draft.reloadTheirs()
            navigate(`/articles/${articleIdOf(copy.key)}`, { state: WITHOUT_ASKING })
          },
        }}
      />
      <LeaveGuard dirty={draft.dirty && !deleted} save={draft.flush} />
    </>
  )
}

/** Keeps a writer's version as a new draft article beside the other one (a free slug). */
async function createCopy(slug: string, data: ArticleData, body: string): Promise<ArticleAnswer> {
  for (let n = 1; n <= 20; n++) {
    const candidate = `${slug}-copy${n === 1 ? '' : `-${n}`}`.slice(0, 80)
    try {
      return await content.createArticle(candidate, { ...data, headline: data.headline }, body)
    } catch (error) {
      // Taken: try the next number; anything else is the answer.
      if (!(error instanceof ApiError && error.status === 400 && error.fields['slug'])) throw error
    }
  }
  throw new Error('No free address for the copy: save it under a new address by hand.')
}

function HeadlineField({
  value,
  error,
  onChange,
}: {
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="headline" className="font-semibold">
        Headline
      </label>
      <textarea
        id="headline"
        rows={2}
        maxLength={120}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'headline-error' : undefined}
        onChange={(event) => onChange(event.target.value.replace(/\s*\n\s*/g, ' '))}
        placeholder="The headline of the article"
        className="rounded-card border border-ink/25 bg-white px-4 py-3 font-display text-3xl leading-tight font-semibold text-ink sm:text-4xl"
      />
      {error && (
        <p id="headline-error" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

/** Tomorrow at 9:00 in Kansas City, as a first suggestion. */
function suggestedTime() {
  const tomorrow = new Date(Date.now() + 86_400_000)
  return { date: kansasCityWallClock(tomorrow).date, time: '09:00' }
}

const inTheFuture = (date: Date) => date.getTime() > Date.now()

function ScheduleDialog({
  open,
  current,
  onClose,
  onSchedule,
}: {
  open: boolean
  current: string | null
  onClose: () => void
  onSchedule: (at: Date) => Promise<void>
}) {
  return (
    <Dialog
      open={open}
      title="Schedule the article"
      onClose={onClose}
      description={<p>Choose when it goes live, in {ORGANISATION_CLOCK} (Central time).</p>}
    >
      {open && <ScheduleForm current={current} onClose={onClose} onSchedule={onSchedule} />}
    </Dialog>
  )
}

function ScheduleForm({
  current,
  onClose,
  onSchedule,
}: {
  current: string | null
  onClose: () => void
  onSchedule: (at: Date) => Promise<void>
}) {
  const [start] = useState(() =>
    current ? kansasCityWallClock(new Date(current)) : suggestedTime(),
  )
  const [date, setDate] = useState(start.date)
  const [time, setTime] = useState(start.time)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const at = fromKansasCity(date, time)
  const local = at ? formatLocalIfDifferent(at) : undefined

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault()
        if (!at) return setError('Choose a date and a time.')
        if (!inTheFuture(at)) return setError('Choose a time in the future, or publish now.')
        setError(undefined)
        setBusy(true)
        try {
          await onSchedule(at)
        } finally {
          setBusy(false)
        }
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Date"
          type="date"
          data-autofocus
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <Field
          label={`Time (${ORGANISATION_CLOCK})`}
          type="time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
        />
      </div>
      <div role="status" className="rounded-xl bg-paper-deep px-4 py-3 text-sm">
        {at ? (
          <>
            <p>
              Goes live <strong>{formatKansasCity(at)}</strong>.
            </p>
            {local && <p className="mt-1 text-ink-soft">On your computer’s clock: {local}.</p>}
          </>
        ) : (
          <p>Choose a date and a time.</p>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      <FormButtons onCancel={onClose} label="Schedule" busyLabel="Scheduling…" busy={busy} />
    </form>
  )
}

function SlugDialog({
  open,
  answer,
  onClose,
  onChange,
}: {
  open: boolean
  answer: ArticleAnswer
  onClose: () => void
  onChange: (slug: string) => Promise<void>
}) {
  return (
    <Dialog open={open} title="Change the address" onClose={onClose}>
      {open && <SlugForm answer={answer} onClose={onClose} onChange={onChange} />}
    </Dialog>
  )
}

function SlugForm({
  answer,
  onClose,
  onChange,
}: {
  answer: ArticleAnswer
  onClose: () => void
  onChange: (slug: string) => Promise<void>
}) {
  const [slug, setSlug] = useState(answer.slug ?? '')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const seen = answer.status !== 'draft' || answer.revisions.length > 0
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault()
        const problem =
          slug === answer.slug ? 'This is the address it has already.' : slugProblem(slug)
        setError(problem && sentence(problem))
        if (problem) return
        setBusy(true)
        try {
          await onChange(slug)
        } catch (caught) {
          setError(
            caught instanceof ApiError && caught.fields['slug']
              ? sentence(caught.fields['slug'])
              : (caught as Error).message,
          )
        } finally {
          setBusy(false)
        }
      }}
    >
      <Field
        label="Address"
        hint={
          <>
            After <span className="font-mono">/articles/</span>: lower-case letters and digits
            joined by hyphens.
          </>
        }
        value={slug}
        data-autofocus
        onChange={(event) => setSlug(event.target.value.toLowerCase())}
        error={error}
        spellCheck={false}
        autoComplete="off"
      />
      <Alert tone="info">
        {seen
          ? `Links to the old address, /articles/${answer.slug}, keep working: they are redirected to the new one.`
          : 'The article has never been published, so no reader has the old address.'}
      </Alert>
      <FormButtons onCancel={onClose} label="Change address" busyLabel="Changing…" busy={busy} />
    </form>
  )
}

/** A new article: nothing is stored until "Save draft"; then it is an article like any other. */
function NewArticle({ series }: { series: Loaded['series'] }) {
  const { staff } = useSession()
  const navigate = useNavigate()
  const notify = useToast()
  const [data, setData] = useState<ArticleData>(() => ({
    bannerTitle: series[0]?.title ?? '',
    headline: '',
    name: '',
    city: '',
    location: '',
    byline: staff.name ? `Words by ${staff.name}` : '',
    date: kansasCityWallClock(new Date()).date,
    series: series[0]?.id ?? 'art-advocacy',
    cardTitle: '',
    summary: '',
    portrait: '',
    cover: { image: '', alt: '' },
  }))
  const [body, setBody] = useState('\n')
  const [slug, setSlug] = useState('')
  const [slugEdited, setSlugEdited] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [attempted, setAttempted] = useState(false)
  const { shown, touch } = useShownProblems(attempted)
  const [saved, setSaved] = useState(false)
  const address = slugEdited ? slug : slugFrom(data.name || data.headline)
  const problems = articleProblems(data, serverErrors)
  const slugError =
    attempted || slugEdited
      ? (serverErrors['slug'] ?? (address ? slugProblem(address) : 'Choose the address.'))
      : undefined
  const dirty = !saved && (body.trim() !== '' || data.headline !== '' || data.name !== '')

  function update(change: (now: ArticleData) => ArticleData) {
    setData((now) => {
      const next = change(now)
      touch(changedFields(now, next))
      return next
    })
  }

  async function create() {
    setAttempted(true)
    setBusy(true)
    setMessage(undefined)
    try {
      const created = await content.createArticle(address, data, body)
      setSaved(true)
      notify('The draft is saved. It saves itself from now on.')
      navigate(`/articles/${articleIdOf(created.key)}`, { replace: true, state: WITHOUT_ASKING })
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setServerErrors(error.fields)
        setMessage(error.message)
      } else setMessage((error as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <PicturesProvider initial={{}}>
      <PageHeader
        back={backLink}
        title="New article"
        lead="Nothing is stored until you save the draft; after that it saves itself as you write."
        actions={
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={create}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Saving…' : 'Save draft'}
          </button>
        }
      />
      {message && (
        <div className="mb-6">
          <Alert>{message}</Alert>
        </div>
      )}
      <HeadlineField
        value={data.headline}
        error={shown('headline') ? problems['headline'] : undefined}
        onChange={(headline) => update((now) => ({ ...now, headline }))}
      />
      <div className="mt-4 max-w-xl">
        <Field
          label="Address"
          hint={
            <>
              <span className="font-mono">/articles/{address || '…'}</span>, made from the name of
              who it is about (or the headline) unless you write one.
            </>
          }
          value={address}
          onChange={(event) => {
            setSlugEdited(true)
            setSlug(event.target.value.toLowerCase())
          }}
          error={slugError}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      <div className="mt-6">
        <ArticleBodyEditor body={body} onChange={setBody} error={serverErrors['body']} />
      </div>
      <ArticleFields
        data={data}
        onChange={update}
        problems={problems}
        shown={shown}
        series={series}
      />
      <div className="mt-8">
        <button type="button" className={buttonClass('primary')} onClick={create} disabled={busy}>
          {busy ? 'Saving…' : 'Save draft'}
        </button>
      </div>
      <LeaveGuard dirty={dirty} />
    </PicturesProvider>
  )
}
