import type { CourseInput, StoreProviderName } from '#common/course-schemas.ts'

/** A source of the course catalogue: the bundled sample, or a store read over HTTP. */
export interface StoreProvider {
  readonly name: StoreProviderName
  /**
   * Reads the whole catalogue, in the store's order, already mapped to courses (the sync
   * validates them once more before saving), with the products that could not be. Throws
   * UpstreamError when the store cannot be read.
   */
  fetchCourses(signal?: AbortSignal): Promise<StoreCatalogue>
}

export interface StoreCatalogue {
  courses: CourseInput[]
  /**
   * The first MAX_LISTED_SKIPS products the store lists that cannot be courses: left out of the
   * sync and logged with their reasons.
   */
  skipped: SkippedProduct[]
  /** How many products were skipped in all. */
  skippedCount: number
}

export interface SkippedProduct {
  /** The store's id, when the product has a readable one. */
  id?: string | undefined
  /** The field at fault and why, e.g. "variants must contain at least 1 element(s)". */
  reason: string
}

export interface HttpProviderSettings {
  /** The store's address without a trailing slash, e.g. https://shop.example.com. */
  storeUrl: string
  timeoutMs: number
  maxBytes: number
  /** Paging stops with an error past this many pages (a store that pages forever). */
  maxPages: number
}

/** Largest catalogue accepted from a store: far above any real CE catalogue. */
export const MAX_COURSES = 5000
/**
 * The most course data a catalogue may hold, as JSON: 5,000 courses of 800 bytes each (a real
 * course is a few hundred), or 2,000 with a description of 2,000 characters. Every visitor of
 * the Courses page loads the whole list at once, and the server holds it several times over
 * (rows, snapshot, compressed forms): a store must not be able to make that 24 MB, as 5,000
 * courses with every field at its longest would be.
 */
export const MAX_CATALOGUE_BYTES = 4 * 1024 * 1024
/** The skipped products a sync lists (and logs) with their reasons; all are counted. */
export const MAX_LISTED_SKIPS = 20
export const DEFAULT_MAX_PAGES = 50
