import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseRssFeed } from 'feedsmith'
import { describe, expect, it } from 'vitest'
import type { PodcastShow } from '#common/content/podcast.ts'
import { readAudioMetadata } from './audio-metadata.ts'
import { buildPodcastFeed, podcastGuid, type FeedEpisode } from './feed.ts'
import {
  readSampleEpisodes,
  readSampleShow,
  sampleEpisodesDir,
} from '#server/test/podcast-sample.ts'

const site = 'https://docucommons.example.org'

async function sampleFeedEpisodes(): Promise<FeedEpisode[]> {
  return Promise.all(
    (await readSampleEpisodes()).map(async ({ slug, frontMatter: fm }) => {
      const audio = await readAudioMetadata(
        await readFile(path.join(sampleEpisodesDir, fm.audio)),
        fm.audio,
      )
      return {
        ...fm,
        pageUrl: `${site}/listen/${slug}`,
        audio: { ...audio, url: `${site}/media/podcast/${fm.audio}` },
        transcript: {
          vttUrl: `${site}/media/podcast/${fm.transcript}`,
          htmlUrl: `${site}/listen/${slug}#transcript`,
        },
        chaptersUrl: fm.chapters && `${site}/media/podcast/${fm.chapters}`,
      }
    }),
  )
}

const build = async (show: PodcastShow, now = new Date('2026-11-24T00:00:00Z')) =>
  buildPodcastFeed({
    show,
    episodes: await sampleFeedEpisodes(),
    siteUrl: `${site}/`,
    artworkUrl: `${site}/media/podcast/artwork.jpg`,
    now,
  })

describe('buildPodcastFeed', () => {
  it('writes every tag Apple Podcasts and Podcasting 2.0 need, for every episode', async () => {
    const show = await readSampleShow()
    const episodes = await sampleFeedEpisodes()
    const xml = await build(show)
    const feed = parseRssFeed(xml)

    expect(feed).toMatchObject({
      title: 'The Daily Commons',
      link: `${site}/listen`,
      description: show.description,
      language: 'en-us',
      copyright: show.copyright,
      image: { url: `${site}/media/podcast/artwork.jpg` },
      atom: { links: [{ href: `${site}/listen/feed.xml`, rel: 'self' }] },
      itunes: {
        image: `${site}/media/podcast/artwork.jpg`,
        categories: [{ text: 'News', categories: [{ text: 'Daily News' }] }],
        explicit: false,
        author: 'DocuCommons',
        owner: { name: show.owner.name, email: show.owner.email },
      },
      podcast: { guid: podcastGuid(`${site}/listen/feed.xml`) },
    })
    expect(xml).toContain('<itunes:explicit>false</itunes:explicit>')
    expect(feed.podcast?.fundings).toBeUndefined()

    expect(feed.items).toHaveLength(episodes.length)
    const numbers = feed.items!.map((item) => item.itunes?.episode)
    expect(numbers).toEqual([6, 5, 4, 3, 2, 1])
    for (const item of feed.items!) {
      const episode = episodes.find((e) => e.guid === item.guid?.value)!
      expect(episode, `item ${item.title}`).toBeDefined()
      expect(item).toMatchObject({
        title: episode.title,
        link: episode.pageUrl,
        guid: { value: episode.guid, isPermaLink: false },
        enclosures: [{ url: episode.audio.url, length: episode.audio.bytes, type: 'audio/mpeg' }],
        itunes: {
          duration: Math.round(episode.audio.duration),
          episode: episode.number,
          explicit: false,
        },
        podcast: {
          transcripts: [
            { url: episode.transcript.vttUrl, type: 'text/vtt' },
            { url: episode.transcript.htmlUrl, type: 'text/html' },
          ],
          chapters: { url: episode.chaptersUrl, type: 'application/json+chapters' },
        },
      })
      expect(new Date(item.pubDate!).toISOString()).toBe(
        new Date(episode.publishedAt).toISOString(),
      )
    }
  })

  it('leaves out episodes scheduled after now, and is the same for the same content', async () => {
    const show = await readSampleShow()
    const sundayNight = new Date('2026-11-22T23:00:00Z')
    const feed = parseRssFeed(await build(show, sundayNight))
    expect(feed.items!.map((i) => i.itunes?.episode)).toEqual([5, 4, 3, 2, 1])
    expect(feed.lastBuildDate).toBe('Fri, 20 Nov 2026 11:00:00 GMT')
    expect(await build(show, sundayNight)).toBe(await build(show, new Date('2026-11-23T10:59:59Z')))
  })

  it('adds podcast:funding only when a donation page is set, and says explicit true', async () => {
    const show = {
      ...(await readSampleShow()),
      explicit: true,
      funding: { url: 'https://give.example.org/daily-commons', text: 'Support the show' },
    }
    const xml = await build(show)
    expect(parseRssFeed(xml).podcast?.fundings).toEqual([
      { url: 'https://give.example.org/daily-commons', display: 'Support the show' },
    ])
    expect(xml).toContain('<itunes:explicit>true</itunes:explicit>')
    expect(xml).not.toContain('<itunes:explicit>yes')
  })

  it('keeps titles and notes as text', async () => {
    const show = { ...(await readSampleShow()), title: 'Ours & <yours>' }
    const xml = await build(show)
    expect(parseRssFeed(xml).title).toBe('Ours & <yours>')
    expect(xml).toMatch(/<!\[CDATA\[Ours & <yours>\]\]>|Ours &amp; &lt;yours&gt;/)
  })
})

describe('podcastGuid', () => {
  it('follows the Podcasting 2.0 rule: UUIDv5 of the address without scheme or trailing slash', () => {
    // the namespace's own example: podnews.net/rss
    expect(podcastGuid('https://podnews.net/rss')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c')
    expect(podcastGuid('http://podnews.net/rss/')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c')
  })
})
