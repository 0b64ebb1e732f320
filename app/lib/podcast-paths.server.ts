/**
 * The podcast's pages and files, by path: which exist in a snapshot at a time. Read by the page
 * list (app/page-paths.ts) as well as the views (./podcast.server.ts), so it imports nothing that
 * needs the build's constants.
 */
import {
  newestFirst,
  parseEpisodeTranscript,
  type EpisodeSource,
} from '#common/content/episodes.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'

/** Episodes in each page of the list: a week of the daily show. */
export const EPISODES_PER_PAGE = 5
export const LISTEN_PATH = '/listen'
export const episodePath = (slug: string) => `${LISTEN_PATH}/${slug}`
export const listPagePath = (page: number) =>
  page <= 1 ? LISTEN_PATH : `${LISTEN_PATH}/page/${page}`
export const transcriptPath = (slug: string) => `${episodePath(slug)}/transcript.vtt`
export const chaptersPath = (slug: string) => `${episodePath(slug)}/chapters.json`
/** The episode page's transcript: the feed's HTML transcript (podcast:transcript). */
export const TRANSCRIPT_ID = 'transcript'

/** Episodes visitors may see at `at`, newest first. */
export function publishedEpisodes(snapshot: ContentSnapshot, at: Date): EpisodeSource[] {
  return newestFirst(
    snapshot.podcast.episodes.filter(({ data }) => Date.parse(data.publishedAt) <= at.getTime()),
  )
}

export const pageCount = (episodes: number) => Math.max(1, Math.ceil(episodes / EPISODES_PER_PAGE))

/** The pages of the list after the first (/listen/page/2, …). */
export function listPagePaths(snapshot: ContentSnapshot, at: Date): string[] {
  const pages = pageCount(publishedEpisodes(snapshot, at).length)
  return Array.from({ length: pages - 1 }, (_, i) => listPagePath(i + 2))
}

export const episodeSlugs = (snapshot: ContentSnapshot, at: Date) =>
  publishedEpisodes(snapshot, at).map((episode) => episode.slug)

/** Slugs of the published episodes with a WebVTT transcript to serve (a timed transcript). */
export function timedTranscriptSlugs(snapshot: ContentSnapshot, at: Date): string[] {
  return publishedEpisodes(snapshot, at)
    .filter((episode) => parseEpisodeTranscript(episode.data).timed)
    .map((episode) => episode.slug)
}

export function chapterSlugs(snapshot: ContentSnapshot, at: Date): string[] {
  return publishedEpisodes(snapshot, at)
    .filter((episode) => episode.data.files.chapters !== undefined)
    .map((episode) => episode.slug)
}

/** The slugs of the episodes published just before and just after this one at `at`. */
export function episodeNeighbours(snapshot: ContentSnapshot, slug: string, at: Date): string[] {
  const episodes = publishedEpisodes(snapshot, at)
  const index = episodes.findIndex((episode) => episode.slug === slug)
  if (index === -1) return []
  return [episodes[index - 1], episodes[index + 1]].flatMap((e) => (e ? [e.slug] : []))
}
