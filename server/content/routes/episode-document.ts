/**
 * From an episode's form to its content document: the files by their names (kept when a file is
 * unchanged, so that an export gives the same files back), the audio's length, the guid.
 */
import { parseEpisodeChapters } from '#common/content/episodes.ts'
import { AUDIO_EXTENSION, roundDuration } from '#common/content/podcast-files.ts'
import type { EpisodeDocument } from '#common/content/podcast.ts'
import { ContentError } from '#common/content/problems.ts'
import type { EpisodeFields } from '#common/podcast-admin.ts'
import { readAudioMetadata } from '#server/media/audio-metadata.ts'
import type { MediaLibrary } from '#server/media/media-library.ts'

const CHAPTERS_VERSION = '1.2.0'

/** "2026-11-24T12:00:00.000Z" as the sample writes it: "2026-11-24T12:00:00Z". */
const isoTime = (value: string) => new Date(value).toISOString().replace('.000Z', 'Z')

/**
 * Durations this process measured when the audio was uploaded, by SHA-256, so that saving the
 * episode right after does not read the file again (another process measures it once more).
 */
export type MeasuredDurations = Map<string, number>

export function rememberDuration(measured: MeasuredDurations, sha256: string, duration: number) {
  if (measured.size >= 100) measured.delete(measured.keys().next().value!)
  measured.set(sha256, duration)
}

interface EpisodeFiles {
  media: MediaLibrary | undefined
  measured: MeasuredDurations
}

/** The audio an episode names: the stored file with these bytes, and its length. */
async function audioOf(
  { media, measured }: EpisodeFiles,
  sha256: string,
  current: EpisodeDocument | undefined,
) {
  if (current && current.files.audio.sha256 === sha256)
    return { name: current.audio, file: current.files.audio, duration: current.duration }
  const file = media && (await media.findFile(sha256, ['audio']))
  if (!file || (file.mime !== 'audio/mpeg' && file.mime !== 'audio/mp4')) return undefined
  let duration = measured.get(sha256)
  if (duration === undefined) {
    const bytes = await media!.readBlob(sha256, file.size)
    duration = roundDuration((await readAudioMetadata(bytes, file.name)).duration)
    rememberDuration(measured, sha256, duration)
  }
  const mime: EpisodeDocument['files']['audio']['mime'] = file.mime
  return { name: '', file: { sha256, size: file.size, mime }, duration }
}

/** The chapters of the form as a file: the former one when its rows did not change. */
function chaptersFile(
  fields: Pick<EpisodeFields, 'slug' | 'chapters'>,
  existing: Partial<EpisodeDocument> | undefined,
): { name: string; text: string } | undefined {
  const rows = fields.chapters.map(({ startTime, title }) => ({ startTime, title: title.trim() }))
  if (rows.length === 0) return undefined
  let before: unknown
  try {
    before =
      existing?.chapters !== undefined
        ? (parseEpisodeChapters(existing as EpisodeDocument)?.chapters ?? []).map(
            ({ startTime, title }) => ({ startTime, title }),
          )
        : undefined
  } catch {
    before = undefined
  }
  return before !== undefined && JSON.stringify(before) === JSON.stringify(rows)
    ? { name: existing!.chapters!, text: existing!.files!.chapters! }
    : {
        name: `${fields.slug}.chapters.json`,
        text: `${JSON.stringify({ version: CHAPTERS_VERSION, chapters: rows }, null, 2)}\n`,
      }
}

/**
 * The document of an episode's form: the files by their names (kept when a file is unchanged,
 * so that an export gives the same files back), the guid (kept for ever).
 */
export async function episodeDocument(
  files: EpisodeFiles,
  fields: EpisodeFields | (Omit<EpisodeFields, 'audio'> & { audio: { sha256: string } | null }),
  source: string,
  current: { data: EpisodeDocument; guid: string } | { guid: string },
): Promise<{ data: unknown; body: string }> {
  const existing = 'data' in current ? (current.data as Partial<EpisodeDocument>) : undefined
  const slug = fields.slug
  const complete = existing?.files?.audio ? (existing as EpisodeDocument) : undefined
  const audio = fields.audio ? await audioOf(files, fields.audio.sha256, complete) : undefined
  // Audio the library does not have is refused: the draft would name a file nobody can play.
  if (fields.audio && !audio)
    throw new ContentError([
      {
        source,
        field: 'audio',
        message: 'This audio is not in the media library (any more): upload it again.',
      },
    ])
  const transcript = fields.transcript.replace(/\r\n?/g, '\n')
  const vtt = /^\uFEFF?WEBVTT(?:[ \t\n]|$)/.test(transcript)
  const transcriptName =
    existing?.transcript && existing.files?.transcript === transcript
      ? existing.transcript
      : `${slug}.${vtt ? 'vtt' : 'txt'}`
  const chapters = chaptersFile(fields, existing)
  // An unfinished draft leaves out what it does not have yet: the answer lists what publishing
  // needs (the audio, the transcript), and publishing checks everything.
  return {
    data: {
      title: fields.title,
      number: fields.number,
      publishedAt: isoTime(fields.publishedAt),
      summary: fields.summary,
      guid: current.guid,
      ...(audio && {
        audio: audio.name || `${slug}.${AUDIO_EXTENSION[audio.file.mime]}`,
        duration: audio.duration,
      }),
      ...(transcript.trim() && { transcript: transcriptName }),
      ...(chapters && { chapters: chapters.name }),
      files: {
        ...(audio && { audio: audio.file }),
        ...(transcript.trim() && { transcript }),
        ...(chapters && { chapters: chapters.text }),
      },
    },
    body: fields.notes,
  }
}
