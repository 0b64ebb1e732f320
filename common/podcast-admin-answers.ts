/**
 * What the podcast's routes of the back office answer, as zod schemas checked against the types
 * the staff app reads (podcast-admin.ts).
 */
import { z } from 'zod'
import { ContentProblemSchema, StaffRefSchema } from './content-admin-answers.ts'
import type {
  ArtworkAnswer,
  AudioAnswer,
  EpisodeAnswer,
  PodcastOverviewAnswer,
  ShowAnswer,
} from './podcast-admin.ts'

const episodeStatus = z.enum(['draft', 'scheduled', 'published'])

const AudioFactsSchema = z.strictObject({
  sha256: z.string(),
  size: z.number().int(),
  mime: z.enum(['audio/mpeg', 'audio/mp4']),
  duration: z.number(),
  url: z.string(),
})

const ArtworkFactsSchema = z.strictObject({
  sha256: z.string(),
  size: z.number().int(),
  mime: z.enum(['image/jpeg', 'image/png']),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
})

export const PodcastOverviewAnswerSchema = z.strictObject({
  showTitle: z.string(),
  episodes: z.array(
    z.strictObject({
      id: z.string(),
      key: z.string(),
      slug: z.string(),
      status: episodeStatus,
      publishAt: z.string().nullable(),
      hasDraft: z.boolean(),
      title: z.string(),
      number: z.number().int(),
      publishedAt: z.string(),
      duration: z.number(),
      version: z.number().int(),
      updatedAt: z.string(),
      updatedBy: StaffRefSchema,
      url: z.string().nullable(),
    }),
  ),
  nextNumber: z.number().int(),
  contentVersion: z.number().int(),
}) satisfies z.ZodType<PodcastOverviewAnswer>

export const EpisodeAnswerSchema = z.strictObject({
  id: z.string(),
  key: z.string(),
  status: episodeStatus,
  publishAt: z.string().nullable(),
  everPublished: z.boolean(),
  hasDraft: z.boolean(),
  guid: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: StaffRefSchema,
  url: z.string().nullable(),
  fields: z.strictObject({
    slug: z.string(),
    title: z.string(),
    number: z.number().int(),
    publishedAt: z.string(),
    summary: z.string(),
    notes: z.string(),
    audio: AudioFactsSchema.nullable(),
    transcript: z.string(),
    chapters: z.array(z.strictObject({ startTime: z.number(), title: z.string() })),
  }),
  problems: z.array(ContentProblemSchema),
  contentVersion: z.number().int(),
}) satisfies z.ZodType<EpisodeAnswer>

export const AudioAnswerSchema = z.strictObject({
  audio: AudioFactsSchema,
  fileName: z.string(),
}) satisfies z.ZodType<AudioAnswer>

export const ArtworkAnswerSchema = z.strictObject({
  artwork: ArtworkFactsSchema,
}) satisfies z.ZodType<ArtworkAnswer>

const optionalUrl = z.string().optional()

export const ShowAnswerSchema = z.strictObject({
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: StaffRefSchema,
  fields: z.strictObject({
    title: z.string(),
    description: z.string(),
    author: z.string(),
    owner: z.strictObject({ name: z.string(), email: z.string() }),
    language: z.string(),
    category: z.strictObject({ name: z.string(), subcategory: z.string().optional() }),
    explicit: z.boolean(),
    copyright: z.string(),
    follow: z.strictObject({
      applePodcasts: optionalUrl,
      spotify: optionalUrl,
      youtube: optionalUrl,
    }),
    funding: z.strictObject({ url: z.string(), text: z.string() }).nullable(),
    artwork: ArtworkFactsSchema,
  }),
  categories: z.record(z.string(), z.array(z.string()).readonly()),
  contentVersion: z.number().int(),
}) satisfies z.ZodType<ShowAnswer>
