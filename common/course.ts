/**
 * Plain facts of the catalogue, without the schema library, so the course page can use them
 * without loading zod (common/course-schemas.ts builds the schemas and re-exports these).
 */

/** The description the site shows when the store has none (docs/requirements.md#courses). */
export const DEFAULT_COURSE_DESCRIPTION = 'Professional continuing education course'

/** The title that gets the Most Popular highlight (docs/requirements.md#constants). */
export const MOST_POPULAR_TITLE = '3 Course Bundle'

/** The store providers the server can read the catalogue from; the {store} path segment. */
export const STORE_PROVIDERS = ['sample', 'shopify', 'woocommerce'] as const

/** The default message of a successful refresh (docs/requirements.md#api). */
export const REFRESHED_MESSAGE = 'Courses refreshed successfully'

/** The API path of the catalogue of one store provider (relative to the /api base). */
export function coursesPath(store: string, id?: string): string {
  const base = `/core/${encodeURIComponent(store)}/courses/`
  return id === undefined ? base : `${base}${encodeURIComponent(id)}/`
}
