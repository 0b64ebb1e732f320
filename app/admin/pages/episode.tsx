/**
 * An episode's form (editors and administrators): its audio (uploaded and measured by the
 * server), its transcript and chapters, its title, number, summary, show notes and publication
 * time. "Save draft" keeps it unpublished; "Schedule" (a publication time still to come) or
 * "Publish now" puts it on the site, its page, /listen and the feed, on every server within
 * seconds. Every message of the server shows next to its field.
 */
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react'
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router'
import {
  AUDIO_UPLOAD_MAX_BYTES,
  type AudioAnswer,
  type AudioFacts,
  type EpisodeAnswer,
  type EpisodeFields,
  type PodcastOverviewAnswer,
} from '#common/podcast-admin.ts'
import { slugify } from '#common/content/slug.ts'
import { api, ApiError, chosenFile, fieldError, get, post, upload } from '../api.ts'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import { useToast } from '../components/toast.tsx'
import {
  Alert,
  buttonClass,
  Card,
  Field,
  PageHeader,
  TextAreaField,
  ViewOnSite,
} from '../components/ui.tsx'
import {
  formatAgo,
  formatClock,
  formatShowTime,
  formatSize,
  isoToZoned,
  parseClock,
  zonedToIso,
} from '../format.ts'
import { useSession } from '../session.ts'
import { EpisodeStatus, siteLinkClass } from './podcast.tsx'
import { SendToReadersChoice, sendEpisodeToReaders } from './episode-send.tsx'

type Loaded = { mode: 'new'; nextNumber: number } | { mode: 'edit'; episode: EpisodeAnswer }

export const newEpisodeLoader = async (): Promise<Loaded> => ({
  mode: 'new',
  nextNumber: (await get<PodcastOverviewAnswer>('/podcast')).nextNumber,
})

export const episodeLoader = async ({ params }: LoaderFunctionArgs): Promise<Loaded> => ({
  mode: 'edit',
  episode: await get<EpisodeAnswer>(`/podcast/episodes/${params.id}`),
})

