/**
 * What the content and media routes of the back office answer, as zod schemas checked against
 * the types the staff app reads (content-admin.ts, media.ts). A document's `data` is any JSON
 * here: its own schema (common/content/) checks it when it is saved, not when it is answered.
 */
import { z } from 'zod'
import {
  PAGE_NAMES,
  type CompareAnswer,
  type ContentOverviewAnswer,
  type DeletedAnswer,
  type DocumentAnswer,
  type LiveAnswer,
  type MediaInUseAnswer,
  type MediaItemAnswer,
  type MediaListAnswer,
  type PicturesAnswer,
  type RevisionAnswer,
  type RevisionListAnswer,
} from './content-admin.ts'
import { seriesIds } from './content/pages.ts'
import { ApiProblemAnswer } from './back-office-answers.ts'

const time = z.string()
const contentStatus = z.enum(['draft', 'published', 'scheduled'])

export const StaffRefSchema = z.strictObject({ id: z.string(), label: z.string() }).nullable()

/** One problem with content, as the content checks name it. */
export const ContentProblemSchema = z.strictObject({
  source: z.string(),
  field: z.string().optional(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  message: z.string(),
})

const listed = {
  key: z.string(),
  hasDraft: z.boolean(),
  version: z.number().int(),
  updatedAt: time,
  updatedBy: StaffRefSchema,
}

export const ContentOverviewAnswerSchema = z.strictObject({
  contentVersion: z.number().int(),
  articles: z.array(
    z.strictObject({
      ...listed,
      id: z.string(),
      slug: z.string(),
      status: contentStatus,
      publishAt: time.nullable(),
      headline: z.string(),
      cardTitle: z.string(),
      name: z.string(),
      series: z.enum(seriesIds),
      date: z.string(),
      portrait: z.string(),
      position: z.number().int().nullable(),
      url: z.string().nullable(),
    }),
  ),
  pages: z.array(
    z.strictObject({ ...listed, name: z.enum(PAGE_NAMES), label: z.string(), url: z.string() }),
  ),
  series: z.array(z.strictObject({ id: z.enum(seriesIds), title: z.string() })),
}) satisfies z.ZodType<ContentOverviewAnswer>

export const LiveAnswerSchema = z.strictObject({
  contentVersion: z.number().int(),
  servedVersion: z.number().int(),
  renderedAt: time.nullable(),
  lastFailure: z.strictObject({ at: time, message: z.string() }).nullable(),
}) satisfies z.ZodType<LiveAnswer>

const PicturePreviewSchema = z.strictObject({
  id: z.string(),
  src: z.string(),
  width: z.number(),
  height: z.number(),
  color: z.string(),
  uploaded: z.boolean(),
  focalPoint: z.strictObject({ x: z.number(), y: z.number() }).nullable(),
  alt: z.string().nullable(),
  mediaId: z.string().nullable(),
})

export const PicturesAnswerSchema = z.strictObject({
  pictures: z.array(PicturePreviewSchema),
}) satisfies z.ZodType<PicturesAnswer>

const content = { data: z.unknown(), body: z.string().nullable() }

const revisionSummary = {
  id: z.string(),
  number: z.number().int(),
  author: StaffRefSchema,
  createdAt: time,
  note: z.string().nullable(),
  current: z.boolean(),
}

export const RevisionListAnswerSchema = z.strictObject({
  revisions: z.array(z.strictObject(revisionSummary)),
}) satisfies z.ZodType<RevisionListAnswer>

export const RevisionAnswerSchema = z.strictObject({
  ...revisionSummary,
  ...content,
}) satisfies z.ZodType<RevisionAnswer>

export const DocumentAnswerSchema = z.strictObject({
  ref: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('article'), id: z.string() }),
    z.strictObject({ kind: z.literal('page'), name: z.enum(PAGE_NAMES) }),
  ]),
  key: z.string(),
  kind: z.enum(['article', 'page', 'site', 'settings']),
  label: z.string(),
  slug: z.string().nullable(),
  status: contentStatus,
  publishAt: time.nullable(),
  version: z.number().int(),
  createdAt: time,
  updatedAt: time,
  updatedBy: StaffRefSchema,
  url: z.string().nullable(),
  previewUrl: z.string(),
  published: z
    .strictObject({ ...content, revisionId: z.string(), number: z.number().int() })
    .nullable(),
  draft: z.strictObject(content).nullable(),
  problems: z.array(ContentProblemSchema),
  revisions: z.array(z.strictObject(revisionSummary)),
  formerSlugs: z.array(z.string()),
  pictures: z.record(z.string(), PicturePreviewSchema),
  contentVersion: z.number().int(),
}) satisfies z.ZodType<DocumentAnswer>

export const DeletedAnswerSchema = z.strictObject({
  deleted: z.string(),
  contentVersion: z.number().int(),
}) satisfies z.ZodType<DeletedAnswer>

const compareSide = z.strictObject({
  id: z.string(),
  label: z.string(),
  number: z.number().int().nullable(),
  author: StaffRefSchema,
  createdAt: time.nullable(),
})

export const CompareAnswerSchema = z.strictObject({
  from: compareSide,
  to: compareSide,
  identical: z.boolean(),
  fields: z.array(
    z.strictObject({
      field: z.string(),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
  body: z
    .array(
      z.strictObject({
        beforeLine: z.number().int(),
        afterLine: z.number().int(),
        lines: z.array(
          z.strictObject({ kind: z.enum(['same', 'added', 'removed']), text: z.string() }),
        ),
      }),
    )
    .nullable(),
}) satisfies z.ZodType<CompareAnswer>

// ── Media library ─────────────────────────────────────────────────────────────────────────────

const MediaUseSchema = z.strictObject({
  kind: z.string(),
  id: z.string(),
  title: z.string(),
  href: z.string().optional(),
})

const MediaItemSchema = z.strictObject({
  id: z.string(),
  contentId: z.string(),
  kind: z.enum(['image', 'audio']),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  color: z.string().nullable(),
  alt: z.string().nullable(),
  focalPoint: z.strictObject({ x: z.number(), y: z.number() }).nullable(),
  createdBy: z.string().nullable(),
  createdAt: time,
  updatedAt: time,
  files: z.array(
    z.strictObject({
      url: z.string(),
      role: z.enum(['variant', 'master', 'audio']),
      format: z.string(),
      mime: z.string(),
      size: z.number().int(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
    }),
  ),
  usedBy: z.array(MediaUseSchema),
})

export const MediaListAnswerSchema = z.strictObject({
  items: z.array(MediaItemSchema),
  next: z.string().nullable(),
}) satisfies z.ZodType<MediaListAnswer>

export const MediaItemAnswerSchema = z.strictObject({
  item: MediaItemSchema,
  existing: z.boolean().optional(),
}) satisfies z.ZodType<MediaItemAnswer>

/** 409 from DELETE /media/:id while content still uses the picture. */
export const MediaInUseAnswerSchema = ApiProblemAnswer.extend({
  usedBy: z.array(MediaUseSchema),
}) satisfies z.ZodType<MediaInUseAnswer>
