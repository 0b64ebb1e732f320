/**
 * The Daily Commons as its pages, its feed and its files show it, from a ContentSnapshot and the
 * time of the render (app/render-clock.ts): pure functions, as the other views. An episode is on
 * the site from its publication time on, so a render after that time lists it and one before it
 * does not (a scheduled episode appears when the server renders again at its time).
 *
 * Addresses: the audio and the artwork are stored files of the media library, at
 * /media/u/<SHA-256>.<ext> (common/content/podcast-files.ts), the same whether the build or the
 * server renders; the transcript and the chapters are files of the page set, rendered with the
 * pages (/listen/<slug>/transcript.vtt, /listen/<slug>/chapters.json); the feed is
 * /listen/feed.xml.
 */
import {
  parseEpisodeChapters,
  parseEpisodeTranscript,
  transcriptIsTimed,
  type EpisodeSource,
} from '#common/content/episodes.ts'
import { renderMarkdown } from '#common/content/markdown.ts'
import { imageSource } from '#common/content/media.ts'
import {
  ARTWORK_EXTENSION,
  ARTWORK_WIDTHS,
  AUDIO_EXTENSION,
  storedFileUrl,
  storedVariantUrl,
} from '#common/content/podcast-files.ts'
import type { Chapter, ShowDocument, TranscriptCue } from '#common/content/podcast.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import type { EpisodeSummary } from '#app/podcast/episode-list-item.tsx'
import { toWebVtt } from '#common/content/transcript.ts'
import { siteConfig } from '#app/config.ts'
import { typographic } from './articles.server.ts'
import type { ImageSource } from './media.ts'
import { buildPodcastFeed, feedPath } from './podcast-feed.server.ts'
import { renderedMarkdown } from './rendered-markdown.server.ts'
import {
  chaptersPath,
  EPISODES_PER_PAGE,
  episodePath,
  LISTEN_PATH,
  listPagePath,
  archivePageCount,
  archivePageEpisodes,
  archivePageOf,
  publishedEpisodes,
  TRANSCRIPT_ID,
  transcriptPath,
} from './podcast-paths.server.ts'
import { absoluteUrl, breadcrumbs, seo } from './seo.server.ts'
import { pagerLinks } from './pager.ts'

/** The show's artwork on a page: the media library's variants of the stored file. */
export function artworkImage(show: ShowDocument, alt = ''): ImageSource {
  const { sha256, width, height } = show.files.artwork
  const set = (format: 'avif' | 'webp') =>
    ARTWORK_WIDTHS.map((w) => `${storedVariantUrl(sha256, w, format)} ${w}w`).join(', ')
  return {
    src: storedVariantUrl(sha256, 480, 'webp'),
    avifSrcSet: set('avif'),
    webpSrcSet: set('webp'),
    width,
    height,
    // the artwork's own ground, gold, while it loads
    color: 'var(--color-gold-soft)',
    alt,
  }
}

/** The artwork as the directories want it: the stored master, 1400 to 3000 px. */
export const artworkUrl = (show: ShowDocument) =>
  storedFileUrl(show.files.artwork.sha256, ARTWORK_EXTENSION[show.files.artwork.mime])

export interface FollowLink {
  label: string
  href: string
  /** RSS is the site's own file; the others are outside directories. */
  external: boolean
}

/** Where to follow the show: the feed always, the directories set in show.yaml. */
export function followLinks(show: ShowDocument): FollowLink[] {
  const links: FollowLink[] = [{ label: 'RSS feed', href: feedPath, external: false }]
  const { follow } = show
  if (follow?.applePodcasts)
    links.push({ label: 'Apple Podcasts', href: follow.applePodcasts, external: true })
  if (follow?.spotify) links.push({ label: 'Spotify', href: follow.spotify, external: true })
  if (follow?.youtube) links.push({ label: 'YouTube', href: follow.youtube, external: true })
  return links
}

/** One episode in a list: what its card shows (EpisodeSummary), and its slug. */
export type EpisodeCard = EpisodeSummary & { slug: string }

function card({ slug, data }: EpisodeSource): EpisodeCard {
  return {
    slug,
    title: typographic(data.title),
    number: data.number,
    publishedAt: data.publishedAt,
    summary: typographic(data.summary),
    duration: data.duration,
    href: episodePath(slug),
  }
}

/** What the player island takes (app/podcast/episode-player.tsx). */
export interface PlayerProps {
  guid: string
  title: string
  audio: { url: string; type: string; duration: number }
  chapters: Pick<Chapter, 'startTime' | 'title'>[]
  cues: TranscriptCue[]
  pageUrl: string
  captionsUrl?: string
}

function episodeMedia({ slug, data }: EpisodeSource) {
  const transcript = parseEpisodeTranscript(data)
  const chapters = (parseEpisodeChapters(data)?.chapters ?? []).map(({ startTime, title }) => ({
    startTime,
    title: typographic(title),
  }))
  const audioUrl = storedFileUrl(data.files.audio.sha256, AUDIO_EXTENSION[data.files.audio.mime])
  const player: PlayerProps = {
    guid: data.guid,
    title: typographic(data.title),
    audio: { url: audioUrl, type: data.files.audio.mime, duration: data.duration },
    chapters,
    cues: transcript.timed ? transcript.cues : [],
    pageUrl: absoluteUrl(episodePath(slug)),
    ...(transcript.timed && { captionsUrl: transcriptPath(slug) }),
  }
  return { transcript, chapters, player, audioUrl }
}

