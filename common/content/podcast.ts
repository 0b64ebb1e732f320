/**
 * The podcast's content: the show (content/podcast/show.yaml), each episode's front matter
 * (content/podcast/episodes/<slug>.md), its chapters (Podcasting 2.0 JSON chapters) and its
 * transcript cues. The server, the build and the sample generator parse with these; the browser
 * only imports the types (`import type`), so zod never reaches a page's bundle.
 *
 * Every message names its field: `parseOrThrow` prefixes the source and the path, e.g.
 * `content/podcast/episodes/the-empty-panel.md: summary: at most 200 characters (this one has
 * 231)`.
 */
import { z } from 'zod'

/** Apple Podcasts' categories and their subcategories (Apple's published list). */
export const APPLE_CATEGORIES = {
  Arts: ['Books', 'Design', 'Fashion & Beauty', 'Food', 'Performing Arts', 'Visual Arts'],
  Business: ['Careers', 'Entrepreneurship', 'Investing', 'Management', 'Marketing', 'Non-Profit'],
  Comedy: ['Comedy Interviews', 'Improv', 'Stand-Up'],
  Education: ['Courses', 'How To', 'Language Learning', 'Self-Improvement'],
  Fiction: ['Comedy Fiction', 'Drama', 'Science Fiction'],
  Government: [],
  History: [],
  'Health & Fitness': [
    'Alternative Health',
    'Fitness',
    'Medicine',
    'Mental Health',
    'Nutrition',
    'Sexuality',
  ],
  'Kids & Family': ['Education for Kids', 'Parenting', 'Pets & Animals', 'Stories for Kids'],
  Leisure: [
    'Animation & Manga',
    'Automotive',
    'Aviation',
    'Crafts',
    'Games',
    'Hobbies',
    'Home & Garden',
    'Video Games',
  ],
  Music: ['Music Commentary', 'Music History', 'Music Interviews'],
  News: [
    'Business News',
    'Daily News',
    'Entertainment News',
    'News Commentary',
    'Politics',
    'Sports News',
    'Tech News',
  ],
  'Religion & Spirituality': [
    'Buddhism',
    'Christianity',
    'Hinduism',
    'Islam',
    'Judaism',
    'Religion',
    'Spirituality',
  ],
  Science: [
    'Astronomy',
    'Chemistry',
    'Earth Sciences',
    'Life Sciences',
    'Mathematics',
    'Natural Sciences',
    'Nature',
    'Physics',
    'Social Sciences',
  ],
  'Society & Culture': [
    'Documentary',
    'Personal Journals',
    'Philosophy',
    'Places & Travel',
    'Relationships',
  ],
  Sports: [
    'Baseball',
    'Basketball',
    'Cricket',
    'Fantasy Sports',
    'Football',
    'Golf',
    'Hockey',
    'Rugby',
    'Running',
    'Soccer',
    'Swimming',
    'Tennis',
    'Volleyball',
    'Wilderness',
    'Wrestling',
  ],
  Technology: [],
  'True Crime': [],
  'TV & Film': ['After Shows', 'Film History', 'Film Interviews', 'Film Reviews', 'TV Reviews'],
} as const satisfies Record<string, readonly string[]>

export type AppleCategory = keyof typeof APPLE_CATEGORIES

/** Limits shared by the schemas, the back office's fields and the tests. */
export const PODCAST_LIMITS = {
  /** A transcript file: an hour of speech is about 60,000 characters of WebVTT. */
  transcriptBytes: 2 * 1024 * 1024,
  chaptersBytes: 256 * 1024,
  title: 200,
  summary: 200,
  description: 4000,
  notes: 20_000,
  chapterTitle: 200,
  cueText: 5000,
  speaker: 100,
} as const

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .refine((v) => v.length <= max, {
      error: (issue) => `at most ${max} characters (this one has ${String(issue.input).length})`,
    })

const httpsUrl = z
  .string({ error: 'must be an address' })
  .trim()
  .refine((v) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), 'must be an https:// address')

/**
 * A file beside the content file: a plain name, no folder, lowercase, with one of the extensions.
 * No slashes and no two dots in a row, so a name can never point outside its folder.
 */
export const podcastFileName = (extensions: readonly string[]) =>
  z
    .string({ error: 'must be a file name' })
    .regex(
      new RegExp(`^[a-z0-9]+(?:[.-][a-z0-9]+)*\\.(?:${extensions.join('|')})$`),
      `must be a file name in lowercase letters, digits, dots and dashes ending in ${extensions.map((e) => `.${e}`).join(' or ')}`,
    )

