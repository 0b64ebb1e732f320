/**
 * The episode form's fields as staff type them (a chapter's start as "1:05", the publication
 * time on Kansas City's wall clock), made from the server's answer and read back from the form's
 * FormData by the route action (./action.ts).
 */
import type { EpisodeAnswer, EpisodeFields } from '#common/podcast-admin.ts'
import { formatClock, isoToZoned, parseClock, zonedToIso } from '#app/admin/format.ts'

export type Loaded = { mode: 'new'; nextNumber: number } | { mode: 'edit'; episode: EpisodeAnswer }

export interface ChapterDraft {
  key: number
  time: string
  title: string
}

export interface FormState {
  title: string
  slug: string
  number: string
  publishedAt: string
  summary: string
  notes: string
  audio: EpisodeFields['audio']
  transcript: string
  chapters: ChapterDraft[]
}

/** Tomorrow at 6 in the morning, Kansas City time: a daily show is prepared the night before. */
export function tomorrowMorning(now = new Date()): string {
  const today = isoToZoned(now.toISOString()).slice(0, 10)
  const next = new Date(`${today}T12:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return `${next.toISOString().slice(0, 10)}T06:00`
}

/** The problems a saved draft still has, as messages next to the form's fields. */
export function problemsByField(episode: EpisodeAnswer): Record<string, string> {
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

export const chapterDraft = (startTime: number, title: string): ChapterDraft => ({
  key: ++chapterKeys,
  time: chapterTime(startTime),
  title,
})

/** The form as the server has the episode (or a new one's first values). */
export function initialState(loaded: Loaded): FormState {
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

/** A field's message, as the action answers it when the form cannot be sent as it is. */
export class FormRefusal extends Error {
  override name = 'FormRefusal'
  readonly fields: Record<string, string>
  constructor(message: string, fields: Record<string, string>) {
    super(message)
    this.fields = fields
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * The request body the server takes for an episode, read from the form's fields (their `name`s).
 * A chapter's start that is not a time, or no publication time, is refused here with the message
 * for its field: the server would only see NaN or nothing.
 */
export function episodeBody(form: FormData): Omit<EpisodeFields, 'audio'> & {
  audio: { sha256: string } | null
} {
  const times = form.getAll('chapterTime').map(String)
  const titles = form.getAll('chapterTitle').map(String)
  const chapters = times
    .map((time, i) => ({ time, title: titles[i] ?? '' }))
    .filter((row) => row.time.trim() || row.title.trim())
    .map((row) => ({ startTime: parseClock(row.time) ?? Number.NaN, title: row.title }))
  const bad = chapters.findIndex((c) => Number.isNaN(c.startTime))
  if (bad !== -1)
    throw new FormRefusal('A chapter’s time is not a time.', {
      chapters: `Chapter ${bad + 1}: write its start as m:ss, such as 1:05.`,
    })
  const publishedAt = zonedToIso(text(form, 'publishedAt'))
  if (!publishedAt)
    throw new FormRefusal('Choose the publication time.', {
      publishedAt: 'Choose the date and the time it goes out.',
    })
  const audio = text(form, 'audio')
  return {
    slug: text(form, 'slug').trim(),
    title: text(form, 'title'),
    number: Number(text(form, 'number')),
    publishedAt,
    summary: text(form, 'summary'),
    notes: text(form, 'notes'),
    audio: audio ? { sha256: audio } : null,
    transcript: text(form, 'transcript'),
    chapters,
  }
}
