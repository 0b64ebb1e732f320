/**
 * The podcast's pages and files, by path: which exist in a snapshot at a time. Read by the page
 * list (app/page-paths.ts) as well as the views (./podcast.server.ts), so it imports nothing that
 * needs the build's constants.
 */
import { newestFirst, transcriptIsTimed, type EpisodeSource } from '#common/content/episodes.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'

/** Episodes in each page of the list: a week of the daily show. */
export const EPISODES_PER_PAGE = 5
export const LISTEN_PATH = '/listen'
export const episodePath = (slug: string) => `${LISTEN_PATH}/${slug}`
export { PAGER_REACH } from './pager.ts'

/** An archive page (1: the oldest episodes); /listen itself is not one. */
export const listPagePath = (page: number) => `${LISTEN_PATH}/page/${page}`
export const transcriptPath = (slug: string) => `${episodePath(slug)}/transcript.vtt`
export const chaptersPath = (slug: string) => `${episodePath(slug)}/chapters.json`
/** The episode page's transcript: the feed's HTML transcript (podcast:transcript). */
export const TRANSCRIPT_ID = 'transcript'

/**
 * The last list made per snapshot: working out which pages a change affects asks for it once
 * per episode page, which at thousands of episodes would sort them thousands of times.
 */
const listed = new WeakMap<ContentSnapshot, { at: number; episodes: EpisodeSource[] }>()

/** Episodes visitors may see at `at`, newest first (do not change the array it returns). */
export function publishedEpisodes(snapshot: ContentSnapshot, at: Date): EpisodeSource[] {
  const time = at.getTime()
  const last = listed.get(snapshot)
  if (last?.at === time) return last.episodes
  const episodes = newestFirst(
    snapshot.podcast.episodes.filter(({ data }) => Date.parse(data.publishedAt) <= time),
  )
  listed.set(snapshot, { at: time, episodes })
  return episodes
}

/**
 * The archive's pages hold the episodes in fives counted from the oldest: page 1 the first five
 * ever published, page 2 the next five, and so on; only full pages exist (the newest episodes are
 * on /listen). A page's episodes never move when a new one is published, so a new episode
 * changes /listen, the newest archive pages' pagers and nothing else (ADR 021).
 */
export const archivePageCount = (episodes: number) => Math.floor(episodes / EPISODES_PER_PAGE)

/** The archive page that holds the episode `newestFirstIndex` (0: the newest) of `total`. */
export const archivePageOf = (newestFirstIndex: number, total: number) =>
  Math.floor((total - 1 - newestFirstIndex) / EPISODES_PER_PAGE) + 1

/** The episodes of archive page `page`, newest first. */
export function archivePageEpisodes(episodes: readonly EpisodeSource[], page: number) {
  const end = episodes.length - (page - 1) * EPISODES_PER_PAGE
  return episodes.slice(Math.max(0, end - EPISODES_PER_PAGE), end)
}

/** The archive's pages (/listen/page/1 holds the oldest episodes). */
export function listPagePaths(snapshot: ContentSnapshot, at: Date): string[] {
  const pages = archivePageCount(publishedEpisodes(snapshot, at).length)
  return Array.from({ length: pages }, (_, i) => listPagePath(i + 1))
}

const positions = new WeakMap<EpisodeSource[], Map<string, number>>()

/** Where an episode is in the list at `at` (0: the newest), or undefined. */
export function episodeIndex(snapshot: ContentSnapshot, slug: string, at: Date) {
  const episodes = publishedEpisodes(snapshot, at)
  let map = positions.get(episodes)
  if (!map) {
    map = new Map(episodes.map((episode, i) => [episode.slug, i]))
    positions.set(episodes, map)
  }
  return map.get(slug)
}

export const episodeSlugs = (snapshot: ContentSnapshot, at: Date) =>
  publishedEpisodes(snapshot, at).map((episode) => episode.slug)

/** Slugs of the published episodes with a WebVTT transcript to serve (a timed transcript). */
export function timedTranscriptSlugs(snapshot: ContentSnapshot, at: Date): string[] {
  return publishedEpisodes(snapshot, at)
    .filter((episode) => transcriptIsTimed(episode.data))
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
  const index = episodeIndex(snapshot, slug, at)
  if (index === undefined) return []
  return [episodes[index - 1], episodes[index + 1]].flatMap((e) => (e ? [e.slug] : []))
}
