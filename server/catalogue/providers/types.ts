import type { CourseInput, StoreProviderName } from '#common/course.ts'

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
  /** Products the store lists that cannot be courses: left out of the sync and logged. */
  skipped: SkippedProduct[]
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
export const DEFAULT_MAX_PAGES = 50