/** An ISO 8601 duration, as schema.org wants it: PT3M36S. */
export function isoDuration(seconds: number): string {
  const total = Math.round(seconds)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`
}

const seriesId = () => `${absoluteUrl(LISTEN_PATH)}#podcast`

function seriesJsonLd(show: ShowDocument) {
  return {
    '@type': 'PodcastSeries',
    '@id': seriesId(),
    name: show.title,
    description: show.description,
    url: absoluteUrl(LISTEN_PATH),
    image: absoluteUrl(artworkUrl(show)),
    webFeed: absoluteUrl(feedPath),
    inLanguage: show.language,
    author: { '@type': 'Organization', name: show.author },
    publisher: { '@id': `${siteConfig.siteUrl}/#organization` },
  }
}

/** /listen (page undefined) and the archive's /listen/page/N: undefined for a page that is not. */
export function listenView(snapshot: ContentSnapshot, at: Date, page?: number) {
  const { show } = snapshot.podcast
  const episodes = publishedEpisodes(snapshot, at)
  const pages = archivePageCount(episodes.length)
  if (page !== undefined && (!Number.isInteger(page) || page < 1 || page > pages)) return undefined
  const latest = page === undefined ? episodes[0] : undefined
  const path = page === undefined ? LISTEN_PATH : listPagePath(page)
  const title = page === undefined ? `Listen: ${show.title}` : `${show.title}, page ${page}`
  const listed =
    page === undefined ? episodes.slice(0, EPISODES_PER_PAGE) : archivePageEpisodes(episodes, page)
  // The archive page of the newest episode not listed here, and of the oldest listed after it.
  const older =
    page === undefined
      ? episodes.length > EPISODES_PER_PAGE
        ? archivePageOf(EPISODES_PER_PAGE, episodes.length)
        : undefined
      : page > 1
        ? page - 1
        : undefined
  const newer = page === undefined ? undefined : page < pages ? listPagePath(page + 1) : LISTEN_PATH
  return {
    show: {
      title: typographic(show.title),
      description: typographic(show.description),
      author: show.author,
      artwork: artworkImage(show),
      follow: followLinks(show),
      funding: show.funding && { url: show.funding.url, text: typographic(show.funding.text) },
    },
    latest: latest && { ...card(latest), player: episodeMedia(latest).player },
    episodes: listed.map((episode) => card(episode)),
    page,
    // Only /listen says how many there are: an archive page stays the same as episodes come.
    total: page === undefined ? episodes.length : undefined,
    pager: pages > 0 ? pagerLinks(page, pages, { page: listPagePath, latest: LISTEN_PATH }) : [],
    newerHref: newer,
    olderHref: older === undefined ? undefined : listPagePath(older),
    meta: seo(snapshot, {
      title,
      description: typographic(show.description),
      path,
      image: artworkUrl(show),
      imageSize: { width: show.files.artwork.width, height: show.files.artwork.height },
      imageAlt: `${show.title}: the show’s artwork`,
      jsonLd: [
        {
          ...seriesJsonLd(show),
          ...(page === undefined && {
            episode: episodes.slice(0, EPISODES_PER_PAGE).map(({ slug, data }) => ({
              '@type': 'PodcastEpisode',
              url: absoluteUrl(episodePath(slug)),
              name: data.title,
              datePublished: data.publishedAt,
              episodeNumber: data.number,
            })),
          }),
        },
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: 'Listen', path: LISTEN_PATH },
          ...(page === undefined ? [] : [{ name: `Page ${page}`, path }]),
        ]),
      ],
    }),
  }
}

/** An episode's show notes as HTML: the articles' Markdown pipeline (sanitised). */
export function renderShowNotes(snapshot: ContentSnapshot, notes: string): string {
  const { media } = snapshot
  return renderedMarkdown(media, notes, () =>
    renderMarkdown(notes, {
      imageExists: (id) => id in media.images,
      image: (id, alt) => imageSource(media, id, alt),
    }),
  )
}

