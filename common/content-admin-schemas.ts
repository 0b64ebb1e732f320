/**
 * What the staff app sends to the content routes of the back office, as zod schemas the server
 * parses at the edge (400 naming each field). A document's own fields are checked by the content
 * schemas of ./content/ when it is saved (400 ContentProblemsAnswer, field by field); here only
 * the envelope. The answers' shapes are in content-admin.ts.
 */
import { z } from 'zod'
import { PAGE_NAMES } from './content-admin.ts'

const baseVersion = z.coerce
  .number({ error: 'Send the version you opened (baseVersion).' })
  .int('Send the version you opened (baseVersion).')
  .min(0, 'Send the version you opened (baseVersion).')

/** An article body: Markdown, at most 200,000 characters (a long profile is 30,000). */
const markdownBody = z
  .string({ error: 'Send the article text (body) as Markdown.' })
  .max(200_000, 'Keep an article under 200,000 characters.')

export const ArticleParams = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,100}$/, { error: 'There is no such article.' }),
})
export const PageParams = z.strictObject({
  name: z.enum(PAGE_NAMES, { error: 'There is no such page.' }),
})
export const ArticleRevisionParams = ArticleParams.extend({
  revision: z.string().min(1).max(100),
})
export const PageRevisionParams = PageParams.extend({ revision: z.string().min(1).max(100) })

/**
 * POST /articles: a new article, saved as a draft. Its address (slug) must be right at once; its
 * fields and body may be unfinished (the answer's `problems` say what publishing needs).
 */
export const CreateArticleRequest = z.strictObject({
  slug: z.string({ error: 'Choose the address of the article (slug).' }).trim(),
  data: z
    .record(z.string(), z.unknown(), { error: 'Send the article’s fields (data).' })
    .default({}),
  body: markdownBody.default(''),
})

/**
 * POST …/draft: unpublished changes (autosave), kept even when unfinished; refused only when
 * unsafe (raw HTML, a link to a script) or of another shape. `body` for articles only.
 */
export const SaveDraftRequest = z.strictObject({
  baseVersion,
  data: z.unknown().refine((v) => v !== undefined, 'Send the document’s fields (data).'),
  body: markdownBody.optional(),
})

/**
 * POST …/publish: the draft (or, without one, the current content again) goes live. `at` in the
 * future schedules an article that is not live yet.
 */
export const PublishRequest = z.strictObject({
  baseVersion,
  at: z.iso
    .datetime({
      offset: true,
      error: 'Give the time as a date and time, e.g. 2026-05-01T09:00:00Z.',
    })
    .optional(),
  note: z.string().trim().max(200, 'Keep the note under 200 characters.').optional(),
})

/** Unpublish, discard the draft, restore a revision: only the version the editor opened. */
export const VersionRequest = z.strictObject({ baseVersion })

/** DELETE /articles/:id?baseVersion= */
export const VersionQuery = z.strictObject({ baseVersion })

export const ChangeSlugRequest = z.strictObject({
  baseVersion,
  slug: z.string({ error: 'Choose the new address (slug).' }).trim(),
})

/** GET …/compare?from=<revision id>&to=<revision id | "draft"> */
export const CompareQuery = z.strictObject({
  from: z.string({ error: 'Choose the older revision (from).' }).min(1).max(100),
  to: z.string({ error: 'Choose the newer revision (to).' }).min(1).max(100),
})

/** GET /content/pictures?q= */
export const PicturesQuery = z.strictObject({
  q: z.string().trim().max(200, 'Search for at most 200 characters.').optional(),
})
