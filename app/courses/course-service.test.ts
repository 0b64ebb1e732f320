import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient } from '#app/lib/api-client.ts'
import { COURSE_ERRORS, CourseAnswerError, createCourseService } from './course-service.ts'
import { sampleCourse as course } from '#common/course.fixture.ts'

function fakeClient() {
  return {
    get: vi.fn<(path: string) => Promise<unknown>>(),
    post: vi.fn<(path: string, body?: unknown) => Promise<unknown>>(),
  }
}

let consoleError: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  consoleError.mockRestore()
  vi.useRealTimers()
})

describe('getCourses', () => {
  it('calls GET /core/{store}/courses/ and reads {data, count}', async () => {
    const client = fakeClient()
    client.get.mockResolvedValue({ data: [course], count: 1 })
    const result = await createCourseService(client, 'shopify').getCourses()
    expect(client.get).toHaveBeenCalledWith('/core/shopify/courses/')
    expect(result).toEqual({ success: true, data: [course], count: 1, error: null })
  })

  it('accepts a bare array, counting it', async () => {
    const client = fakeClient()
    client.get.mockResolvedValue([
      course,
      { ...course, id: 'b', description: null, image_url: null },
    ])
    const result = await createCourseService(client).getCourses()
    expect(result.count).toBe(2)
    expect(result.data[1]).toMatchObject({ id: 'b', description: '', image_url: '' })
  })

  it('turns a failed request into {success: false} with its message, and logs it', async () => {
    const client = fakeClient()
    client.get.mockRejectedValue(new ApiError('Store is down', 502))
    const result = await createCourseService(client).getCourses()
    expect(result).toEqual({ success: false, data: [], count: 0, error: 'Store is down' })
    expect(consoleError).toHaveBeenCalledWith('Error fetching courses:', expect.any(ApiError))
  })

  it.each([new Error(''), 'x'.slice(1), { code: 42 }, undefined])(
    'falls back to "Failed to fetch courses" for an error without a message (%o)',
    async (thrown) => {
      const client = fakeClient()
      client.get.mockRejectedValue(thrown)
      expect((await createCourseService(client).getCourses()).error).toBe(COURSE_ERRORS.list)
    },
  )

  it.each([
    [
      'numeric ids and a numeric-string price',
      { data: [{ ...course, id: 7001, price: '29.00' }], count: 1 },
      [{ ...course, id: '7001', price: 29 }],
      [],
    ],
    [
      'null description and image, extra fields',
      [{ ...course, description: null, image_url: null, sku: 'X' }],
      [{ ...course, description: '', image_url: '' }],
      [],
    ],
    [
      'one invalid course among valid ones',
      { data: [course, { ...course, id: 'b', url: 'javascript:alert(1)' }], count: 2 },
      [course],
      ['Course 1 of the course list answer was left out: url is not an http(s) address.'],
    ],
  ])('reads %s, warning once per course left out', async (_name, answer, data, warnings) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const client = fakeClient()
    client.get.mockResolvedValue(answer)
    const result = await createCourseService(client).getCourses()
    expect(result).toEqual({ success: true, data, count: data.length, error: null })
    expect(warn.mock.calls).toEqual(warnings.map((warning) => [warning]))
    warn.mockRestore()
  })

  it.each([
    ['data that is not a list', { data: 'nope' }],
    ['text', 'text'],
    ['nothing', null],
    ['only invalid courses', { data: [{ ...course, title: '' }], count: 1 }],
  ])('throws on an answer with %s, which is unexpected', async (_name, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const client = fakeClient()
    client.get.mockResolvedValue(answer)
    await expect(createCourseService(client).getCourses()).rejects.toBeInstanceOf(CourseAnswerError)
    expect(consoleError).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('reports "Request timeout" when the API does not answer within 30 s', async () => {
    vi.useFakeTimers()
    const fetch = vi.fn(
      (_input: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    )
    const service = createCourseService(
      createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }),
    )
    const result = service.getCourses()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(await result).toEqual({ success: false, data: [], count: 0, error: 'Request timeout' })
  })

  it('reports the HTTP status through the real client when the answer has no message', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('<h1>Bad gateway</h1>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    )
    const service = createCourseService(
      createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }),
    )
    expect((await service.getCourses()).error).toBe('HTTP error! status: 502')
  })
})

describe('getCourse', () => {
  it('calls GET /core/{store}/courses/{id}/ and reads data or the course itself', async () => {
    const client = fakeClient()
    client.get.mockResolvedValueOnce({ data: course }).mockResolvedValueOnce(course)
    const service = createCourseService(client, 'sample')
    expect(await service.getCourse('3-course-bundle')).toEqual({
      success: true,
      data: course,
      error: null,
    })
    expect(await service.getCourse('a b/c')).toEqual({ success: true, data: course, error: null })
    expect(client.get.mock.calls.map(([path]) => path)).toEqual([
      '/core/sample/courses/3-course-bundle/',
      '/core/sample/courses/a%20b%2Fc/',
    ])
  })

  it('answers failures with the message or "Failed to fetch course details"', async () => {
    const client = fakeClient()
    client.get
      .mockRejectedValueOnce(new ApiError('There is no course with the id "x".', 404))
      .mockRejectedValueOnce(new Error(''))
    const service = createCourseService(client)
    expect(await service.getCourse('x')).toEqual({
      success: false,
      data: null,
      error: 'There is no course with the id "x".',
    })
    expect((await service.getCourse('x')).error).toBe(COURSE_ERRORS.detail)
    expect(consoleError).toHaveBeenCalledWith('Error fetching course details:', expect.anything())
  })
})

describe('refreshCourses', () => {
  it('POSTs without a body and reads data and message', async () => {
    const client = fakeClient()
    client.post.mockResolvedValue({ data: [course], count: 1, message: 'Courses are up to date.' })
    const result = await createCourseService(client, 'sample').refreshCourses()
    expect(client.post).toHaveBeenCalledWith('/core/sample/courses/')
    expect(result).toEqual({
      success: true,
      data: [course],
      count: 1,
      message: 'Courses are up to date.',
      error: null,
    })
  })

  it('defaults the message to "Courses refreshed successfully"', async () => {
    const client = fakeClient()
    client.post.mockResolvedValue({ data: [course] })
    expect((await createCourseService(client).refreshCourses()).message).toBe(
      'Courses refreshed successfully',
    )
  })

  it('answers failures with the message or "Failed to refresh courses"', async () => {
    const client = fakeClient()
    client.post
      .mockRejectedValueOnce(new ApiError('Too many refresh requests.', 429))
      .mockRejectedValueOnce({})
    const service = createCourseService(client)
    expect(await service.refreshCourses()).toEqual({
      success: false,
      data: [],
      count: 0,
      message: null,
      error: 'Too many refresh requests.',
    })
    expect((await service.refreshCourses()).error).toBe(COURSE_ERRORS.refresh)
    expect(consoleError).toHaveBeenCalledWith('Error refreshing courses:', expect.anything())
  })

  it('throws when the refresh answer has no list', async () => {
    const client = fakeClient()
    client.post.mockResolvedValue({ message: 'done' })
    await expect(createCourseService(client).refreshCourses()).rejects.toBeInstanceOf(
      CourseAnswerError,
    )
  })
})
