/**
 * The course catalogue as the server writes it (docs/requirements.md#data, docs/requirements.md#api): read tolerantly, write
 * strictly. Every course the server saves and sends has passed courseSchema (a string id, a
 * number price, an http(s) url); the API tests check its answers against the answer schemas.
 * The Courses page does not load these: it reads the answers with common/course-reader.ts,
 * which accepts more (numeric ids, prices as text) and leaves out a course it cannot show.
 */
import { z } from 'zod/mini'

export * from './course.ts'
import { STORE_PROVIDERS } from './course.ts'

export const storeProviderSchema = z.enum(STORE_PROVIDERS)
export type StoreProviderName = z.infer<typeof storeProviderSchema>

const httpUrl = z.string().check(
  z.maxLength(2048),
  z.refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
    'must be an absolute http(s) URL',
  ),
)

/**
 * An image address: an absolute http(s) URL or a path on this site. Anything else (a
 * javascript: or data: URL, a protocol-relative "//host" path) reads as "no image", which the
 * card replaces with its fallback picture.
 */
const imageUrl = z.pipe(
  z.nullish(z.string().check(z.maxLength(2048))),
  z.transform((value: string | null | undefined) => {
    if (!value) return ''
    if (/^\/(?!\/)[^\s]*$/.test(value)) return value
    return /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value) ? value : ''
  }),
)

export const courseSchema = z.object({
  id: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
  /** Plain text, never HTML. Empty when the store has none. */
  description: z.pipe(
    z.nullish(z.string().check(z.maxLength(5000))),
    z.transform((value: string | null | undefined) => value?.trim() ?? ''),
  ),
  /** US dollars, e.g. 29.5 for $29.50. */
  price: z.number().check(z.gte(0), z.lte(1_000_000)),
  /** The course's page on the external store. */
  url: httpUrl,
  /** Empty when there is no usable picture. */
  image_url: imageUrl,
})

/** A course as the API sends it: what the JSON holds before parsing. */
export type CourseInput = z.input<typeof courseSchema>
export type Course = z.output<typeof courseSchema>

/** GET /core/{store}/courses/: what the server sends, {data, count}. */
export const courseListAnswerSchema = z.object({
  data: z.array(courseSchema),
  count: z.int().check(z.gte(0)),
})

/** POST /core/{store}/courses/: the refreshed list, its count and a message. */
export const courseRefreshAnswerSchema = z.object({
  data: z.array(courseSchema),
  count: z.int().check(z.gte(0)),
  message: z.string().check(z.minLength(1)),
})

/** Every error answer of the API: {error, message}. */
export const apiErrorAnswerSchema = z.object({ error: z.string(), message: z.string() })
export type ApiErrorAnswer = z.infer<typeof apiErrorAnswerSchema>
