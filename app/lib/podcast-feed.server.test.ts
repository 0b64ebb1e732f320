/**
 * The podcast feed as /listen/feed.xml serves it (podcastFeed: the sample's show and episodes at
 * the render's time), parsed back with feedsmith's parser: every tag Apple Podcasts and the
 * Podcasting 2.0 namespace need, for every episode.
 */
import { parseRssFeed } from 'feedsmith'
import { describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { parseEpisodeChapters, parseEpisodeTranscript } from '#common/content/episodes.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { siteConfig } from '#app/config.ts'
import { buildPodcastFeed, podcastGuid } from './podcast-feed.server.ts'
import { podcastFeed } from './podcast.server.ts'

const site = siteConfig.siteUrl
const sample = readContentDir('content')
const mondayNoon = new Date('2026-11-23T18:00:00Z')

/** The sample with another show.yaml. */
const withShow = (show: Partial<ContentSnapshot['podcast']['show']>): ContentSnapshot => ({
  ...sample,
  podcast: { ...sample.podcast, show: { ...sample.podcast.show, ...show } },
})

const build = (snapshot: ContentSnapshot = sample, now = mondayNoon) => podcastFeed(snapshot, now)

describe('the podcast feed, /listen/feed.xml', () => {
  it('writes every tag Apple Podcasts and Podcasting 2.0 need, for every episode', async () => {
    const show = sample.podcast.show
    const xml = await build()
    const feed = parseRssFeed(xml)
    const artwork = `${site}/media/u/${show.files.artwork.sha256.slice(0, 32)}.jpg`

    expect(feed).toMatchObject({
      title: 'The Daily Commons',
      link: `${site}/listen`,
      description: show.description,
      language: 'en-us',
      copyright: show.copyright,
      image: { url: artwork },
      atom: { links: [{ href: `${site}/listen/feed.xml`, rel: 'self' }] },
      itunes: {
        image: artwork,
        categories: [{ text: 'News', categories: [{ text: 'Daily News' }] }],
        explicit: false,
        author: 'DocuCommons',
        owner: { name: show.owner.name, email: show.owner.email },
        type: 'episodic',
      },
      podcast: { guid: podcastGuid(`${site}/listen/feed.xml`) },
    })
    expect(xml).toContain('<itunes:explicit>false</itunes:explicit>')
    expect(feed.podcast?.fundings).toBeUndefined()

    const episodes = sample.podcast.episodes
    expect(feed.items).toHaveLength(episodes.length)
    expect(feed.items!.map((item) => item.itunes?.episode)).toEqual([6, 5, 4, 3, 2, 1])
    for (const item of feed.items!) {
      const episode = episodes.find((e) => e.data.guid === item.guid?.value)!
      expect(episode, `item ${item.title}`).toBeDefined()
      const { slug, data } = episode
      const page = `${site}/listen/${slug}`
      expect(item, slug).toMatchObject({
        title: data.title,
        link: page,
        guid: { value: data.guid, isPermaLink: false },
        enclosures: [
          {
            url: `${site}/media/u/${data.files.audio.sha256.slice(0, 32)}.mp3`,
            length: data.files.audio.size,
            type: 'audio/mpeg',
          },
        ],
        itunes: {
          title: data.title,
          duration: Math.round(data.duration),
          episode: data.number,
          episodeType: 'full',
          explicit: false,
        },
        podcast: {
          transcripts: [
            { url: `${page}/transcript.vtt`, type: 'text/vtt', rel: 'captions' },
            { url: `${page}#transcript`, type: 'text/html' },
          ],
          chapters: { url: `${page}/chapters.json`, type: 'application/json+chapters' },
        },
      })
      expect(new Date(item.pubDate!).toISOString(), slug).toBe(
        new Date(data.publishedAt).toISOString(),
      )
      // The show notes, as the episode page renders them (Markdown, sanitised).
      expect(item.description, slug).toMatch(/^<p>/)
      expect(item.description, slug).not.toContain('<script')
    }
  })

  it('leaves out episodes scheduled after now, and is the same for the same content', async () => {
    const sundayNight = new Date('2026-11-22T23:00:00Z')
    const feed = parseRssFeed(await build(sample, sundayNight))
    expect(feed.items!.map((i) => i.itunes?.episode)).toEqual([5, 4, 3, 2, 1])
    expect(feed.lastBuildDate).toBe('Fri, 20 Nov 2026 11:00:00 GMT')
    expect(await build(sample, sundayNight)).toBe(
      await build(sample, new Date('2026-11-23T10:59:59Z')),
    )
  })

  it('adds podcast:funding only when a donation page is set, and says explicit true', async () => {
    const xml = await build(
      withShow({
        explicit: true,
        funding: { url: 'https://give.example.org/daily-commons', text: 'Support the show' },
      }),
    )
    expect(parseRssFeed(xml).podcast?.fundings).toEqual([
      { url: 'https://give.example.org/daily-commons', display: 'Support the show' },
    ])
    expect(xml).toContain('<itunes:explicit>true</itunes:explicit>')
    expect(xml).not.toContain('<itunes:explicit>yes')
  })

  it('keeps titles and notes as text', async () => {
    const xml = await build(withShow({ title: 'Ours & <yours>' }))
    expect(parseRssFeed(xml).title).toBe('Ours & <yours>')
    expect(xml).toMatch(/<!\[CDATA\[Ours & <yours>\]\]>|Ours &amp; &lt;yours&gt;/)
  })

  it('names only the transcript an episode has: no WebVTT for plain text without times', async () => {
    const [first, ...rest] = sample.podcast.episodes
    const plain = {
      ...first!,
      data: {
        ...first!.data,
        transcript: 'plain.txt',
        files: { ...first!.data.files, transcript: 'Imani Brooks: Good morning.\n' },
      },
    }
    expect(parseEpisodeTranscript(plain.data).timed).toBe(false)
    const xml = await build({
      ...sample,
      podcast: { ...sample.podcast, episodes: [plain, ...rest] },
    })
    const item = parseRssFeed(xml).items!.find((i) => i.guid?.value === plain.data.guid)!
    expect(item.podcast?.transcripts).toEqual([
      expect.objectContaining({
        type: 'text/html',
        url: `${site}/listen/${plain.slug}#transcript`,
      }),
    ])
    expect(parseEpisodeChapters(plain.data)?.chapters.length).toBeGreaterThan(0)
  })

  it('is written by feedsmith from any list of episodes (the builder on its own)', () => {
    const xml = buildPodcastFeed({
      show: sample.podcast.show,
      siteUrl: 'https://podcast.example.org/',
      artworkUrl: 'https://podcast.example.org/art.jpg',
      now: mondayNoon,
      episodes: [],
    })
    const feed = parseRssFeed(xml)
    expect(feed.link).toBe('https://podcast.example.org/listen')
    expect(feed.items ?? []).toEqual([])
  })
})

describe('podcastGuid', () => {
  it('follows the Podcasting 2.0 rule: UUIDv5 of the address without scheme or trailing slash', () => {
    // the namespace's own example: podnews.net/rss
    expect(podcastGuid('https://podnews.net/rss')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c')
    expect(podcastGuid('http://podnews.net/rss/')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c')
  })
})
