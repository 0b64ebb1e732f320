/**
 * The course calls of SPEC section 7 on top of the API client. A failed request is an expected
 * outcome: it comes back as {success: false, error} with the request's message, or the fallback
 * of SPEC section 8 when it has none, and is logged to the console. An answer that arrives but
 * does not have the agreed shape is not: it throws, and the page shows its "unexpected" message.
 */
import type { Course } from '#common/course.ts'
import { coursesPath, REFRESHED_MESSAGE } from '#common/course-constants.ts'
import { siteConfig } from '#app/config.ts'
import { apiClient } from '#app/lib/api-client.ts'

export const COURSE_ERRORS = {
  list: 'Failed to fetch courses',
  detail: 'Failed to fetch course details',
  refresh: 'Failed to refresh courses',
} as const

/**
 * The {store} segment of the catalogue API: must match the server's STORE_PROVIDER. Set at build
 * time with PUBLIC_STORE_PROVIDER (npm start passes STORE_PROVIDER through); see app/site-config.ts.
 */
export const CATALOGUE_STORE = siteConfig.storeProvider

export interface CourseListResult {
  success: boolean
  data: Course[]
  count: number
  error: string | null
}

export interface CourseDetailResult {
  success: boolean
  data: Course | null
  error: string | null
}

export interface CourseRefreshResult {
  success: boolean
  data: Course[]
  count: number
  message: string | null
  error: string | null
}

/** Thrown when the API answers with something that is not the agreed shape. */
export class CourseAnswerError extends Error {
  override name = 'CourseAnswerError'
}

export type CourseService = ReturnType<typeof createCourseService>

/** The two calls the service makes; the site's API client, or a fake in tests. */
export interface CourseApi {
  get(path: string): Promise<unknown>
  post(path: string, body?: unknown): Promise<unknown>
}

export function createCourseService(
  client: CourseApi = apiClient,
  store: string = CATALOGUE_STORE,
) {
  function failed(context: string, error: unknown, fallback: string): string {
    console.error(`${context}:`, error)
    return messageOf(error) || fallback
  }

  // The answer schemas (and zod with them) load in parallel with the first request instead of
  // with the page: they are not needed to draw it (docs/decisions/006-javascript-budget.md).
  const schemas = () => import('#common/course.ts')

  function parse<T>(
    schema: {
      safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown }
    },
    answer: unknown,
    what: string,
  ): T {
    const parsed = schema.safeParse(answer)
    if (parsed.success) return parsed.data
    console.error(`Unexpected ${what} answer:`, parsed.error)
    throw new CourseAnswerError(`The ${what} answer does not have the expected shape.`, {
      cause: parsed.error,
    })
  }

  return {
    /** GET /core/{store}/courses/ -> the list; {data, count} or a bare array. */
    async getCourses(): Promise<CourseListResult> {
      const loading = schemas()
      let answer: unknown
      try {
        answer = await client.get(coursesPath(store))
      } catch (error) {
        return {
          success: false,
          data: [],
          count: 0,
          error: failed('Error fetching courses', error, COURSE_ERRORS.list),
        }
      }
      const parsed = parse((await loading).courseListAnswerSchema, answer, 'course list')
      const data = Array.isArray(parsed) ? parsed : parsed.data
      const count = Array.isArray(parsed) ? data.length : (parsed.count ?? data.length)
      return { success: true, data, count, error: null }
    },

    /** GET /core/{store}/courses/{id}/ -> data, or the course itself. */
    async getCourse(id: string): Promise<CourseDetailResult> {
      const loading = schemas()
      let answer: unknown
      try {
        answer = await client.get(coursesPath(store, id))
      } catch (error) {
        return {
          success: false,
          data: null,
          error: failed('Error fetching course details', error, COURSE_ERRORS.detail),
        }
      }
      const parsed = parse((await loading).courseDetailAnswerSchema, answer, 'course detail')
      return { success: true, data: 'data' in parsed ? parsed.data : parsed, error: null }
    },

    /** POST /core/{store}/courses/ (no body) -> the refreshed list and a message. */
    async refreshCourses(): Promise<CourseRefreshResult> {
      const loading = schemas()
      let answer: unknown
      try {
        answer = await client.post(coursesPath(store))
      } catch (error) {
        return {
          success: false,
          data: [],
          count: 0,
          message: null,
          error: failed('Error refreshing courses', error, COURSE_ERRORS.refresh),
        }
      }
      const parsed = parse((await loading).courseRefreshAnswerSchema, answer, 'course refresh')
      return {
        success: true,
        data: parsed.data,
        count: parsed.count ?? parsed.data.length,
        message: parsed.message?.trim() || REFRESHED_MESSAGE,
        error: null,
      }
    },
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message.trim()
  if (typeof error === 'string') return error.trim()
  return ''
}

export const courseService = createCourseService()
