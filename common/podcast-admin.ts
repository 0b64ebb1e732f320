/**
 * The podcast's part of the back office's API (issue 20), without the schema library, so the
 * staff app can import it (the request schemas the server parses are in podcast-admin-schemas.ts).
 * Every path is under /admin/api; the routes are defined once in server/content/routes/ (listed
 * with their answers in GET /admin/api/openapi.json), and docs/podcast.md ("Publishing an
 * episode") describes each call.
 *
 * An episode is addressed by its id (`/podcast/episodes/<id>`, the stable part of its document
 * key "episode/<id>"). Files come first: the audio (and the show's artwork) is uploaded on its own
 * (multipart) and named by its SHA-256 in the episode's fields; the transcript and the chapters are
 * text in the fields. Every change takes the `baseVersion` the editor opened (409 with who and when
 * otherwise), and the episode's publication time decides: in the future, publishing schedules it
 * (prepared the night before); now or past, it goes live.
 */
import type { ContentProblemAnswer, StaffRef } from './content-admin.ts'

export const EPISODE_KEY_PREFIX = 'episode/'
export const episodeIdOf = (key: string) => key.slice(EPISODE_KEY_PREFIX.length)
export const episodeKeyOf = (id: string) => `${EPISODE_KEY_PREFIX}${id}`

/** The largest audio file staff may upload: two hours of speech at 128 kbit/s is 115 MB. */
export const AUDIO_UPLOAD_MAX_BYTES = 200 * 1024 * 1024
/** The largest artwork upload (Apple's limit is 512 KB for the feed; we re-encode). */
export const ARTWORK_UPLOAD_MAX_BYTES = 20 * 1024 * 1024
/** An episode's fields with its transcript, as JSON (an hour's WebVTT is about 100 KB). */
export const EPISODE_REQUEST_MAX_BYTES = 3 * 1024 * 1024

export type EpisodeStatus = 'draft' | 'scheduled' | 'published'

/** An uploaded audio file as an episode names it, and what the server measured. */
export interface AudioFacts {
  sha256: string
  size: number
  mime: 'audio/mpeg' | 'audio/mp4'
  /** Seconds, to the millisecond (music-metadata). */
  duration: number
  /** Where it is served: /media/u/<key>.mp3 */
  url: string
}

export interface ArtworkFacts {
  sha256: string
  size: number
  mime: 'image/jpeg' | 'image/png'
  width: number
  height: number
  url: string
}

export interface ChapterRow {
  /** Seconds from the start. */
  startTime: number
  title: string
}

/** An episode as its form shows and sends it. */
export interface EpisodeFields {
  slug: string
  title: string
  number: number
  /** ISO date-time (UTC): when it goes (or went) live. */
  publishedAt: string
  summary: string
  /** The show notes, Markdown. */
  notes: string
  audio: AudioFacts | null
  /** The transcript as written: WebVTT, or plain text with speaker lines. */
  transcript: string
  chapters: ChapterRow[]
}

export interface EpisodeListItem {
  id: string
  key: string
  slug: string
  status: EpisodeStatus
  /** When a scheduled episode goes live (or a published one went). */
  publishAt: string | null
  hasDraft: boolean
  title: string
  number: number
  publishedAt: string
  duration: number
  version: number
  updatedAt: string
  updatedBy: StaffRef | null
  /** Its public page, once visitors see it. */
  url: string | null
}

export interface PodcastOverviewAnswer {
  showTitle: string
  /** Newest first (by publication time). */
  episodes: EpisodeListItem[]
  /** The number the next episode would take. */
  nextNumber: number
  contentVersion: number
}

export interface EpisodeAnswer {
  id: string
  key: string
  status: EpisodeStatus
  publishAt: string | null
  /** Whether it has ever been published (its address can no longer change). */
  everPublished: boolean
  hasDraft: boolean
  guid: string
  version: number
  createdAt: string
  updatedAt: string
  updatedBy: StaffRef | null
  url: string | null
  /** The draft when there is one, else what is published. */
  fields: EpisodeFields
  /**
   * What must be done before the draft can be published (an unfinished draft is kept): each
   * with the form's field ("audio", "transcript", "chapters", "title"…) when it is this
   * episode's; empty when it is ready.
   */
  problems: ContentProblemAnswer[]
  contentVersion: number
}

export interface AudioAnswer {
  audio: AudioFacts
  /** The uploaded file's name, as the staff member chose it. */
  fileName: string
}

export interface ArtworkAnswer {
  artwork: ArtworkFacts
}

/** The show's settings (content/podcast/show.yaml) as its form shows and sends them. */
export interface ShowFields {
  title: string
  description: string
  author: string
  owner: { name: string; email: string }
  language: string
  category: { name: string; subcategory?: string }
  explicit: boolean
  copyright: string
  follow: { applePodcasts?: string; spotify?: string; youtube?: string }
  funding: { url: string; text: string } | null
  artwork: ArtworkFacts
}

export interface ShowAnswer {
  version: number
  updatedAt: string
  updatedBy: StaffRef | null
  fields: ShowFields
  /** Apple's categories and their subcategories, for the form's menus. */
  categories: Record<string, readonly string[]>
  contentVersion: number
}
