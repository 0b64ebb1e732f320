/**
 * What the staff app sends to the podcast's routes of the back office, as zod schemas the server
 * parses at the edge (400 naming each field). An episode's own fields are checked by the content
 * schemas (common/content/podcast.ts, episodes.ts) when it is saved, field by field; here only the
 * envelope and the sizes. The answers' shapes are in podcast-admin.ts.
 */
import { z } from 'zod'
import { PODCAST_LIMITS } from './content/podcast.ts'

const baseVersion = z.coerce
  .number({ error: 'Send the version you opened (baseVersion).' })
  .int('Send the version you opened (baseVersion).')
  .min(0, 'Send the version you opened (baseVersion).')

const sha256 = z
  .string({ error: 'Upload the file first, then send its sha256.' })
  .regex(/^[0-9a-f]{64}$/, 'Upload the file first, then send its sha256.')

export const EpisodeParams = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,100}$/, { error: 'There is no such episode.' }),
})

/** POST /podcast/episodes and …/draft: the episode's form. */
export const EpisodeFieldsRequest = z.strictObject({
  slug: z.string({ error: 'Choose the address of the episode (slug).' }).trim(),
  title: z.string({ error: 'Give the episode a title.' }),
  number: z.coerce.number({ error: 'Give the episode its number.' }),
  publishedAt: z.iso.datetime({
    offset: true,
    error: 'Give the publication time as a date and time, e.g. 2026-11-24T12:00:00Z.',
  }),
  summary: z.string({ error: 'Write a summary (one or two sentences).' }),
  notes: z
    .string({ error: 'Send the show notes (Markdown).' })
    .max(PODCAST_LIMITS.notes, `Keep the show notes under ${PODCAST_LIMITS.notes} characters.`),
  audio: z.strictObject({ sha256 }).nullable(),
  transcript: z
    .string({ error: 'Send the transcript’s text.' })
    .max(PODCAST_LIMITS.transcriptBytes, 'The transcript is longer than 2 MB.'),
  chapters: z
    .array(
      z.strictObject({
        startTime: z.number({ error: 'Give each chapter its start time in seconds.' }),
        title: z.string({ error: 'Give each chapter a title.' }),
      }),
    )
    .max(500, 'An episode has at most 500 chapters.'),
})

export const SaveEpisodeRequest = EpisodeFieldsRequest.extend({ baseVersion })

/** Publish (or schedule, by its publication time), unpublish: the version the editor opened. */
export const EpisodeVersionRequest = z.strictObject({ baseVersion })
export const EpisodeVersionQuery = z.strictObject({ baseVersion })

const optionalHttps = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional()

/** POST /podcast/show: the show's settings, saved and published at once. */
export const SaveShowRequest = z.strictObject({
  baseVersion,
  fields: z.strictObject({
    title: z.string(),
    description: z.string(),
    author: z.string(),
    owner: z.strictObject({ name: z.string(), email: z.string() }),
    language: z.string(),
    category: z.strictObject({ name: z.string(), subcategory: optionalHttps }),
    explicit: z.boolean({ error: 'Say whether the show is explicit.' }),
    copyright: z.string(),
    follow: z.strictObject({
      applePodcasts: optionalHttps,
      spotify: optionalHttps,
      youtube: optionalHttps,
    }),
    funding: z.strictObject({ url: z.string().trim(), text: z.string().trim() }).nullable(),
    artwork: z.strictObject({ sha256 }),
  }),
})
