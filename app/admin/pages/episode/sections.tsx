/**
 * The episode form's cards: its audio, what it is (title, number, address, summary, notes), its
 * transcript and its chapters. Each field has the `name` the route action reads (./form-state.ts);
 * the files chosen here are read in the browser and never sent with the form.
 */
import type { ChangeEvent } from 'react'
import { AUDIO_UPLOAD_MAX_BYTES, type EpisodeAnswer } from '#common/podcast-admin.ts'
import { slugify } from '#common/content/slug.ts'
import { buttonClass, Card, Field, TextAreaField } from '#app/admin/components/ui.tsx'
import { formatClock, formatSize, parseClock } from '#app/admin/format.ts'
import { chapterDraft, type FormState } from './form-state.ts'

const MEGABYTE = 1024 * 1024
const fileInputClass =
  'min-h-11 w-full min-w-0 rounded-xl border border-ink/25 bg-white px-3 py-2 file:mr-3 file:rounded-full file:border-0 file:px-4 file:py-1.5 file:font-semibold'

export interface SectionProps {
  formId: string
  form: FormState
  change: (patch: Partial<FormState>) => void
  errors: Record<string, string>
}

/** Reads a chosen text file into the form (a transcript, chapters); the input is emptied. */
export async function readText(event: ChangeEvent<HTMLInputElement>, into: (text: string) => void) {
  const file = event.target.files?.[0]
  event.target.value = ''
  if (file) into(await file.text())
}

function CardTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="font-display text-2xl font-semibold">
      {children}
    </h2>
  )
}

export function AudioCard({
  formId,
  form,
  errors,
  uploaded,
  onChoose,
}: Omit<SectionProps, 'change'> & {
  /** The share of the audio file sent while it uploads; undefined when no upload runs. */
  uploaded: number | undefined
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void
}) {
  const uploading = uploaded !== undefined
  return (
    <Card aria-labelledby={`${formId}-audio`}>
      <CardTitle id={`${formId}-audio`}>Audio</CardTitle>
      <p className="mt-1 text-ink-soft">
        MP3 or M4A (AAC), up to {AUDIO_UPLOAD_MAX_BYTES / MEGABYTE} MB. Its length is read from the
        file.
      </p>
      <input type="hidden" name="audio" value={form.audio?.sha256 ?? ''} />
      {form.audio && (
        <div className="mt-4 flex flex-col gap-3">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the transcript is on this page */}
          <audio controls preload="none" src={form.audio.url} className="w-full" />
          <p className="text-sm text-ink-soft">
            {form.audio.mime === 'audio/mp4' ? 'M4A' : 'MP3'} · {formatClock(form.audio.duration)} ·{' '}
            {formatSize(form.audio.size)}
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
          onChange={onChoose}
          disabled={uploading}
          aria-invalid={errors.audio ? true : undefined}
          aria-describedby={errors.audio ? `${formId}-audio-error` : undefined}
          className={`${fileInputClass} file:bg-ink file:text-paper`}
        />
        {uploading && (
          <div className="flex items-center gap-3">
            <progress
              value={uploaded}
              max={1}
              aria-label="Upload progress"
              className="h-2 grow overflow-hidden rounded-full accent-clay"
            />
            <p role="status" className="text-sm text-ink-soft">
              {uploaded < 1
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
  )
}

export function AboutCard({
  formId,
  form,
  change,
  errors,
  episode,
  slugTouched,
  onSlugTouched,
}: SectionProps & {
  episode: EpisodeAnswer | undefined
  slugTouched: boolean
  onSlugTouched: () => void
}) {
  return (
    <Card aria-labelledby={`${formId}-about`}>
      <CardTitle id={`${formId}-about`}>The episode</CardTitle>
      <div className="mt-4 grid gap-4 sm:grid-cols-4">
        <Field
          label="Title"
          name="title"
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
          name="number"
          inputMode="numeric"
          value={form.number}
          onChange={(event) => change({ number: event.target.value })}
          error={errors.number}
        />
        <Field
          label="Address"
          name="slug"
          className="sm:col-span-4"
          hint={
            episode?.everPublished
              ? 'It stays as it is: podcast apps and shared links point at it.'
              : `The page will be /listen/${form.slug || '…'}.`
          }
          value={form.slug}
          readOnly={episode?.everPublished}
          onChange={(event) => {
            onSlugTouched()
            change({ slug: event.target.value })
          }}
          error={errors.slug}
        />
      </div>
      <TextAreaField
        label="Summary"
        name="summary"
        hint="One or two sentences, up to 200 characters: the lists, the feed and search results show it."
        rows={3}
        value={form.summary}
        onChange={(event) => change({ summary: event.target.value })}
        error={errors.summary}
        className="mt-4"
      />
      <TextAreaField
        label="Show notes"
        name="notes"
        hint="Markdown: paragraphs, ## headings, lists, **bold**, _italic_ and [links](https://example.org)."
        rows={10}
        value={form.notes}
        onChange={(event) => change({ notes: event.target.value })}
        error={errors.notes}
        className="mt-4"
      />
    </Card>
  )
}

export function TranscriptCard({ formId, form, change, errors }: SectionProps) {
  return (
    <Card aria-labelledby={`${formId}-transcript`}>
      <CardTitle id={`${formId}-transcript`}>Transcript</CardTitle>
      <p className="mt-1 text-ink-soft">
        Every episode has its words on its page, for people who cannot hear it. Paste or load a
        WebVTT file (with <code>&lt;v Name&gt;</code> for the speakers), or plain text with a
        speaker on each line: <code>[01:05] Imani Brooks: What she said.</code> With times,
        listeners can jump to any line.
      </p>
      <TextAreaField
        label="Transcript text"
        name="transcript"
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
          className={`${fileInputClass} file:bg-paper-deep`}
        />
      </div>
    </Card>
  )
}

export function ChaptersCard({
  formId,
  form,
  change,
  errors,
  onLoad,
}: SectionProps & { onLoad: (text: string) => void }) {
  const edit = (key: number, patch: { time?: string; title?: string }) =>
    change({ chapters: form.chapters.map((c) => (c.key === key ? { ...c, ...patch } : c)) })
  return (
    <Card aria-labelledby={`${formId}-chapters`}>
      <CardTitle id={`${formId}-chapters`}>Chapters</CardTitle>
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
              name="chapterTime"
              className="w-44"
              value={row.time}
              placeholder="0:00"
              onChange={(event) => edit(row.key, { time: event.target.value })}
            />
            <Field
              label={`Chapter ${i + 1} title`}
              name="chapterTitle"
              className="min-w-48 flex-1"
              value={row.title}
              onChange={(event) => edit(row.key, { title: event.target.value })}
            />
            <button
              type="button"
              className={buttonClass('danger')}
              onClick={() => change({ chapters: form.chapters.filter((c) => c.key !== row.key) })}
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
            onChange={(event) => readText(event, onLoad)}
            className={`${fileInputClass} file:bg-paper-deep`}
          />
        </div>
      </div>
    </Card>
  )
}
