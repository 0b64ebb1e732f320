import { describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import type { EpisodeSource } from '#common/content/episodes.ts'
import { parseWebVtt } from '#common/content/transcript.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { POSITION_KEY_PREFIX } from '#app/podcast/resume.ts'
import { affectedPaths, pagePaths, renderPaths, resourcePaths } from '#app/page-paths.ts'
import {
  chaptersFile,
  episodeView,
  followLinks,
  isoDuration,
  listenView,
  transcriptFile,
} from './podcast.server.ts'

const sample = readContentDir('content')
const mondayNoon = new Date('2026-11-23T18:00:00Z')

/** The JSON-LD graph of a page's meta. */
function jsonLd(meta: readonly object[]): Record<string, unknown>[] {
  const block = meta.find((m) => 'script:ld+json' in m) as
    { 'script:ld+json': { '@graph': Record<string, unknown>[] } } | undefined
  return block?.['script:ld+json']['@graph'] ?? []
}
const sundayNight = new Date('2026-11-22T23:00:00Z')

/** The sample with `count` episodes, a day apart, copies of the sample's first. */
function withEpisodes(count: number): ContentSnapshot {
  const base = sample.podcast.episodes[0]!
  const episodes: EpisodeSource[] = Array.from({ length: count }, (_, i) => ({
    slug: `day-${i + 1}`,
    notes: base.notes,
    data: {
      ...base.data,
      number: i + 1,
      guid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      publishedAt: new Date(Date.UTC(2016, 9, 1 + i, 11)).toISOString(),
    },
  }))
  return { ...sample, podcast: { ...sample.podcast, episodes } }
}

describe('/listen', () => {
  it('puts the latest episode first with its player, then the newest five; the archive counts from the oldest', () => {
    const view = listenView(sample, mondayNoon)!
    expect(view.latest?.slug).toBe('a-winter-of-listening')
    expect(view.latest?.player.audio).toMatchObject({ type: 'audio/mpeg' })
    expect(view.latest?.player.audio.url).toMatch(/^\/media\/u\/[0-9a-f]{32}\.mp3$/)
    expect(view.episodes.map((e) => e.number)).toEqual([6, 5, 4, 3, 2])
    expect(view.olderHref).toBe('/listen/page/1')
    const first = listenView(sample, mondayNoon, 1)!
    expect(first.latest).toBeUndefined()
    expect(first.episodes.map((e) => e.number)).toEqual([5, 4, 3, 2, 1])
    expect(first.newerHref).toBe('/listen')
    expect(listenView(sample, mondayNoon, 2)).toBeUndefined()
    expect(listenView(sample, mondayNoon, 0)).toBeUndefined()
    // An archive page keeps its episodes as new ones come.
    for (const count of [11, 12, 14])
      expect(listenView(withEpisodes(count), mondayNoon, 2)!.episodes.map((e) => e.number)).toEqual(
        [10, 9, 8, 7, 6],
      )
  })

  it('shows a window of page numbers, never every page', () => {
    const view = listenView(withEpisodes(3650), mondayNoon, 300)!
    expect(view.pager.map((link) => link.label)).toEqual([
      '1',
      '298',
      '299',
      '300',
      '301',
      '302',
      'Latest',
    ])
    expect(view.pager.find((link) => link.current)?.label).toBe('300')
    expect(listenView(withEpisodes(3650), mondayNoon)!.pager.map((l) => l.label)).toEqual([
      '1',
      '729',
      '730',
      'Latest',
    ])
  })

  it('a new episode changes /listen and only the archive pages near the newest', () => {
    const older = withEpisodes(100)
    const newer = withEpisodes(101)
    const change = affectedPaths(older, newer, mondayNoon)
    expect(change.render.filter((path) => path.startsWith('/listen/page/'))).toEqual([])
    // The 105th completes page 21: pages 19 and 20 link it in their pagers.
    const fuller = affectedPaths(withEpisodes(104), withEpisodes(105), mondayNoon)
    expect(fuller.render.filter((path) => path.startsWith('/listen/page/')).sort()).toEqual(
      ['/listen/page/19', '/listen/page/20', '/listen/page/21'].sort(),
    )
  })

  it('shows an episode from its publication time on, and not before', () => {
    const before = listenView(sample, sundayNight)!
    expect(before.latest?.number).toBe(5)
    expect(before.olderHref).toBeUndefined()
    expect(episodeView(sample, 'a-winter-of-listening', sundayNight)).toBeUndefined()
    expect(episodeView(sample, 'a-winter-of-listening', mondayNoon)).toBeDefined()
    expect(renderPaths(sample, sundayNight)).not.toContain('/listen/a-winter-of-listening')
    expect(renderPaths(sample, sundayNight)).not.toContain('/listen/page/2')
    expect(pagePaths(sample, mondayNoon)).toEqual(
      expect.arrayContaining(['/listen', '/listen/page/1', '/listen/a-winter-of-listening']),
    )
    expect(resourcePaths(sample, mondayNoon)).toEqual(
      expect.arrayContaining([
        '/listen/feed.xml',
        '/listen/a-winter-of-listening/transcript.vtt',
        '/listen/a-winter-of-listening/chapters.json',
      ]),
    )
    expect(pagePaths(sample, mondayNoon)).not.toContain('/listen/feed.xml')
  })

  it('links the RSS feed always and a directory only when show.yaml sets it', () => {
    const show = sample.podcast.show
    expect(followLinks(show)).toEqual([
      { label: 'RSS feed', href: '/listen/feed.xml', external: false },
    ])
    const links = followLinks({
      ...show,
      follow: { spotify: 'https://open.spotify.example/show/1' },
    })
    expect(links.map((l) => l.label)).toEqual(['RSS feed', 'Spotify'])
    expect(links[1]).toMatchObject({ external: true })
  })

  it('describes the show as a PodcastSeries for search engines', () => {
    const meta = listenView(sample, mondayNoon)!.meta
    const series = jsonLd(meta).find((node) => node['@type'] === 'PodcastSeries')!
    expect(series).toMatchObject({
      name: 'The Daily Commons',
      webFeed: expect.stringMatching(/\/listen\/feed\.xml$/),
    })
    expect((series['episode'] as unknown[]).length).toBe(5)
    expect(meta).toContainEqual({ property: 'og:image:width', content: '1600' })
  })
})

describe('/listen/<slug>', () => {
  it('gives the episode its notes as sanitised HTML, its transcript, chapters and neighbours', () => {
    const view = episodeView(sample, 'the-empty-panel', mondayNoon)!
    expect(view.episode.notesHtml).toMatch(/^<p>/)
    expect(view.episode.timed).toBe(true)
    expect(view.episode.cues.length).toBeGreaterThan(10)
    expect(new Set(view.episode.cues.map((c) => c.speaker))).toEqual(
      new Set(['Imani Brooks', 'Owen Fairchild']),
    )
    expect(view.episode.chapters.map((c) => c.startTime)).toEqual([0, 18.88, 101.36, 129.42])
    expect(view.episode.player.captionsUrl).toBe('/listen/the-empty-panel/transcript.vtt')
    expect(view.newer?.slug).toBe('a-winter-of-listening')
    expect(view.older?.slug).toBe('three-hundred-lines-in-a-green-ledger')
    const episode = jsonLd(view.meta).find((node) => node['@type'] === 'PodcastEpisode')!
    expect(episode).toMatchObject({
      episodeNumber: 5,
      timeRequired: 'PT2M40S',
      associatedMedia: { '@type': 'AudioObject', encodingFormat: 'audio/mpeg' },
      partOfSeries: { '@type': 'PodcastSeries', name: 'The Daily Commons' },
    })
    expect(episodeView(sample, 'no-such-episode', mondayNoon)).toBeUndefined()
  })

  it('serves the transcript as WebVTT (a timed plain-text one converted) and the chapters as written', () => {
    const vtt = transcriptFile(sample, 'the-empty-panel', mondayNoon)!
    expect(vtt).toBe(
      sample.podcast.episodes.find((e) => e.slug === 'the-empty-panel')!.data.files.transcript,
    )
    const [first, ...rest] = sample.podcast.episodes
    const plain = (text: string): ContentSnapshot => ({
      ...sample,
      podcast: {
        ...sample.podcast,
        episodes: [
          {
            ...first!,
            data: {
              ...first!.data,
              transcript: 'x.txt',
              files: { ...first!.data.files, transcript: text },
            },
          },
          ...rest,
        ],
      },
    })
    const timed = transcriptFile(
      plain('[00:03] Imani Brooks: Good morning.\n[00:05] Owen Fairchild: Hello.\n'),
      first!.slug,
      mondayNoon,
    )!
    expect(parseWebVtt(timed).cues).toEqual([
      { start: 3, end: 5, speaker: 'Imani Brooks', text: 'Good morning.' },
      { start: 5, end: first!.data.duration, speaker: 'Owen Fairchild', text: 'Hello.' },
    ])
    expect(transcriptFile(plain('Imani Brooks: Good morning.\n'), first!.slug, mondayNoon)).toBe(
      undefined,
    )
    expect(JSON.parse(chaptersFile(sample, 'the-empty-panel', mondayNoon)!)).toMatchObject({
      version: '1.2.0',
    })
  })

  it('writes durations as schema.org wants them', () => {
    expect(isoDuration(160.47)).toBe('PT2M40S')
    expect(isoDuration(3600)).toBe('PT1H')
    expect(isoDuration(3725)).toBe('PT1H2M5S')
    expect(isoDuration(0)).toBe('PT0S')
  })
})

describe('what publishing an episode renders again', () => {
  const monday = new Date('2026-11-23T18:00:00Z')
  const before = {
    ...sample,
    podcast: {
      ...sample.podcast,
      episodes: sample.podcast.episodes.filter((e) => e.slug !== 'a-winter-of-listening'),
    },
  }

  it('a new episode: its page and files, its neighbour’s page, the list, the feed, the sitemap', () => {
    const change = affectedPaths(before, sample, monday)
    expect(change.all).toBe(false)
    expect(change.remove).toEqual([])
    expect(change.render.sort()).toEqual(
      [
        '/listen',
        '/listen/a-winter-of-listening',
        '/listen/a-winter-of-listening/transcript.vtt',
        '/listen/a-winter-of-listening/chapters.json',
        // the episode before it now links to it
        '/listen/the-empty-panel',
        '/listen/feed.xml',
        '/sitemap.xml',
      ].sort(),
    )
  })

  it('an episode taken off: its pages go, its neighbours and the list follow', () => {
    const change = affectedPaths(sample, before, monday)
    expect(change.remove.sort()).toEqual(
      [
        '/listen/a-winter-of-listening',
        '/listen/a-winter-of-listening/transcript.vtt',
        '/listen/a-winter-of-listening/chapters.json',
      ].sort(),
    )
    expect(change.render).toEqual(
      expect.arrayContaining(['/listen', '/listen/the-empty-panel', '/listen/feed.xml']),
    )
    expect(change.render.filter((path) => path.startsWith('/articles'))).toEqual([])
  })

  it('an edited transcript: that episode’s page and files, its neighbours, the list and the feed', () => {
    const edited = {
      ...sample,
      podcast: {
        ...sample.podcast,
        episodes: sample.podcast.episodes.map((e) =>
          e.slug === 'nine-squares-in-kansas-city'
            ? {
                ...e,
                data: {
                  ...e.data,
                  files: {
                    ...e.data.files,
                    transcript: e.data.files.transcript.replace('Good morning', 'Good morning!'),
                  },
                },
              }
            : e,
        ),
      },
    }
    const change = affectedPaths(sample, edited, monday)
    expect(change.render).toContain('/listen/nine-squares-in-kansas-city/transcript.vtt')
    expect(change.render).toEqual(
      expect.arrayContaining([
        '/listen/a-cuff-in-every-bag',
        '/listen/a-fourth-porch-on-the-east-side',
      ]),
    )
    expect(change.render).not.toContain('/listen/a-winter-of-listening')
    expect(change.render.filter((path) => !path.startsWith('/listen'))).toEqual(['/sitemap.xml'])
  })
})

it('the privacy notice says what the player keeps on the device, by its name', () => {
  expect(JSON.stringify(sample.pages.privacy)).toContain(`(${POSITION_KEY_PREFIX} and the episode)`)
})
