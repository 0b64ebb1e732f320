import { useCallback, useEffect, useRef, useState } from 'react'
import type { Course } from '#common/course-schemas.ts'
import {
  courseService as defaultService,
  COURSE_ERRORS,
  type CourseService,
} from './course-service.ts'

/** Shown when loading fails in a way the service did not expect (docs/requirements.md#errors). */
export const UNEXPECTED_ERROR = 'Unable to load courses. Please try again later.'

export type CatalogueState =
  | { status: 'loading'; courses: Course[] }
  | { status: 'loaded'; courses: Course[]; message?: string }
  | { status: 'error'; courses: Course[]; error: string }

/**
 * The Courses page's states (docs/requirements.md#page-states): loading, then loaded or error. The list loads once
 * when the page opens; reload() asks again with GET (Try Again), refresh() asks the server to
 * re-sync with POST and shows the list it returns (Refresh). Only the latest request may
 * change the state, so a slow early answer never overwrites a newer one.
 */
export function useCourseCatalogue(
  service: Pick<CourseService, 'getCourses' | 'refreshCourses'> = defaultService,
) {
  const [state, setState] = useState<CatalogueState>({ status: 'loading', courses: [] })
  const latest = useRef(0)
  const started = useRef(false)

  const run = useCallback(
    async (action: 'load' | 'refresh') => {
      const id = ++latest.current
      setState((current) => ({ status: 'loading', courses: current.courses }))
      try {
        const result: {
          success: boolean
          data: Course[]
          error: string | null
          message?: string | null
        } = action === 'load' ? await service.getCourses() : await service.refreshCourses()
        if (id !== latest.current) return
        if (result.success) {
          const { message } = result
          setState(
            message
              ? { status: 'loaded', courses: result.data, message }
              : { status: 'loaded', courses: result.data },
          )
        } else {
          const fallback = action === 'load' ? COURSE_ERRORS.list : COURSE_ERRORS.refresh
          setState({ status: 'error', courses: [], error: result.error || fallback })
        }
      } catch (error) {
        console.error('Unexpected error while loading courses:', error)
        if (id === latest.current)
          setState({ status: 'error', courses: [], error: UNEXPECTED_ERROR })
      }
    },
    [service],
  )

  useEffect(() => {
    // Once per page view, also under StrictMode's double effect in development.
    if (started.current) return
    started.current = true
    void run('load')
  }, [run])

  return {
    state,
    reload: useCallback(() => run('load'), [run]),
    refresh: useCallback(() => run('refresh'), [run]),
  }
}