/** YAML loaders disagree on dates (js-yaml makes a Date, yaml 1.2 a string): accept both. */
const isoDateTimeUtc = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : v),
  z.iso.datetime({ error: 'must be an ISO date-time in UTC, such as 2026-11-23T11:00:00Z' }),
)

const showFields = z
  .object({
    title: text(PODCAST_LIMITS.title),
    description: text(PODCAST_LIMITS.description),
    author: text(PODCAST_LIMITS.title),
    owner: z.object(
      {
        name: text(PODCAST_LIMITS.title),
        email: z.email({ error: 'must be an e-mail address' }),
      },
      { error: 'must have a name and an email' },
    ),
    /** BCP 47, as RSS and Apple want it: "en", "en-us". */
    language: z
      .string({ error: 'must be a language code' })
      .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'must be a language code such as en or en-us'),
    category: z.object(
      {
        name: z.enum(Object.keys(APPLE_CATEGORIES) as [AppleCategory, ...AppleCategory[]], {
          error: 'must be one of Apple Podcasts’ categories, such as News',
        }),
        subcategory: z.string().optional(),
      },
      { error: 'must have a name (an Apple Podcasts category)' },
    ),
    explicit: z.boolean({ error: 'must be true or false' }),
    /** Square JPEG or PNG, 1400 to 3000 pixels, beside show.yaml. */
    artwork: podcastFileName(['jpg', 'png']),
    copyright: text(PODCAST_LIMITS.title),
    /** Where else to follow the show; a link that is not set is not shown. */
    follow: z
      .strictObject({
        applePodcasts: httpsUrl.optional(),
        spotify: httpsUrl.optional(),
        youtube: httpsUrl.optional(),
      })
      .optional(),
    /** A donation page: the feed's podcast:funding, only when set. */
    funding: z
      .object(
        { url: httpsUrl, text: text(128) },
        { error: 'must have a url and a text (what the link says)' },
      )
      .optional(),
  })
  .strict()

/** A subcategory must be one of its category's. */
function checkCategory(show: z.infer<typeof showFields>, ctx: z.RefinementCtx) {
  const { name, subcategory } = show.category
  if (subcategory === undefined) return
  const allowed: readonly string[] = APPLE_CATEGORIES[name]
  if (!allowed.includes(subcategory))
    ctx.addIssue({
      code: 'custom',
      path: ['category', 'subcategory'],
      message: allowed.length
        ? `must be one of ${name}’s subcategories: ${allowed.join(', ')}`
        : `${name} has no subcategories`,
    })
}

export const podcastShowSchema = showFields.superRefine(checkCategory)

export type PodcastShow = z.infer<typeof podcastShowSchema>

export const AUDIO_EXTENSIONS = ['mp3', 'm4a'] as const

export const episodeFrontMatterSchema = z
  .object({
    title: text(PODCAST_LIMITS.title),
    number: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more'),
    publishedAt: isoDateTimeUtc,
    summary: text(PODCAST_LIMITS.summary),
    /** Stable for ever: podcast apps use it to tell episodes apart. */
    guid: z.uuid({ error: 'must be a UUID, such as 305916ae-cee0-4428-a71f-0dff4c7e35e8' }),
    audio: podcastFileName(AUDIO_EXTENSIONS),
    /**
     * The audio's length in seconds, to the millisecond: measured from the file when it is
     * uploaded or imported (music-metadata), which refuses a value the audio does not have.
     */
    duration: z
      .number({ error: 'must be the audio’s length in seconds, such as 161.306' })
      .positive('must be the audio’s length in seconds, such as 161.306')
      .max(24 * 3600, 'must be at most a day (86400 seconds)'),
    /** WebVTT, or plain text with speaker lines (see ./transcript.ts). */
    transcript: podcastFileName(['vtt', 'txt']),
    chapters: podcastFileName(['json']).optional(),
  })
  .strict()

export type EpisodeFrontMatter = z.infer<typeof episodeFrontMatterSchema>

/** Podcasting 2.0 JSON chapters (https://github.com/Podcastindex-org/podcast-namespace). */
export const chapterSchema = z.object({
  startTime: z.number({ error: 'must be a number of seconds' }).min(0, 'must be 0 or more'),
  title: text(PODCAST_LIMITS.chapterTitle),
  img: httpsUrl.optional(),
  url: httpsUrl.optional(),
  toc: z.boolean().optional(),
  endTime: z.number().min(0).optional(),
})

