import type { CourseInput, StoreProviderName } from '#common/course.ts'

/** A source of the course catalogue: the bundled sample, or a store read over HTTP. */
export interface StoreProvider {
  readonly name: StoreProviderName
  /**
   * Reads the whole catalogue, in the store's order, already mapped to courses (the sync
   * validates them once more before saving). Throws UpstreamError when the store cannot be read.
   */
  fetchCourses(signal?: AbortSignal): Promise<CourseInput[]>
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
