import { describe, expect, it } from 'vitest'
import {
  chaptersSchema,
  episodeFrontMatterSchema,
  parseOrThrow,
  podcastShowSchema,
  transcriptCueSchema,
} from './podcast.ts'

const show = {
  title: 'The Daily Commons',
  description: 'News of people rebuilding their neighborhoods.',
  author: 'DocuCommons',
  owner: { name: 'DocuCommons', email: 'podcast@docucommons.example.org' },
  language: 'en-us',
  category: { name: 'News', subcategory: 'Daily News' },
  explicit: false,
  artwork: 'artwork.jpg',
  copyright: '© 2026 Heartland Story Fund',
}

const episode = {
  title: 'The Empty Panel',
  number: 5,
  publishedAt: '2026-11-20T11:00:00Z',
  summary: 'Neighbors decide what fills the last panel.',
  guid: 'fdb5d888-9f6d-4065-b678-7a7ff6b8b88d',
  audio: 'the-empty-panel.mp3',
  duration: 160.47,
  transcript: 'the-empty-panel.vtt',
  chapters: 'the-empty-panel.chapters.json',
}

const messageOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('accepted')
}

describe('podcastShowSchema', () => {
  it('accepts the show with and without its optional links', () => {
    expect(podcastShowSchema.parse(show)).toEqual(show)
    const withLinks = {
      ...show,
      follow: { spotify: 'https://open.spotify.example/show/1' },
      funding: { url: 'https://give.example.org', text: 'Support the show' },
    }
    expect(podcastShowSchema.parse(withLinks)).toEqual(withLinks)
  })

  it('names the field of each mistake', () => {
    const message = messageOf(() =>
      parseOrThrow(
        podcastShowSchema,
        {
          ...show,
          owner: { name: 'D', email: 'nope' },
          explicit: 'no',
          artwork: '../secret.jpg',
          follow: { spotify: 'http://insecure.example', tiktok: 'https://x.example' },
        },
        'show.yaml',
      ),
    )
    expect(message).toMatch(/^show\.yaml: owner\.email: must be an e-mail address$/m)
    expect(message).toMatch(/^show\.yaml: explicit: must be true or false$/m)
    expect(message).toMatch(/^show\.yaml: artwork: must be a file name/m)
    expect(message).toMatch(/^show\.yaml: follow\.spotify: must be an https:\/\/ address$/m)
    expect(message).toMatch(/^show\.yaml: follow: Unrecognized key: "tiktok"/m)
    expect(
      messageOf(() =>
        parseOrThrow(podcastShowSchema, { ...show, category: { name: 'Gardening' } }, 's'),
      ),
    ).toMatch(/category\.name: must be one of Apple Podcasts’ categories/)
    expect(
      messageOf(() =>
        parseOrThrow(
          podcastShowSchema,
          { ...show, category: { name: 'News', subcategory: 'Gardening' } },
          's',
        ),
      ),
    ).toBe(
      's: category.subcategory: must be one of News’s subcategories: Business News, Daily News, Entertainment News, News Commentary, Politics, Sports News, Tech News',
    )
  })
})

describe('episodeFrontMatterSchema', () => {
  it('accepts an episode, also with a date a YAML loader made into a Date', () => {
    expect(episodeFrontMatterSchema.parse(episode)).toEqual(episode)
    expect(
      episodeFrontMatterSchema.parse({ ...episode, publishedAt: new Date(episode.publishedAt) })
        .publishedAt,
    ).toBe('2026-11-20T11:00:00.000Z')
  })

  it('names the field of each mistake', () => {
    const message = messageOf(() =>
      parseOrThrow(
        episodeFrontMatterSchema,
        {
          ...episode,
          number: 1.5,
          publishedAt: '20 November 2026',
          summary: 'x'.repeat(231),
          guid: 'episode-5',
          audio: 'the-empty-panel.wav',
          duration: -3,
          transcript: 'sub/../x.vtt',
        },
        'the-empty-panel.md',
      ),
    )
    for (const line of [
      'number: must be a whole number',
      'publishedAt: must be an ISO date-time in UTC',
      'summary: at most 200 characters (this one has 231)',
      'guid: must be a UUID',
      'audio: must be a file name in lowercase letters, digits, dots and dashes ending in .mp3 or .m4a',
      'duration: must be the audio’s length in seconds',
      'transcript: must be a file name',
    ])
      expect(message).toContain(`the-empty-panel.md: ${line}`)
  })
})

describe('chaptersSchema and transcriptCueSchema', () => {
  it('wants chapters in time order', () => {
    const chapters = (times: number[]) => ({
      version: '1.2.0',
      chapters: times.map((startTime, i) => ({ startTime, title: `Chapter ${i + 1}` })),
    })
    expect(chaptersSchema.safeParse(chapters([0, 12.5, 60])).success).toBe(true)
    expect(messageOf(() => parseOrThrow(chaptersSchema, chapters([0, 60, 60]), 'c.json'))).toBe(
      'c.json: chapters.2.startTime: must be after the previous chapter’s (60 s)',
    )
  })

  it('wants a cue to end after it starts', () => {
    expect(transcriptCueSchema.safeParse({ start: 1, speaker: '', text: 'x' }).success).toBe(true)
    expect(
      messageOf(() =>
        parseOrThrow(transcriptCueSchema, { start: 3, end: 2, speaker: 'A', text: 'x' }, 'cue'),
      ),
    ).toBe('cue: end: must be after start')
  })
})
