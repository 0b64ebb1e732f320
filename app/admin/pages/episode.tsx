/**
 * An episode's form (editors and administrators): its audio (uploaded and measured by the
 * server), its transcript and chapters, its title, number, summary, show notes and publication
 * time. "Save draft" keeps it unpublished; "Schedule" (a publication time still to come) or
 * "Publish now" puts it on the site, its page, /listen and the feed, on every server within
 * seconds. Every message of the server shows next to its field.
 *
 * The writes are the route's action (./episode/action.ts), posted through a fetcher: the page
 * shows what runs, and what it offers afterwards comes from the episode as the server answers it
 * (the loader reads it again). The cards are in ./episode/sections.tsx and publishing.tsx.
 */
import { useEffect, useId, useState, type ChangeEvent } from 'react'
import { Link, useFetcher, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router'
import { AUDIO_UPLOAD_MAX_BYTES, type EpisodeAnswer } from '#common/podcast-admin.ts'
import * as podcastApi from '#common/podcast-contracts.ts'
import { call, chosenFile, fieldError, upload } from '#app/admin/api.ts'
import { ConfirmDialog } from '#app/admin/components/confirm-dialog.tsx'
import { useToast } from '#app/admin/components/toast.tsx'
import { Alert, PageHeader, ViewOnSite } from '#app/admin/components/ui.tsx'
import { formatAgo, formatClock, zonedToIso } from '#app/admin/format.ts'
import { useSession } from '#app/admin/session.ts'
import { EpisodeStatus, siteLinkClass } from './podcast.tsx'
import type { EpisodeActionResult, EpisodeIntent } from './episode/action.ts'
import {
  chapterDraft,
  initialState,
  problemsByField,
  type FormState,
  type Loaded,
} from './episode/form-state.ts'
import { PublishingCard } from './episode/publishing.tsx'
import { AboutCard, AudioCard, ChaptersCard, TranscriptCard } from './episode/sections.tsx'

export { episodeAction, episodeShouldRevalidate } from './episode/action.ts'
export { chapterTime } from './episode/form-state.ts'

export const newEpisodeLoader = async (): Promise<Loaded> => ({
  mode: 'new',
  nextNumber: (await call(podcastApi.podcast)).nextNumber,
})

export const episodeLoader = async ({ params }: LoaderFunctionArgs): Promise<Loaded> => ({
  mode: 'edit',
  episode: await call(podcastApi.episode, { params: { id: params.id ?? '' } }),
})

/** Leaving with unsaved changes asks first (a reload, another site, closing the tab). */
function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
}

/**
 * What the form holds as staff type: its fields, whether they differ from the last answer, and
 * the messages of the files chosen here (audio, chapters), which are the browser's own.
 */
function useEpisodeForm(loaded: Loaded) {
  const [form, setForm] = useState<FormState>(() => initialState(loaded))
  const [dirty, setDirty] = useState(false)
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({})
  const change = (patch: Partial<FormState>) => {
    setForm((current) => ({ ...current, ...patch }))
    setDirty(true)
  }
  /** After an action the server answered: the form shows the episode as it has it. */
  const adopt = (episode: EpisodeAnswer | undefined) => {
    if (episode) setForm(initialState({ mode: 'edit', episode }))
    setDirty(false)
  }
  const fileError = (field: string, message: string | undefined) =>
    setFileErrors(({ [field]: _, ...others }) =>
      message ? { ...others, [field]: message } : others,
    )
  return { form, change, dirty, adopt, fileErrors, fileError }
}

/** Sends the chosen audio file; the server measures it, and the form names it by its hash. */
function useAudioUpload(
  change: (patch: Partial<FormState>) => void,
  fileError: (field: string, message: string | undefined) => void,
) {
  const notify = useToast()
  const [uploaded, setUploaded] = useState<number>()
  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = chosenFile(event.target, AUDIO_UPLOAD_MAX_BYTES, 'The file')
    if (!chosen) return
    if ('refused' in chosen) return fileError('audio', chosen.refused)
    setUploaded(0)
    fileError('audio', undefined)
    try {
      const answer = await upload(podcastApi.uploadAudio, chosen.file, setUploaded)
      change({ audio: answer.audio })
      notify(`“${answer.fileName}” is uploaded: ${formatClock(answer.audio.duration)} long.`)
    } catch (caught) {
      fileError('audio', fieldError(caught, 'audio'))
    }
    setUploaded(undefined)
  }
  return { uploaded, choose }
}

/**
 * Tells the person what the last action did, once, and moves the page where it belongs: a new
 * episode to its own address (whose loader reads it as the server has it now), a deleted one to
 * the list.
 */