export const chaptersSchema = z
  .object({
    version: z.string({ error: 'must be a version such as 1.2.0' }),
    chapters: z.array(chapterSchema, { error: 'must be a list' }).min(1, 'must not be empty'),
  })
  .superRefine((doc, ctx) => {
    doc.chapters.forEach((chapter, i) => {
      if (i > 0 && chapter.startTime <= doc.chapters[i - 1]!.startTime)
        ctx.addIssue({
          code: 'custom',
          path: ['chapters', i, 'startTime'],
          message: `must be after the previous chapter’s (${doc.chapters[i - 1]!.startTime} s)`,
        })
    })
  })

export type Chapter = z.infer<typeof chapterSchema>
export type Chapters = z.infer<typeof chaptersSchema>

/** One line of a transcript: when it starts (and ends, when known), who speaks and what. */
export const transcriptCueSchema = z
  .object({
    start: z.number({ error: 'must be a number of seconds' }).min(0, 'must be 0 or more'),
    end: z.number({ error: 'must be a number of seconds' }).optional(),
    /** Empty when the transcript does not say who speaks. */
    speaker: z.string().trim().max(PODCAST_LIMITS.speaker),
    text: text(PODCAST_LIMITS.cueText),
  })
  .refine((cue) => cue.end === undefined || cue.end > cue.start, {
    path: ['end'],
    message: 'must be after start',
  })

export type TranscriptCue = z.infer<typeof transcriptCueSchema>

/** A stored file, by what it is: the SHA-256 that names it, its size and its type. */
const storedFile = {
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be the SHA-256 of the file, in hex'),
  size: z.number().int('must be a whole number of bytes').positive('must be more than 0 bytes'),
}

/**
 * An episode as the database stores it: its front matter, and what its files are. The audio is
 * stored in the media library as it is (named by its SHA-256); the transcript and the chapters
 * are text, kept as they were written so that an export gives the same files back.
 */
export const episodeDocumentSchema = episodeFrontMatterSchema.extend({
  files: z.strictObject({
    audio: z.strictObject({
      ...storedFile,
      mime: z.enum(['audio/mpeg', 'audio/mp4'], { error: 'must be audio/mpeg or audio/mp4' }),
    }),
    transcript: z
      .string({ error: 'must be the transcript’s text' })
      .min(1, 'must not be empty')
      .max(PODCAST_LIMITS.transcriptBytes, 'is longer than 2 MB'),
    chapters: z
      .string({ error: 'must be the chapters’ JSON text' })
      .max(PODCAST_LIMITS.chaptersBytes, 'is longer than 256 KB')
      .optional(),
  }),
})

export type EpisodeDocument = z.infer<typeof episodeDocumentSchema>

/** The artwork's pixel size that Apple Podcasts accepts: square, 1400 to 3000 pixels. */
export const ARTWORK_SIZE = { min: 1400, max: 3000 } as const

/** The show as the database stores it: show.yaml, and what its artwork file is. */
export const showDocumentSchema = showFields
  .extend({
    files: z.strictObject({
      artwork: z.strictObject({
        ...storedFile,
        mime: z.enum(['image/jpeg', 'image/png'], { error: 'must be a JPEG or a PNG picture' }),
        width: z.number().int(),
        height: z.number().int(),
      }),
    }),
  })
  .superRefine(checkCategory)
  .superRefine((show, ctx) => {
    const { width, height } = show.files.artwork
    if (width !== height || width < ARTWORK_SIZE.min || width > ARTWORK_SIZE.max)
      ctx.addIssue({
        code: 'custom',
        path: ['artwork'],
        message: `must be square, ${ARTWORK_SIZE.min} to ${ARTWORK_SIZE.max} pixels a side (Apple Podcasts’ rule); this one is ${width} × ${height}`,
      })
  })

export type ShowDocument = z.infer<typeof showDocumentSchema>

/** `path.to.field: message` for each issue, one per line. */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.')
      return path ? `${path}: ${issue.message}` : issue.message
    })
    .join('\n')
}

/** Parse or throw an Error whose message starts with where the data came from. */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  data: unknown,
  source: string,
): z.infer<T> {
  const result = schema.safeParse(data)
  if (result.success) return result.data
  throw new Error(
    formatIssues(result.error)
      .split('\n')
      .map((line) => `${source}: ${line}`)
      .join('\n'),
  )
}
