/**
 * How the back office answers about an episode: its form's fields (a draft's unfinished data
 * included), what publishing it needs by the form's fields, and its audit log entries.
 */
import { EpisodeAnswerSchema } from '#common/podcast-admin-answers.ts'
import { parseEpisodeChapters, SHOW_KEY } from '#common/content/episodes.ts'
import { AUDIO_EXTENSION, storedFileUrl } from '#common/content/podcast-files.ts'
import type { EpisodeDocument } from '#common/content/podcast.ts'
import { episodeIdOf, type EpisodeAnswer, type EpisodeFields } from '#common/podcast-admin.ts'
import type { AuditEntry } from '#server/back-office/audit.ts'
import { staffLabels } from '#server/staff/repository.ts'
import { problemAnswer, staffRef } from '../answers.ts'
import { ContentNotFoundError } from '../errors.ts'
import type { ContentChange } from '../repository.ts'
import type { ContentRoutes } from './context.ts'
import { isLive, ownSources, type DocumentKindRoutes } from './document-routes.ts'

/** What an episode's form fields are called in the content's problems. */
const FORM_FIELD: Record<string, string> = {
  'files.audio': 'audio',
  'files.audio.mime': 'audio',
  duration: 'audio',
  'files.transcript': 'transcript',
  transcript: 'transcript',
  'files.chapters': 'chapters',
  chapters: 'chapters',
  body: 'notes',
}
export const formField = (name: string) =>
  FORM_FIELD[name] ?? (name.startsWith('files.chapters') ? 'chapters' : name)

/** The episode's audit entries: what happened, to which episode. */
export function episodeAudit(change: ContentChange, title: string): AuditEntry {
  const what = change.key === SHOW_KEY ? 'the podcast’s settings' : `episode “${title}”`
  const revision = change.revisionNumber ? ` (revision ${change.revisionNumber})` : ''
  const summary: Record<ContentChange['action'], string> = {
    imported: 'imported all content',
    created: `created ${what} as a draft`,
    'draft-saved': `saved a draft of ${what}`,
    'draft-discarded': `discarded the unpublished changes of ${what}`,
    published: `published ${what}${revision}`,
    scheduled: `scheduled ${what}${revision} for ${change.at}`,
    restored: `restored ${what}${revision}`,
    unpublished: `unpublished ${what}`,
    'slug-changed': `changed the address of ${what} from /listen/${change.from} to /listen/${change.to}`,
    deleted: `deleted ${what}`,
  }
  const { actor: _actor, ...details } = change
  return {
    action: `podcast.${change.action}`,
    summary: summary[change.action],
    target: { type: change.key === SHOW_KEY ? 'podcast' : 'episode', id: change.key },
    details,
  }
}

/** The form's fields of an episode's data, a draft's unfinished data included. */
function fieldsOf(slug: string, data: Partial<EpisodeDocument>, notes: string): EpisodeFields {
  const audio = data.files?.audio
  let chapters: EpisodeFields['chapters'] = []
  try {
    chapters = (
      parseEpisodeChapters({ files: { chapters: data.files?.chapters } } as EpisodeDocument)
        ?.chapters ?? []
    ).map(({ startTime, title }) => ({ startTime, title }))
  } catch {
    // chapters that do not parse are a draft's problem, named in the answer's `problems`
  }
  return {
    slug,
    title: data.title ?? '',
    number: data.number ?? 0,
    publishedAt: data.publishedAt ?? '',
    summary: data.summary ?? '',
    notes,
    audio: audio
      ? {
          sha256: audio.sha256,
          size: audio.size,
          mime: audio.mime,
          duration: data.duration ?? 0,
          url: storedFileUrl(audio.sha256, AUDIO_EXTENSION[audio.mime]),
        }
      : null,
    transcript: data.files?.transcript ?? '',
    chapters,
  }
}

/**
 * A draft's problems as its form shows them: a file not given yet says what to add (rather
 * than the schema's words for the fields it fills), the others by their form's field.
 */
async function draftProblems(
  { repository }: ContentRoutes,
  key: string,
  data: Partial<EpisodeDocument>,
  own: Set<string>,
): Promise<EpisodeAnswer['problems']> {
  const missing: EpisodeAnswer['problems'] = []
  if (!data.files?.audio)
    missing.push({
      source: key,
      field: 'audio',
      message: 'Upload the episode’s audio (MP3 or M4A).',
    })
  if (data.files?.transcript === undefined)
    missing.push({
      source: key,
      field: 'transcript',
      message:
        'Add the transcript (WebVTT, or plain text with a speaker on each line): every episode has a text alternative.',
    })
  const named = new Set(missing.map((problem) => problem.field))
  const problems = (await repository.draftProblems(key)).map((problem) => ({
    ...problemAnswer(problem),
    ...(own.has(problem.source) && { field: formField(problem.field ?? '_') }),
  }))
  return [...missing, ...problems.filter((problem) => !named.has(problem.field))]
}

/** An episode as its form shows it. */
export async function episodeAnswer(
  routes: ContentRoutes,
  key: string,
  now: Date,
): Promise<EpisodeAnswer> {
  const { repository, db } = routes
  const state = await repository.getDocument(key)
  if (state.kind !== 'episode') throw new ContentNotFoundError(`There is no episode ${key}.`)
  const latest = (state.draft ?? state.published)!
  const data = latest.data as Partial<EpisodeDocument>
  const labels = await staffLabels(db, [state.updatedBy])
  const own = ownSources(key, 'episode', [state.slug])
  return {
    id: episodeIdOf(key),
    key,
    status: state.status,
    publishAt: state.publishAt,
    everPublished: state.published !== null,
    hasDraft: state.draft !== null,
    guid: data.guid ?? '',
    version: state.version,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    updatedBy: staffRef(labels, state.updatedBy),
    url: isLive(state, now) && state.slug ? `/listen/${state.slug}` : null,
    fields: fieldsOf(state.slug ?? '', data, latest.body ?? ''),
    // What publishing the draft needs, by the form's fields (an unfinished draft is kept).
    problems: state.draft ? await draftProblems(routes, key, data, own) : [],
    contentVersion: await repository.contentVersion(),
  }
}

/** Episodes (and the show's settings) as a kind of document of the back office. */
export function episodeKind(routes: ContentRoutes): DocumentKindRoutes<EpisodeAnswer> {
  return {
    routes,
    kind: 'episode',
    response: EpisodeAnswerSchema,
    respond: (key, now) => episodeAnswer(routes, key, now),
    audit: episodeAudit,
    title: (key, latest) =>
      (latest?.data as { title?: string } | null)?.title ?? latest?.slug ?? key,
    field: formField,
  }
}
