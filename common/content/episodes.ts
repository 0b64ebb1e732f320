/**
 * The podcast as a kind of content (docs/podcast.md): the show (one document, the repository's
 * content/podcast/show.yaml and its artwork) and its episodes (one document each,
 * content/podcast/episodes/<slug>.md with its audio, transcript and chapters). The schemas are in
 * ./podcast.ts; this module checks what a schema cannot see (that the files agree with what the
 * front matter says of them) and reads an episode's transcript and chapters for the pages.
 */
import { ARTWORK_EXTENSION, AUDIO_FILE_EXTENSIONS } from './podcast-files.ts'
import {
  chaptersSchema,
  formatIssues,
  type Chapters,
  type EpisodeDocument,
  type ShowDocument,
} from './podcast.ts'
import type { ContentProblem } from './problems.ts'
import {
  parsePlainTranscript,
  plainTranscriptIsTimed,
  parseWebVtt,
  TranscriptError,
  type ParsedTranscript,
} from './transcript.ts'

/** An episode as the snapshot holds it: its slug, its document and its show notes (Markdown). */
export interface EpisodeSource {
  slug: string
  data: EpisodeDocument
  /** Markdown, with "\n" line ends and one final line end. */
  notes: string
}

export interface PodcastContent {
  show: ShowDocument
  /** Every published episode, by slug. */
  episodes: EpisodeSource[]
}

export const EPISODE_KEY_PREFIX = 'episode/'
export const episodeKey = (slug: string) => `${EPISODE_KEY_PREFIX}${slug}`
/** The show's document key (and kind). */
export const SHOW_KEY = 'podcast'

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1)

/** The transcript's cues, as WebVTT or plain text by the file's extension; throws TranscriptError. */
export function parseEpisodeTranscript(data: Pick<EpisodeDocument, 'transcript' | 'files'>) {
  return extensionOf(data.transcript) === 'vtt'
    ? parseWebVtt(data.files.transcript)
    : parsePlainTranscript(data.files.transcript)
}

/**
 * Whether a checked episode's transcript is timed (WebVTT always is), without parsing it: what
 * parseEpisodeTranscript(data).timed says, for lists of every episode.
 */
export function transcriptIsTimed(data: Pick<EpisodeDocument, 'transcript' | 'files'>): boolean {
  return extensionOf(data.transcript) === 'vtt' || plainTranscriptIsTimed(data.files.transcript)
}

/** The chapters, or undefined when the episode has none; throws when they do not parse. */
export function parseEpisodeChapters(data: Pick<EpisodeDocument, 'files'>): Chapters | undefined {
  if (data.files.chapters === undefined) return undefined
  return chaptersSchema.parse(JSON.parse(data.files.chapters))
}

/** Where a problem in one of an episode's files is reported: the file, or the document's field. */
export interface FileSources {
  (fileName: string, field: string): { source: string; field?: string }
}

/**
 * What the episode's files say against its front matter: the audio's type and its name, the
 * transcript and the chapters that parse and stay within the audio's length.
 */
export function episodeProblems(
  data: EpisodeDocument,
  source: string,
  fileSource: FileSources = (_file, field) => ({ source, field }),
): ContentProblem[] {
  const problems: ContentProblem[] = []
  const duration = data.duration
  const audioExtension = extensionOf(data.audio)
  if (!AUDIO_FILE_EXTENSIONS[data.files.audio.mime].includes(audioExtension))
    problems.push({
      source,
      field: 'audio',
      message: `is named .${audioExtension} but the file is ${data.files.audio.mime === 'audio/mpeg' ? 'MP3' : 'M4A'} audio`,
    })

  const at = fileSource(data.transcript, 'files.transcript')
  let transcript: ParsedTranscript | undefined
  try {
    transcript = parseEpisodeTranscript(data)
  } catch (error) {
    if (!(error instanceof TranscriptError)) throw error
    problems.push({
      ...at,
      line: error.line,
      column: 1,
      message: error.message.replace(/^line \d+: /, ''),
    })
  }
  const late = transcript?.timed ? transcript.cues.find((cue) => cue.start > duration) : undefined
  if (late)
    problems.push({
      ...at,
      message: `a line starts at ${late.start} s, after the end of the audio (${duration} s): is this the transcript of another episode?`,
    })

  if ((data.chapters === undefined) !== (data.files.chapters === undefined))
    problems.push({
      source,
      field: 'chapters',
      message:
        data.chapters === undefined
          ? 'the episode has chapters but no chapters file name'
          : `there is no chapters file ${data.chapters}`,
    })
  else if (data.chapters !== undefined) {
    const chaptersAt = fileSource(data.chapters, 'files.chapters')
    let chapters: Chapters | undefined
    try {
      const json: unknown = JSON.parse(data.files.chapters!)
      const parsed = chaptersSchema.safeParse(json)
      if (parsed.success) chapters = parsed.data
      else
        for (const line of formatIssues(parsed.error).split('\n'))
          problems.push({ ...chaptersAt, message: line })
    } catch (error) {
      problems.push({
        ...chaptersAt,
        message: `this is not valid JSON (${(error as Error).message})`,
      })
    }
    const after = chapters?.chapters.find((chapter) => chapter.startTime >= duration)
    if (after)
      problems.push({
        ...chaptersAt,
        message: `the chapter “${after.title}” starts at ${after.startTime} s, at or after the end of the audio (${duration} s)`,
      })
  }
  return problems
}

/** The artwork's name against what the file is. */
export function showProblems(data: ShowDocument, source: string): ContentProblem[] {
  const extension = extensionOf(data.artwork)
  const expected = ARTWORK_EXTENSION[data.files.artwork.mime]
  const same = extension === expected || (expected === 'jpg' && extension === 'jpeg')
  return same
    ? []
    : [
        {
          source,
          field: 'artwork',
          message: `is named .${extension} but the file is a ${data.files.artwork.mime === 'image/png' ? 'PNG' : 'JPEG'} picture`,
        },
      ]
}

/** Episodes newest first (by publication time, then number). */
export function newestFirst<T extends { data: Pick<EpisodeDocument, 'publishedAt' | 'number'> }>(
  episodes: readonly T[],
): T[] {
  return episodes.toSorted(
    (a, b) =>
      Date.parse(b.data.publishedAt) - Date.parse(a.data.publishedAt) ||
      b.data.number - a.data.number,
  )
}