/** Tomorrow at 6 in the morning, Kansas City time: a daily show is prepared the night before. */
function tomorrowMorning(now = new Date()): string {
  const today = isoToZoned(now.toISOString()).slice(0, 10)
  const next = new Date(`${today}T12:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return `${next.toISOString().slice(0, 10)}T06:00`
}

interface ChapterDraft {
  key: number
  time: string
  title: string
}

interface FormState {
  title: string
  slug: string
  number: string
  publishedAt: string
  summary: string
  notes: string
  audio: AudioFacts | null
  transcript: string
  chapters: ChapterDraft[]
}

/** The problems a saved draft still has, as messages next to the form's fields. */
function problemsByField(episode: EpisodeAnswer): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const problem of episode.problems) {
    const field = problem.field ?? '_'
    fields[field] ??=
      problem.line !== undefined ? `line ${problem.line}: ${problem.message}` : problem.message
  }
  return fields
}

let chapterKeys = 0

/** A chapter's start as staff type it: "1:05", with hundredths when it has them ("0:18.88"). */
export function chapterTime(seconds: number): string {
  const whole = Math.floor(seconds)
  const hundredths = Math.round((seconds - whole) * 100)
  if (hundredths === 100) return formatClock(whole + 1)
  return hundredths
    ? `${formatClock(whole)}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}`
    : formatClock(whole)
}

const chapterDraft = (startTime: number, title: string): ChapterDraft => ({
  key: ++chapterKeys,
  time: chapterTime(startTime),
  title,
})

function initialState(loaded: Loaded): FormState {
  if (loaded.mode === 'new')
    return {
      title: '',
      slug: '',
      number: String(loaded.nextNumber),
      publishedAt: tomorrowMorning(),
      summary: '',
      notes: '',
      audio: null,
      transcript: '',
      chapters: [],
    }
  const { fields } = loaded.episode
  return {
    title: fields.title,
    slug: fields.slug,
    number: String(fields.number),
    publishedAt: isoToZoned(fields.publishedAt),
    summary: fields.summary,
    notes: fields.notes,
    audio: fields.audio,
    transcript: fields.transcript,
    chapters: fields.chapters.map((c) => chapterDraft(c.startTime, c.title)),
  }
}

const MEGABYTE = 1024 * 1024

export function EpisodePage() {
  const loaded = useLoaderData() as Loaded
  const navigate = useNavigate()
  const notify = useToast()
  const { staff } = useSession()
  const [episode, setEpisode] = useState(loaded.mode === 'edit' ? loaded.episode : undefined)
  const [form, setForm] = useState<FormState>(() => initialState(loaded))
  const [slugTouched, setSlugTouched] = useState(loaded.mode === 'edit')
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    loaded.mode === 'edit' ? problemsByField(loaded.episode) : {},
  )
  const [message, setMessage] = useState<string>()
  const [busy, setBusy] = useState<'save' | 'publish' | 'send' | 'unpublish' | 'upload'>()
  /** The share of the audio file sent, while it uploads. */
  const [uploaded, setUploaded] = useState<number>()
  const [dirty, setDirty] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [sendToReaders, setSendToReaders] = useState(false)

  // Leaving with unsaved changes asks first (a reload, another site, closing the tab).
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const change = (patch: Partial<FormState>) => {
    setForm((current) => ({ ...current, ...patch }))
    setDirty(true)
  }

  // The time the form was opened: a publication time after it is still to come.
  const [openedAt] = useState(Date.now)
  const publishedAtIso = zonedToIso(form.publishedAt)
  const upcoming = publishedAtIso !== undefined && Date.parse(publishedAtIso) > openedAt
  const live = episode?.status === 'published'

  function requestBody() {
    const chapters = form.chapters
      .filter((row) => row.time.trim() || row.title.trim())
      .map((row) => ({ startTime: parseClock(row.time) ?? Number.NaN, title: row.title }))
    const bad = chapters.findIndex((c) => Number.isNaN(c.startTime))
    if (bad !== -1)
      throw new ApiError(400, {
        message: 'A chapter’s time is not a time.',
        fields: { chapters: `Chapter ${bad + 1}: write its start as m:ss, such as 1:05.` },
      })
    if (!publishedAtIso)
      throw new ApiError(400, {
        message: 'Choose the publication time.',
        fields: { publishedAt: 'Choose the date and the time it goes out.' },
      })
    return {
      slug: form.slug.trim(),
      title: form.title,
      number: Number(form.number),
      publishedAt: publishedAtIso,
      summary: form.summary,
      notes: form.notes,
      audio: form.audio && { sha256: form.audio.sha256 },
      transcript: form.transcript,
      chapters: chapters as EpisodeFields['chapters'],
    }
  }

  function fail(caught: unknown) {
    if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) {
      setErrors(caught.fields)
      setMessage(caught.message)
    } else setMessage((caught as Error).message)
  }

  /**
   * Saves the form: creates the episode, or saves its draft. Answers the saved episode. A new
   * episode's page moves to its address, unless an action follows (`then`): the page at the new
   * address mounts afresh with what its loader reads, so it moves after that action's answer.
   */
  async function save(then?: 'publish'): Promise<EpisodeAnswer | undefined> {
    setErrors({})
    setMessage(undefined)
    try {
      const body = requestBody()
      const saved = episode
        ? await post<EpisodeAnswer>(`/podcast/episodes/${episode.id}/draft`, {
            ...body,
            baseVersion: episode.version,
          })
        : await post<EpisodeAnswer>('/podcast/episodes', body)
      setEpisode(saved)
      setDirty(false)
      setErrors(problemsByField(saved))
      if (!episode && !then) navigate(`/podcast/episodes/${saved.id}`, { replace: true })
      return saved
    } catch (caught) {
      fail(caught)
      return undefined
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy('save')
    const saved = await save()
    setBusy(undefined)
    if (saved)
      notify(
        saved.problems.length > 0
          ? 'The draft is saved. Before it can be published, see the notes next to the fields.'
          : 'The draft is saved. Visitors see nothing of it until it is published.',
      )
  }

  async function publish() {
    setBusy('publish')
    const saved = dirty || !episode ? await save('publish') : episode
    if (saved) {
      try {
        const answer = await post<EpisodeAnswer>(`/podcast/episodes/${saved.id}/publish`, {
          baseVersion: saved.version,
        })
        setEpisode(answer)
        // A new episode: its page, at its own address, reads it as the server has it now.
        if (!episode) navigate(`/podcast/episodes/${answer.id}`, { replace: true })
        notify(
          answer.status === 'scheduled'
            ? `Scheduled: it goes out on its own at ${formatShowTime(answer.publishAt!)}.`
            : 'Published: its page, /listen and the feed show it within seconds.',
        )
        if (sendToReaders && answer.status === 'published') await send(answer.fields.slug)
      } catch (caught) {
        fail(caught)
      }
    }
    setBusy(undefined)
  }

  /** After a publish: the letter goes once the page is live (the request waits for that). */
  async function send(slug: string) {
    setBusy('send')
    try {
      notify(await sendEpisodeToReaders(slug))
      setSendToReaders(false)
    } catch (caught) {
      setMessage(`Published, but not sent to readers: ${(caught as Error).message}`)
    }
  }

  async function unpublish() {
    if (!episode) return
    setBusy('unpublish')
    try {
      const answer = await post<EpisodeAnswer>(`/podcast/episodes/${episode.id}/unpublish`, {
        baseVersion: episode.version,
      })
      setEpisode(answer)
      notify('Unpublished: the episode is off the site and the feed; its draft stays here.')
    } catch (caught) {
      fail(caught)
    }
    setBusy(undefined)
  }

  async function remove() {
    if (!episode) return
    try {
      await api('DELETE', `/podcast/episodes/${episode.id}?baseVersion=${episode.version}`)
      setDirty(false)
      notify(`Episode ${form.number} was deleted.`)
      navigate('/podcast')
    } catch (caught) {
      setDeleting(false)
      fail(caught)
    }
  }

  async function chooseAudio(event: ChangeEvent<HTMLInputElement>) {
    const chosen = chosenFile(event.target, AUDIO_UPLOAD_MAX_BYTES, 'The file')
    if (!chosen) return
    if ('refused' in chosen) return setErrors((e) => ({ ...e, audio: chosen.refused }))
    setBusy('upload')
    setUploaded(0)
    setErrors(({ audio: _, ...others }) => others)
    try {
      const answer = await upload<AudioAnswer>('/podcast/uploads/audio', chosen.file, setUploaded)
      change({ audio: answer.audio })
      notify(`“${answer.fileName}” is uploaded: ${formatClock(answer.audio.duration)} long.`)
    } catch (caught) {
      setErrors((e) => ({ ...e, audio: fieldError(caught, 'audio') }))
    }
    setBusy(undefined)
    setUploaded(undefined)
  }

  async function readText(event: ChangeEvent<HTMLInputElement>, into: (text: string) => void) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) into(await file.text())
  }

  function loadChapters(text: string) {
    try {
      const json = JSON.parse(text) as { chapters?: { startTime?: unknown; title?: unknown }[] }
      const rows = (json.chapters ?? []).map((c) =>
        chapterDraft(Number(c.startTime), String(c.title ?? '')),
      )
      if (rows.length === 0) throw new Error('no chapters')
      change({ chapters: rows })
      setErrors(({ chapters: _, ...others }) => others)
    } catch {
      setErrors((e) => ({
        ...e,
        chapters:
          'That file is not Podcasting 2.0 chapters (JSON with a "chapters" list of startTime and title).',
      }))
    }
  }

  const title = episode
    ? `Episode ${episode.fields.number}: ${episode.fields.title}`
    : 'New episode'
  const formId = useId()

  return (
    <>
      <PageHeader
        title={title}
        back={
          <Link
            to="/podcast"
            className="mb-2 inline-block text-sm font-semibold text-teal underline"
          >
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

      {message && (
        <div className="mb-6">
          <Alert>{message}</Alert>
        </div>
      )}

      <form id={formId} onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card aria-labelledby={`${formId}-audio`}>
            <h2 id={`${formId}-audio`} className="font-display text-2xl font-semibold">
              Audio
            </h2>
            <p className="mt-1 text-ink-soft">
              MP3 or M4A (AAC), up to {AUDIO_UPLOAD_MAX_BYTES / MEGABYTE} MB. Its length is read
              from the file.
            </p>
            {form.audio && (
              <div className="mt-4 flex flex-col gap-3">
                {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the transcript is on this page */}
                <audio controls preload="none" src={form.audio.url} className="w-full" />
                <p className="text-sm text-ink-soft">
                  {form.audio.mime === 'audio/mp4' ? 'M4A' : 'MP3'} ·{' '}
                  {formatClock(form.audio.duration)} · {formatSize(form.audio.size)}
                </p>
              </div>
            )}
            <div className="mt-4 flex flex-col gap-1.5">
              <label htmlFor={`${formId}-audio-file`} className="font-semibold">
                {form.audio ? 'Replace the audio' : 'Choose the audio file'}
              </label>
              <input
                id={`${formId}-audio-file`}
                type="file"
                accept=".mp3,.m4a,audio/mpeg,audio/mp4"
                onChange={chooseAudio}
                disabled={busy === 'upload'}
                aria-invalid={errors.audio ? true : undefined}
                aria-describedby={errors.audio ? `${formId}-audio-error` : undefined}
                className="min-h-11 w-full min-w-0 rounded-xl border border-ink/25 bg-white px-3 py-2 file:mr-3 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-1.5 file:font-semibold file:text-paper"
              />
              {busy === 'upload' && (
                <div className="flex items-center gap-3">
                  <progress
                    value={uploaded ?? 0}
                    max={1}
                    aria-label="Upload progress"
                    className="h-2 grow overflow-hidden rounded-full accent-clay"
                  />
                  <p role="status" className="text-sm text-ink-soft">
                    {uploaded !== undefined && uploaded < 1
                      ? `Uploading the audio: ${Math.round(uploaded * 100)}%`
                      : 'Measuring the audio…'}
                  </p>
                </div>
              )}
              {errors.audio && (
                <p id={`${formId}-audio-error`} className="text-sm font-medium text-danger">
                  {errors.audio}
                </p>
              )}
            </div>
          </Card>

          <Card aria-labelledby={`${formId}-about`}>
            <h2 id={`${formId}-about`} className="font-display text-2xl font-semibold">
              The episode
            </h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-4">
              <Field
                label="Title"
                className="sm:col-span-3"
                value={form.title}
                onChange={(event) => {
                  const value = event.target.value
                  change({ title: value, ...(!slugTouched && { slug: slugify(value) }) })
                }}
                error={errors.title}
                required
              />
              <Field
                label="Number"
                inputMode="numeric"
                value={form.number}
                onChange={(event) => change({ number: event.target.value })}
                error={errors.number}
              />
              <Field
                label="Address"
                className="sm:col-span-4"
                hint={
                  episode?.everPublished
                    ? 'It stays as it is: podcast apps and shared links point at it.'
                    : `The page will be /listen/${form.slug || '…'}.`
                }
                value={form.slug}
                readOnly={episode?.everPublished}
                onChange={(event) => {
                  setSlugTouched(true)
                  change({ slug: event.target.value })
                }}
                error={errors.slug}
              />
            </div>
            <TextAreaField
              label="Summary"
              hint="One or two sentences, up to 200 characters: the lists, the feed and search results show it."
              rows={3}
              value={form.summary}
              onChange={(event) => change({ summary: event.target.value })}
              error={errors.summary}
              className="mt-4"
            />
            <TextAreaField
              label="Show notes"
              hint="Markdown: paragraphs, ## headings, lists, **bold**, _italic_ and [links](https://example.org)."
              rows={10}
              value={form.notes}
              onChange={(event) => change({ notes: event.target.value })}
              error={errors.notes}
              className="mt-4"
            />
          </Card>

          <Card aria-labelledby={`${formId}-transcript`}>
            <h2 id={`${formId}-transcript`} className="font-display text-2xl font-semibold">
              Transcript
            </h2>
            <p className="mt-1 text-ink-soft">
              Every episode has its words on its page, for people who cannot hear it. Paste or load
              a WebVTT file (with <code>&lt;v Name&gt;</code> for the speakers), or plain text with
              a speaker on each line: <code>[01:05] Imani Brooks: What she said.</code> With times,
              listeners can jump to any line.
            </p>
            <TextAreaField
              label="Transcript text"
              rows={12}
              value={form.transcript}
              onChange={(event) => change({ transcript: event.target.value })}
              error={errors.transcript}
              className="mt-4"
              controlClassName="font-mono text-sm"
            />
            <div className="mt-3 flex flex-col gap-1.5">
              <label htmlFor={`${formId}-transcript-file`} className="text-sm font-semibold">
                Load the transcript from a file (.vtt or .txt)
              </label>
              <input
                id={`${formId}-transcript-file`}
                type="file"
                accept=".vtt,.txt,text/vtt,text/plain"
                onChange={(event) => readText(event, (text) => change({ transcript: text }))}
                className="min-h-11 w-full min-w-0 rounded-xl border border-ink/25 bg-white px-3 py-2 file:mr-3 file:rounded-full file:border-0 file:bg-paper-deep file:px-4 file:py-1.5 file:font-semibold"
              />
            </div>
          </Card>

          <Card aria-labelledby={`${formId}-chapters`}>
            <h2 id={`${formId}-chapters`} className="font-display text-2xl font-semibold">
              Chapters
            </h2>
            <p className="mt-1 text-ink-soft">
              Optional. The first starts at 0:00; the player marks each on its timeline.
            </p>
            {errors.chapters && (
              <p id={`${formId}-chapters-error`} className="mt-3 text-sm font-medium text-danger">
                {errors.chapters}
              </p>
            )}
            <ol className="mt-4 flex flex-col gap-3">
              {form.chapters.map((row, i) => (
                <li key={row.key} className="flex flex-wrap items-end gap-3">
                  <Field
                    label={`Chapter ${i + 1} starts at`}
                    className="w-44"
                    value={row.time}
                    placeholder="0:00"
                    onChange={(event) =>
                      change({
                        chapters: form.chapters.map((c) =>
                          c.key === row.key ? { ...c, time: event.target.value } : c,
                        ),
                      })
                    }
                  />
                  <Field
                    label={`Chapter ${i + 1} title`}
                    className="min-w-48 flex-1"
                    value={row.title}
                    onChange={(event) =>
                      change({
                        chapters: form.chapters.map((c) =>
                          c.key === row.key ? { ...c, title: event.target.value } : c,
                        ),
                      })
                    }
                  />
                  <button
                    type="button"
                    className={buttonClass('danger')}
                    onClick={() =>
                      change({ chapters: form.chapters.filter((c) => c.key !== row.key) })
                    }
                  >
                    Remove<span className="sr-only"> chapter {i + 1}</span>
                  </button>
                </li>
              ))}
            </ol>
            <div className="mt-4 flex flex-wrap items-end gap-4">
              <button
                type="button"
                className={buttonClass('outline')}
                onClick={() => {
                  const last = form.chapters.at(-1)
                  const next = last ? (parseClock(last.time) ?? 0) + 60 : 0
                  change({ chapters: [...form.chapters, chapterDraft(next, '')] })
                }}
              >
                Add a chapter
              </button>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${formId}-chapters-file`} className="text-sm font-semibold">
                  Load chapters from a file (Podcasting 2.0 JSON)
                </label>
                <input
                  id={`${formId}-chapters-file`}
                  type="file"
                  accept=".json,application/json"
                  onChange={(event) => readText(event, loadChapters)}
                  className="min-h-11 w-full min-w-0 rounded-xl border border-ink/25 bg-white px-3 py-2 file:mr-3 file:rounded-full file:border-0 file:bg-paper-deep file:px-4 file:py-1.5 file:font-semibold"
                />
              </div>
            </div>
          </Card>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Card aria-labelledby={`${formId}-publishing`} className="lg:sticky lg:top-6">
            <h2 id={`${formId}-publishing`} className="font-display text-2xl font-semibold">
              Publishing
            </h2>
            <Field
              label="Publication time (Kansas City)"
              type="datetime-local"
              className="mt-4"
              hint={
                publishedAtIso
                  ? upcoming
                    ? `Still to come: publishing schedules it for ${formatShowTime(publishedAtIso)}.`
                    : 'Now or past: publishing puts it out at once, with this date.'
                  : undefined
              }
              value={form.publishedAt}
              onChange={(event) => change({ publishedAt: event.target.value })}
              error={errors.publishedAt}
            />
            <div className="mt-6">
              <SendToReadersChoice
                id={`${formId}-send`}
                role={staff.role}
                checked={sendToReaders}
                onChange={setSendToReaders}
                upcoming={upcoming}
              />
            </div>
            <div className="mt-6 flex flex-col gap-3">
              <button
                type="submit"
                className={buttonClass('outline')}
                disabled={busy !== undefined}
              >
                {busy === 'save' ? 'Saving…' : 'Save draft'}
              </button>
              <button
                type="button"
                className={buttonClass('primary')}
                onClick={publish}
                disabled={busy !== undefined}
              >
                {busy === 'publish'
                  ? 'Publishing…'
                  : busy === 'send'
                    ? 'Sending to readers…'
                    : upcoming
                      ? 'Schedule'
                      : live
                        ? 'Publish the changes'
                        : 'Publish now'}
              </button>
              {episode && episode.status !== 'draft' && (
                <button
                  type="button"
                  className={buttonClass('outline')}
                  onClick={unpublish}
                  disabled={busy !== undefined}
                >
                  {busy === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
                </button>
              )}
              {episode && staff.role === 'admin' && (
                <button
                  type="button"
                  className={buttonClass('danger')}
                  onClick={() => setDeleting(true)}
                  disabled={busy !== undefined}
                >
                  Delete the episode
                </button>
              )}
            </div>
            {dirty && (
              <p role="status" className="mt-4 text-sm text-ink-soft">
                You have unsaved changes.
              </p>
            )}
          </Card>
        </div>
      </form>

      <ConfirmDialog
        open={deleting}
        title="Delete this episode?"
        confirmLabel="Delete"
        onConfirm={remove}
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