function useActionAnswer(
  result: EpisodeActionResult | undefined,
  isNew: boolean,
  adopt: (episode: EpisodeAnswer | undefined) => void,
) {
  const notify = useToast()
  const navigate = useNavigate()
  useEffect(() => {
    if (!result?.ok) return
    adopt(result.episode)
    for (const notice of result.notices) notify(notice)
    if (result.intent === 'delete') navigate('/podcast')
    else if (isNew && result.episode)
      navigate(`/podcast/episodes/${result.episode.id}`, { replace: true })
    // Only a new answer: `adopt` and `notify` are made afresh on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result])
}

export function EpisodePage() {
  const loaded = useLoaderData<typeof episodeLoader>()
  const { staff } = useSession()
  const fetcher = useFetcher<EpisodeActionResult>()
  const episode = loaded.mode === 'edit' ? loaded.episode : undefined
  const { form, change, dirty, adopt, fileErrors, fileError } = useEpisodeForm(loaded)
  const [slugTouched, setSlugTouched] = useState(loaded.mode === 'edit')
  const [deleting, setDeleting] = useState(false)
  const [sendToReaders, setSendToReaders] = useState(false)
  const audio = useAudioUpload(change, fileError)
  const result = fetcher.data
  useActionAnswer(result, loaded.mode === 'new', adopt)
  useLeaveWarning(dirty)

  // The time the form was opened: a publication time after it is still to come.
  const [openedAt] = useState(Date.now)
  const publishedAtIso = zonedToIso(form.publishedAt)
  const upcoming = publishedAtIso !== undefined && Date.parse(publishedAtIso) > openedAt
  const pending =
    fetcher.state === 'idle'
      ? undefined
      : (String(fetcher.formData?.get('intent') ?? 'save') as EpisodeIntent)
  const refused = result && !result.ok ? result : undefined
  const message = refused?.message ?? (result?.ok ? result.warning : undefined)
  const errors = {
    ...(refused && Object.keys(refused.fields).length > 0
      ? refused.fields
      : episode
        ? problemsByField(episode)
        : {}),
    ...fileErrors,
  }

  function loadChapters(text: string) {
    try {
      const json = JSON.parse(text) as { chapters?: { startTime?: unknown; title?: unknown }[] }
      const rows = (json.chapters ?? []).map((c) =>
        chapterDraft(Number(c.startTime), String(c.title ?? '')),
      )
      if (rows.length === 0) throw new Error('no chapters')
      change({ chapters: rows })
      fileError('chapters', undefined)
    } catch {
      fileError(
        'chapters',
        'That file is not Podcasting 2.0 chapters (JSON with a "chapters" list of startTime and title).',
      )
    }
  }

  const formId = useId()
  const sections = { formId, form, change, errors }

  return (
    <>
      <EpisodeHeader episode={episode} />
      {message && (
        <div className="mb-6">
          <Alert>{message}</Alert>
        </div>
      )}
      <fetcher.Form
        id={formId}
        method="post"
        noValidate
        className="grid gap-6 lg:grid-cols-3"
        onSubmit={() => fileError('chapters', undefined)}
      >
        <input type="hidden" name="baseVersion" value={episode?.version ?? ''} />
        <input type="hidden" name="changed" value={dirty ? 'yes' : ''} />
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <AudioCard {...sections} uploaded={audio.uploaded} onChoose={audio.choose} />
          <AboutCard
            {...sections}
            episode={episode}
            slugTouched={slugTouched}
            onSlugTouched={() => setSlugTouched(true)}
          />
          <TranscriptCard {...sections} />
          <ChaptersCard {...sections} onLoad={loadChapters} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <PublishingCard
            formId={formId}
            episode={episode}
            role={staff.role}
            publishedAt={form.publishedAt}
            publishedAtIso={publishedAtIso}
            upcoming={upcoming}
            error={errors.publishedAt}
            onPublishedAt={(publishedAt) => change({ publishedAt })}
            sendToReaders={sendToReaders}
            onSendToReaders={setSendToReaders}
            pending={pending}
            uploading={audio.uploaded !== undefined}
            dirty={dirty}
            onDelete={() => setDeleting(true)}
          />
        </div>
      </fetcher.Form>

      <ConfirmDialog
        open={deleting}
        title="Delete this episode?"
        confirmLabel="Delete"
        onConfirm={async () => {
          await fetcher.submit(
            { intent: 'delete', baseVersion: episode?.version ?? '', number: form.number },
            { method: 'post' },
          )
          setDeleting(false)
        }}
        onClose={() => setDeleting(false)}
      >
        <p>
          Episode {form.number}, <strong>{form.title}</strong>, and every revision of it are
          deleted. If it is on the site, its page and its place in the feed go at once.
        </p>
      </ConfirmDialog>
    </>
  )
}

function EpisodeHeader({ episode }: { episode: EpisodeAnswer | undefined }) {
  return (
    <PageHeader
      title={episode ? `Episode ${episode.fields.number}: ${episode.fields.title}` : 'New episode'}
      back={
        <Link to="/podcast" className="mb-2 inline-block text-sm font-semibold text-teal underline">
          ← All episodes
        </Link>
      }
      lead={
        episode ? (
          <span className="flex flex-wrap items-center gap-3">
            <EpisodeStatus episode={episode} />
            <span className="text-sm">
              Saved {formatAgo(episode.updatedAt)}
              {episode.updatedBy ? ` by ${episode.updatedBy.label}` : ''}
            </span>
            {episode.url && <ViewOnSite href={episode.url} className={siteLinkClass} />}
          </span>
        ) : (
          'Upload its audio, add its transcript and chapters, then save it as a draft, schedule it or publish it.'
        )
      }
    />
  )
}
