/**
 * The course calls of docs/requirements.md#api on top of the API client. A failed request is an expected
 * outcome: it comes back as {success: false, error} with the request's message, or the fallback
 * of docs/requirements.md#errors when it has none, and is logged to the console. The answers are read
 * tolerantly (common/course-reader.ts): a course that cannot be shown is left out with a console
 * warning naming its index and field. Only an answer with no course list at all, or one whose
 * every course was left out, is unexpected: it throws, and the page shows its "unexpected" message.
 */
import type { Course } from '#common/course-schemas.ts'
import { coursesPath } from '#common/course.ts'
import {
  readCourseDetail,
  readCourseList,
  readRefreshAnswer,
  type CourseListReading,
} from '#common/course-reader.ts'
import { siteConfig } from '#app/config.ts'
import { apiBaseUrl, apiClient } from '#app/lib/api-client.ts'

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

/** The URL of the course list the page loads first (its HTML preloads it: routes/courses.tsx). */
export const COURSE_LIST_URL = `${apiBaseUrl()}${coursesPath(CATALOGUE_STORE)}`

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

  function unexpected(what: string, answer: unknown, detail: string): CourseAnswerError {
    console.error(`Unexpected ${what} answer (${detail}):`, answer)
    return new CourseAnswerError(`The ${what} answer holds no course the page can show.`)
  }

  /** The courses of a list answer; warns once per course left out. */
  function checkList<T extends CourseListReading>(
    reading: T | undefined,
    answer: unknown,
    what: string,
  ): T {
    if (!reading) throw unexpected(what, answer, 'no course list')
    for (const { index, field, reason } of reading.problems)
      console.warn(`Course ${index} of the ${what} answer was left out: ${field} ${reason}.`)
    if (reading.courses.length === 0 && reading.problems.length > 0)
      throw unexpected(what, answer, 'no valid course')
    return reading
  }

  return {
    /** GET /core/{store}/courses/ -> the list; {data, count} or a bare array. */
    async getCourses(): Promise<CourseListResult> {
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
      const read = checkList(readCourseList(answer), answer, 'course list')
      return { success: true, data: read.courses, count: read.count, error: null }
    },

    /** GET /core/{store}/courses/{id}/ -> data, or the course itself. */
    async getCourse(id: string): Promise<CourseDetailResult> {
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
      const read = readCourseDetail(answer)
      if ('reason' in read)
        throw unexpected('course detail', answer, `${read.field} ${read.reason}`)
      return { success: true, data: read, error: null }
    },

    /** POST /core/{store}/courses/ (no body) -> the refreshed list and a message. */
    async refreshCourses(): Promise<CourseRefreshResult> {
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
      const read = checkList(readRefreshAnswer(answer), answer, 'course refresh')
      return {
        success: true,
        data: read.courses,
        count: read.count,
        message: read.message,
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