/** /listen/<slug>: undefined when no episode has this slug at `at`. */
export function episodeView(snapshot: ContentSnapshot, slug: string, at: Date) {
  const episodes = publishedEpisodes(snapshot, at)
  const index = episodes.findIndex((episode) => episode.slug === slug)
  const episode = episodes[index]
  if (!episode) return undefined
  const { show } = snapshot.podcast
  const { data } = episode
  const { transcript, chapters, player, audioUrl } = episodeMedia(episode)
  const path = episodePath(slug)
  const newer = episodes[index - 1]
  const older = episodes[index + 1]
  return {
    show: { title: typographic(show.title), artwork: artworkImage(show) },
    episode: {
      ...card(episode),
      guid: data.guid,
      notesHtml: renderShowNotes(snapshot, episode.notes),
      chapters,
      cues: transcript.cues,
      timed: transcript.timed,
      player,
      audio: { url: audioUrl, type: data.files.audio.mime, size: data.files.audio.size },
      transcriptUrl: transcript.timed ? transcriptPath(slug) : undefined,
      shareUrl: absoluteUrl(path),
    },
    newer: newer && card(newer),
    older: older && card(older),
    meta: seo(snapshot, {
      title: `${typographic(data.title)} (${show.title}, episode ${data.number})`,
      description: typographic(data.summary),
      path,
      image: artworkUrl(show),
      imageSize: { width: show.files.artwork.width, height: show.files.artwork.height },
      imageAlt: `${show.title}: the show’s artwork`,
      type: 'article',
      jsonLd: [
        {
          '@type': 'PodcastEpisode',
          '@id': `${absoluteUrl(path)}#episode`,
          url: absoluteUrl(path),
          name: data.title,
          description: data.summary,
          datePublished: data.publishedAt,
          episodeNumber: data.number,
          timeRequired: isoDuration(data.duration),
          inLanguage: show.language,
          image: absoluteUrl(artworkUrl(show)),
          associatedMedia: {
            '@type': 'AudioObject',
            contentUrl: absoluteUrl(audioUrl),
            encodingFormat: data.files.audio.mime,
            contentSize: `${data.files.audio.size} bytes`,
            duration: isoDuration(data.duration),
            ...(transcript.timed && {
              caption: {
                '@type': 'MediaObject',
                contentUrl: absoluteUrl(transcriptPath(slug)),
                encodingFormat: 'text/vtt',
              },
            }),
          },
          partOfSeries: {
            '@type': 'PodcastSeries',
            '@id': seriesId(),
            name: show.title,
            url: absoluteUrl(LISTEN_PATH),
          },
        },
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: 'Listen', path: LISTEN_PATH },
          { name: data.title, path },
        ]),
      ],
    }),
  }
}

/** How long the feed renders show notes before the render worker takes its other jobs. */
const NOTES_TURN_MS = 50

/**
 * Every episode's notes as HTML, in turns of NOTES_TURN_MS: the notes of a long show not rendered
 * yet in this worker (15 s at 3,650 episodes, ./rendered-markdown.server.ts) must not hold a
 * publish's load or a visitor's page until they are all done.
 */
async function showNotesInTurns(
  snapshot: ContentSnapshot,
  episodes: readonly EpisodeSource[],
): Promise<string[]> {
  const html: string[] = []
  let turn = performance.now()
  for (const episode of episodes) {
    html.push(renderShowNotes(snapshot, episode.notes))
    if (performance.now() - turn < NOTES_TURN_MS) continue
    await new Promise((resolve) => setImmediate(resolve))
    turn = performance.now()
  }
  return html
}

/** /listen/feed.xml: every episode published at `at`. */
export async function podcastFeed(snapshot: ContentSnapshot, at: Date): Promise<string> {
  const { show } = snapshot.podcast
  const episodes = publishedEpisodes(snapshot, at)
  const notes = await showNotesInTurns(snapshot, episodes)
  return buildPodcastFeed({
    show,
    siteUrl: siteConfig.siteUrl,
    artworkUrl: absoluteUrl(artworkUrl(show)),
    now: at,
    episodes: episodes.map((episode, index) => {
      const { slug, data } = episode
      const timed = transcriptIsTimed(data)
      return {
        title: data.title,
        number: data.number,
        publishedAt: data.publishedAt,
        summary: data.summary,
        guid: data.guid,
        pageUrl: absoluteUrl(episodePath(slug)),
        audio: {
          url: absoluteUrl(
            storedFileUrl(data.files.audio.sha256, AUDIO_EXTENSION[data.files.audio.mime]),
          ),
          bytes: data.files.audio.size,
          mimeType: data.files.audio.mime,
          duration: data.duration,
        },
        transcript: {
          ...(timed && { vttUrl: absoluteUrl(transcriptPath(slug)) }),
          htmlUrl: `${absoluteUrl(episodePath(slug))}#${TRANSCRIPT_ID}`,
        },
        ...(data.files.chapters !== undefined && { chaptersUrl: absoluteUrl(chaptersPath(slug)) }),
        notesHtml: notes[index],
      }
    }),
  })
}

/** An episode's transcript as WebVTT: the file as written, or plain text with times as WebVTT. */
export function transcriptFile(snapshot: ContentSnapshot, slug: string, at: Date) {
  const episode = publishedEpisodes(snapshot, at).find((e) => e.slug === slug)
  if (!episode) return undefined
  const { data } = episode
  const transcript = parseEpisodeTranscript(data)
  if (!transcript.timed) return undefined
  return data.transcript.endsWith('.vtt')
    ? data.files.transcript
    : toWebVtt(transcript.cues, { duration: data.duration })
}

/** An episode's Podcasting 2.0 chapters, as written. */
export function chaptersFile(snapshot: ContentSnapshot, slug: string, at: Date) {
  const episode = publishedEpisodes(snapshot, at).find((e) => e.slug === slug)
  return episode?.data.files.chapters
}
