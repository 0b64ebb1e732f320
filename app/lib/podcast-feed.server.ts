/**
 * The podcast feed, /listen/feed.xml: RSS 2.0 with Apple Podcasts' tags and the Podcasting 2.0
 * namespace, written by feedsmith from the show, the published episodes and their files' facts
 * (read from the audio with audio-metadata.ts). A string in, a string out: the route that serves it
 * adds the content type and the ETag.
 *
 * Only episodes published at `now` or before are listed, so a scheduled episode appears when its
 * time comes. The build date is the newest episode's, so the same content gives the same bytes.
 */
import { generateRssFeed } from 'feedsmith'
import { v5 as uuidv5 } from 'uuid'
import type { EpisodeFrontMatter, PodcastShow } from '#common/content/podcast.ts'
import type { AudioMimeType } from '#common/content/podcast-files.ts'

/** The Podcasting 2.0 namespace's UUID for podcast:guid (its spec, "guid" tag). */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6'

export type FeedEpisode = Pick<
  EpisodeFrontMatter,
  'title' | 'number' | 'publishedAt' | 'summary' | 'guid'
> & {
  /** Absolute address of the episode page, /listen/{slug}. */
  pageUrl: string
  audio: { url: string; bytes: number; mimeType: AudioMimeType; duration: number }
  /** The WebVTT transcript (timed transcripts only) and the episode page's transcript. */
  transcript: { vttUrl?: string; htmlUrl: string }
  chaptersUrl?: string
  /** The show notes as HTML (the Markdown pipeline's output); the summary when absent. */
  notesHtml?: string
}

export type FeedInput = {
  show: PodcastShow
  episodes: readonly FeedEpisode[]
  /** The site's public origin, e.g. https://docucommons.org (no trailing slash needed). */
  siteUrl: string
  /** Absolute address of the show's artwork (1400 to 3000 px square). */
  artworkUrl: string
  now: Date
}

export const feedPath = '/listen/feed.xml'

/** podcast:guid: UUIDv5 of the feed URL without its scheme and trailing slashes. */
export function podcastGuid(feedUrl: string): string {
  return uuidv5(
    feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, ''),
    PODCAST_GUID_NAMESPACE,
  )
}

export function buildPodcastFeed(input: FeedInput): string {
  const { show, siteUrl, artworkUrl, now } = input
  const origin = siteUrl.replace(/\/+$/, '')
  const feedUrl = `${origin}${feedPath}`
  const listenUrl = `${origin}/listen`
  const published = input.episodes
    .filter((e) => Date.parse(e.publishedAt) <= now.getTime())
    .toSorted((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
  const newest = published[0] ? new Date(published[0].publishedAt) : undefined
  const category = show.category.subcategory
    ? { text: show.category.name, categories: [{ text: show.category.subcategory }] }
    : { text: show.category.name }

  const xml = generateRssFeed({
    title: show.title,
    link: listenUrl,
    description: show.description,
    language: show.language,
    copyright: show.copyright,
    lastBuildDate: newest,
    pubDate: newest,
    generator: 'DocuCommons (feedsmith)',
    image: { url: artworkUrl, title: show.title, link: listenUrl },
    atom: { links: [{ href: feedUrl, rel: 'self', type: 'application/rss+xml' }] },
    itunes: {
      image: artworkUrl,
      categories: [category],
      explicit: show.explicit,
      author: show.author,
      owner: { name: show.owner.name, email: show.owner.email },
      type: 'episodic',
    },
    podcast: {
      guid: podcastGuid(feedUrl),
      fundings: show.funding ? [{ url: show.funding.url, display: show.funding.text }] : undefined,
    },
    items: published.map((e) => ({
      title: e.title,
      link: e.pageUrl,
      description: e.notesHtml ?? e.summary,
      guid: { value: e.guid, isPermaLink: false },
      pubDate: new Date(e.publishedAt),
      enclosures: [{ url: e.audio.url, length: e.audio.bytes, type: e.audio.mimeType }],
      itunes: {
        title: e.title,
        duration: Math.round(e.audio.duration),
        episode: e.number,
        episodeType: 'full',
        explicit: show.explicit,
      },
      podcast: {
        transcripts: [
          ...(e.transcript.vttUrl
            ? [
                {
                  url: e.transcript.vttUrl,
                  type: 'text/vtt',
                  language: show.language,
                  rel: 'captions',
                },
              ]
            : []),
          { url: e.transcript.htmlUrl, type: 'text/html', language: show.language },
        ],
        chapters: e.chaptersUrl
          ? { url: e.chaptersUrl, type: 'application/json+chapters' }
          : undefined,
        episode: { number: e.number },
      },
    })),
  })
  // feedsmith writes itunes:explicit as yes/no; Apple's specification now lists only true/false
  return xml.replace(
    /<itunes:explicit>(yes|no)<\/itunes:explicit>/g,
    (_, value: string) =>
      `<itunes:explicit>${value === 'yes' ? 'true' : 'false'}</itunes:explicit>`,
  )
}
