/**
 * What the HTTP providers share once a page has arrived: each product is read on its own, so one
 * product the catalogue cannot use is skipped (and reported) instead of sinking the whole sync.
 * Only a page that is not a product list at all fails the sync.
 */
import type { z } from 'zod'
import type { CourseInput } from '#common/course-schemas.ts'
import { UpstreamError } from '#server/catalogue/upstream.ts'
import {
  MAX_CATALOGUE_BYTES,
  MAX_COURSES,
  MAX_LISTED_SKIPS,
  type SkippedProduct,
  type StoreCatalogue,
} from './types.ts'

/** Why a parsed product still cannot be a course (an unreadable price, another currency). */
export interface NotACourse {
  reason: string
}

/** "variants must contain at least 1 element(s)": where and what, from a zod error. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  const where = issue?.path.length ? issue.path.join('.') : 'the answer'
  return `${where} ${issue?.message ?? 'is invalid'}`
}

export function pageShapeError(error: z.ZodError, page: number, store: string): UpstreamError {
  return new UpstreamError(
    'invalid',
    `The store's answer (page ${page}) does not look like a ${store} product list: ${describeIssue(error)}.`,
  )
}

/**
 * Collects the courses of a catalogue read page by page, in the store's order: parses each
 * product with the provider's schema and maps it; keeps the first of products repeated across
 * pages (paging repeats or skips products when the catalogue changes mid-sync). Of the products
 * that cannot be courses it keeps a count and the first few: a hostile store can send a page of
 * a million invalid products, and a list of them all took hundreds of megabytes (issue 21).
 */
export function createProductCollector<Product>(
  schema: z.ZodType<Product>,
  toCourse: (product: Product) => CourseInput | NotACourse,
) {
  const courses: CourseInput[] = []
  const skipped: SkippedProduct[] = []
  let skippedCount = 0
  let catalogueBytes = 0
  const seen = new Set<string>()
  function add(product: unknown) {
    const parsed = schema.safeParse(product)
    const course = parsed.success ? toCourse(parsed.data) : { reason: describeIssue(parsed.error) }
    if ('reason' in course) {
      skippedCount++
      if (skipped.length < MAX_LISTED_SKIPS)
        skipped.push({ id: productId(product), reason: course.reason })
      return
    }
    if (seen.has(course.id)) return
    seen.add(course.id)
    courses.push(course)
    if (courses.length > MAX_COURSES) {
      throw new UpstreamError(
        'invalid',
        `The store lists more than ${MAX_COURSES} products; the sync stops there.`,
      )
    }
    catalogueBytes += Buffer.byteLength(JSON.stringify(course))
    if (catalogueBytes > MAX_CATALOGUE_BYTES) {
      throw new UpstreamError(
        'too-large',
        `The store's courses come to more than ${MAX_CATALOGUE_BYTES / (1024 * 1024)} MB of text, more than the Courses page loads at once; the sync stops there.`,
      )
    }
  }
  return {
    /**
     * Adds one page's products. A page that lists more products than a whole catalogue may
     * hold is refused before any is read: no store pages like that, and reading it would only
     * spend time on a hostile answer.
     */
    addPage(products: readonly unknown[], page: number) {
      if (products.length > MAX_COURSES) {
        throw new UpstreamError(
          'invalid',
          `The store's answer (page ${page}) lists ${products.length} products, more than the ${MAX_COURSES} a whole catalogue may hold.`,
        )
      }
      for (const product of products) add(product)
    },
    catalogue(): StoreCatalogue {
      return { courses, skipped, skippedCount }
    },
  }
}

/** The store's id of a product that did not parse, when it has a readable one. */
export function productId(product: unknown): string | undefined {
  const id = (product as { id?: unknown } | null)?.id
  return typeof id === 'number' || typeof id === 'string' ? String(id).slice(0, 40) : undefined
}
