/**
 * What the article editor's buttons and dialogs do with a saved article: each saves what is
 * unsaved first (the draft's own autosave, use-document-draft.ts), then runs its change with the
 * version that gives, and takes the server's answer as the article's new state (`draft.adopt`).
 */
import { useState, type MouseEvent } from 'react'
import { useNavigate } from 'react-router'
import {
  articleIdOf,
  type DocumentAnswer,
  type ContentProblemAnswer,
} from '#common/content-admin.ts'
import { ApiError } from '#app/admin/api.ts'
import { useToast } from '#app/admin/components/toast.tsx'
import type { ArticleData } from '#app/admin/content/article-fields.tsx'
import * as content from '#app/admin/content/content-api.ts'
import { problemsOf } from '#app/admin/content/content-api.ts'
import { WITHOUT_ASKING } from '#app/admin/content/draft-status.tsx'
import { formatKansasCity } from '#app/admin/content/kansas-city-time.ts'
import type { DocumentDraft } from '#app/admin/content/use-document-draft.ts'
import { useLiveCheck } from '#app/admin/content/use-live-check.ts'

export type ArticleDialog = 'schedule' | 'unpublish' | 'slug' | 'delete'

/** Keeps a writer's version as a new draft article beside the other one (a free slug). */
async function createCopy(slug: string, data: ArticleData, body: string): Promise<DocumentAnswer> {
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

/**
 * Opens the preview: unsaved changes first, so the preview shows them. The tab opens at once (a
 * window opened after a wait would be blocked) and is sent to the preview when the save is done.
 */
async function openPreview(
  draft: DocumentDraft<ArticleData>,
  notify: (message: string, tone: 'error') => void,
  event: MouseEvent<HTMLAnchorElement>,
) {
  if (!draft.dirty) return
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

export function useArticleActions(draft: DocumentDraft<ArticleData>) {
  const notify = useToast()
  const navigate = useNavigate()
  const watchLive = useLiveCheck()
  const [busy, setBusy] = useState<string>()
  const [dialog, setDialog] = useState<ArticleDialog>()
  const [attempted, setAttempted] = useState(false)
  const [deleted, setDeleted] = useState(false)
  // What the last refused publish said (the draft's own problems come with every save).
  const [refused, setRefused] = useState<ContentProblemAnswer[]>([])
  const { answer } = draft
  const ref = answer.ref
  const close = () => setDialog(undefined)

  /**
   * Saves what is unsaved, then runs a change with the version that gives. A save that fails says
   * why in the save status (and its conflict dialog); a refused change lists what it needs.
   */
  async function act(
    name: string,
    run: (version: number) => Promise<DocumentAnswer>,
    done?: string,
  ): Promise<DocumentAnswer | undefined> {
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
    const published = await act('publish', (version) => content.publish(ref, version))
    if (published) {
      notify(`Published. It will be at ${published.url ?? 'its address'} within seconds.`)
      watchLive(published.contentVersion, `Live on the site: ${published.url ?? ''}`)
    }
  }

  async function schedule(at: Date) {
    setAttempted(true)
    const scheduled = await act('schedule', (version) =>
      content.publish(ref, version, at.toISOString()),
    )
    if (scheduled) {
      close()
      notify(`Scheduled: it goes live ${formatKansasCity(at)}.`)
    }
  }

  async function unpublish() {
    const result = await act(
      'unpublish',
      (version) => content.unpublish(ref, version),
      answer.status === 'scheduled'
        ? 'The schedule is cancelled: the article is a draft again.'
        : 'Unpublished: visitors no longer see it.',
    )
    if (result) close()
  }

  /** A refused address is said in the dialog, next to the field (thrown); a conflict as always. */
  async function changeSlug(slug: string) {
    let changed: DocumentAnswer
    try {
      const version = (await draft.flush()).version
      changed = await content.changeSlug(ref, version, slug)
    } catch (error) {
      if (!content.conflictOf(error)) throw error
      draft.refused(error)
      close()
      return
    }
    draft.adopt(changed)
    close()
    notify(
      answer.status === 'draft'
        ? `The address is now /articles/${changed.slug}.`
        : `The address is now /articles/${changed.slug}; the old one redirects to it.`,
    )
    if (changed.contentVersion > answer.contentVersion) watchLive(changed.contentVersion)
  }

  async function remove() {
    try {
      await content.deleteArticle(ref, draft.answer.version)
      notify(`“${draft.working.data.headline}” is deleted.`)
      close()
      setDeleted(true)
      navigate('/articles', { state: WITHOUT_ASKING })
    } catch (error) {
      if (!draft.refused(error)) notify((error as Error).message, 'error')
      close()
    }
  }

  /** In a conflict, "keep mine": the writer's version becomes a new article beside theirs. */
  async function keepMineAsCopy() {
    const mine = draft.working
    const copy = await createCopy(answer.slug ?? 'article', mine.data, mine.body ?? '')
    await draft.reloadTheirs()
    navigate(`/articles/${articleIdOf(copy.key)}`, { state: WITHOUT_ASKING })
  }

  return {
    ...{ busy, dialog, setDialog, close, attempted, deleted, refused },
    preview: (event: MouseEvent<HTMLAnchorElement>) => openPreview(draft, notify, event),
    ...{ publishNow, schedule, unpublish, changeSlug, remove, keepMineAsCopy },
  }
}
