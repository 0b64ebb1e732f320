/**
 * A new article (`/articles/new`): nothing is stored until "Save draft"; then it is an article
 * like any other, at its own address, and saves itself as it is written.
 */
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { articleIdOf } from '#common/content-admin.ts'
import { slugProblem } from '#common/content/slug.ts'
import { ApiError } from '#app/admin/api.ts'
import { useToast } from '#app/admin/components/toast.tsx'
import { Alert, buttonClass, Field, PageHeader } from '#app/admin/components/ui.tsx'
import {
  ArticleFields,
  articleProblems,
  type ArticleData,
} from '#app/admin/content/article-fields.tsx'
import * as content from '#app/admin/content/content-api.ts'
import { LeaveGuard, WITHOUT_ASKING } from '#app/admin/content/draft-status.tsx'
import { kansasCityWallClock } from '#app/admin/content/kansas-city-time.ts'
import { PicturesProvider } from '#app/admin/content/pictures.tsx'
import { slugFrom } from '#app/admin/content/validation.ts'
import { ArticleBodyEditor } from '#app/admin/editor/article-body-editor.tsx'
import { useSession } from '#app/admin/session.ts'
import { backLink, changedFields, HeadlineField, useShownProblems, type Series } from './parts.tsx'

export function NewArticle({ series }: { series: Series }) {
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
