// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Course } from '#common/course-schemas.ts'
import { siteConfig } from '#app/config.ts'
import { CourseCatalogue } from './course-catalogue.tsx'
import { FALLBACK_IMAGE } from './course-image.tsx'
import type { CourseListResult, CourseRefreshResult } from './course-service.ts'

const course = (id: string, extra: Partial<Course> = {}): Course => ({
  id,
  title: `Course ${id}`,
  description: `About ${id}`,
  price: 29,
  url: `https://store.example.org/products/${id}`,
  image_url: `/media/courses/${id}-800.webp`,
  ...extra,
})

const listed = (courses: Course[]): CourseListResult => ({
  success: true,
  data: courses,
  count: courses.length,
  error: null,
})

/** Promises the test resolves by hand, to look at the page while a call is running. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function fakeService() {
  return {
    getCourses: vi.fn<() => Promise<CourseListResult>>(),
    refreshCourses: vi.fn<() => Promise<CourseRefreshResult>>(),
  }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const refreshButton = () => screen.getByRole('button', { name: 'Refresh courses' })
describe('CourseCatalogue', () => {
  listChecks()
  errorAndRefreshChecks()

  it('has the breadcrumb, the heading and the link to the full catalog', async () => {
    const service = fakeService()
    service.getCourses.mockResolvedValue(listed([]))
    render(<CourseCatalogue service={service} />)
    const trail = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole(
      'listitem',
    )
    expect(trail.map((item) => item.textContent)).toEqual([
      'Continuing Education',
      '-Insurance CE',
      '-Louisiana',
      '-P&C Producer',
    ])
    expect(trail[3]!.querySelector('[aria-current="page"]')?.textContent).toBe('P&C Producer')
    expect(
      screen.getByRole('heading', { level: 2, name: 'Select a Catalog Offering' }),
    ).toBeTruthy()
    const full = screen.getByRole('link', { name: /^Continue to Full Catalog/ })
    expect(full.getAttribute('href')).toBe(siteConfig.storeUrl)
    expect(full.getAttribute('target')).toBe('_blank')
    expect(full.getAttribute('rel')).toBe('noopener')
    expect(await screen.findByText(/No courses are available right now/)).toBeTruthy()
  })
})

/** Loading, and the list: cards, the highlight, store text, pictures. */
function listChecks() {
  it('shows the loading state, then the list, loading once on mount', async () => {
    const service = fakeService()
    const call = deferred<CourseListResult>()
    service.getCourses.mockReturnValue(call.promise)
    render(
      <StrictMode>
        <CourseCatalogue service={service} />
      </StrictMode>,
    )
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading courses...')
    expect(refreshButton()).toHaveProperty('disabled', true)
    expect(refreshButton().querySelector('svg')?.getAttribute('data-spinning')).toBe('true')

    await act(async () => call.resolve(listed([course('a'), course('b')])))
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.getAllByTestId('course-card')).toHaveLength(2)
    expect(refreshButton()).toHaveProperty('disabled', false)
    expect(refreshButton().querySelector('svg')?.hasAttribute('data-spinning')).toBe(false)
    expect(service.getCourses).toHaveBeenCalledTimes(1)
  })

  it('renders each card: title, description or its default, US dollars, and new-tab links', async () => {
    const service = fakeService()
    service.getCourses.mockResolvedValue(
      listed([course('a', { price: 24.5 }), course('b', { description: '', price: 1499 })]),
    )
    render(<CourseCatalogue service={service} />)
    const cards = await screen.findAllByTestId('course-card')
    const [first, second] = cards.map((card) => within(card))
    expect(first!.getByRole('heading', { name: 'Course a' })).toBeTruthy()
    expect(first!.getByText('About a')).toBeTruthy()
    expect(first!.getByText('$24.50')).toBeTruthy()
    expect(second!.getByText('Professional continuing education course')).toBeTruthy()
    expect(second!.getByText('$1,499.00')).toBeTruthy()
    for (const name of [/^PURCHASE/, /^View Details/]) {
      const link = first!.getByRole('link', { name })
      expect(link.getAttribute('href')).toBe('https://store.example.org/products/a')
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener')
    }
  })

  it('highlights only the 3 Course Bundle as Most Popular', async () => {
    const service = fakeService()
    service.getCourses.mockResolvedValue(
      listed([
        course('a'),
        course('bundle', { title: '3 Course Bundle' }),
        course('c', { title: '3 course bundle' }),
      ]),
    )
    render(<CourseCatalogue service={service} />)
    const cards = await screen.findAllByTestId('course-card')
    expect(cards.map((card) => within(card).queryByText('Most Popular') !== null)).toEqual([
      false,
      true,
      false,
    ])
    expect(cards[1]!.className).toMatch(/border-4/)
    expect(cards[0]!.className).not.toMatch(/border-4/)
  })

  it('renders store text as text, never as markup', async () => {
    const service = fakeService()
    const title = '<img src=x onerror="window.hacked=1">'
    service.getCourses.mockResolvedValue(
      listed([course('x', { title, description: '<b>bold</b>' })]),
    )
    const { container } = render(<CourseCatalogue service={service} />)
    const card = await screen.findByTestId('course-card')
    expect(within(card).getByRole('heading').textContent).toBe(title)
    expect(within(card).getByText('<b>bold</b>')).toBeTruthy()
    expect(container.querySelector('img[src="x"]')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
  })

  it('replaces a missing or failing picture by the fallback, once', async () => {
    const service = fakeService()
    service.getCourses.mockResolvedValue(
      listed([
        course('a', { image_url: '' }),
        course('b', { image_url: 'https://cdn.example.com/broken.jpg' }),
      ]),
    )
    render(<CourseCatalogue service={service} />)
    const [missing, failing] = await screen.findAllByTestId('course-card')
    expect(missing!.querySelector('img')!.getAttribute('src')).toBe(FALLBACK_IMAGE)
    const image = failing!.querySelector('img')!
    expect(image.getAttribute('src')).toBe('https://cdn.example.com/broken.jpg')
    await act(async () => fireEvent.error(image))
    const fallback = failing!.querySelector('img')!
    expect(fallback.getAttribute('src')).toBe(FALLBACK_IMAGE)
    // The fallback failing too leaves it in place rather than looping.
    await act(async () => fireEvent.error(fallback))
    expect(failing!.querySelector('img')!.getAttribute('src')).toBe(FALLBACK_IMAGE)
    // Our own generated pictures get their responsive variants.
    expect(missing!.querySelector('source[type="image/avif"]')?.getAttribute('srcset')).toBe(
      '/media/courses/fallback-400.avif 400w, /media/courses/fallback-800.avif 800w, /media/courses/fallback-1200.avif 1200w',
    )
  })
}

/** Errors, trying again, and refreshing from the error box or the top button. */
function errorAndRefreshChecks() {
  it('shows the error in an alert; Try Again loads the list again with GET', async () => {
    const service = fakeService()
    service.getCourses.mockResolvedValueOnce({
      success: false,
      data: [],
      count: 0,
      error: 'Store is down',
    })
    service.getCourses.mockResolvedValueOnce(listed([course('a')]))
    render(<CourseCatalogue service={service} />)
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Store is down')).toBeTruthy()
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' })))
    expect(service.getCourses).toHaveBeenCalledTimes(2)
    expect(service.refreshCourses).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getAllByTestId('course-card')).toHaveLength(1)
  })

  it('Refresh in the error box asks the server to refresh and shows the list it returns', async () => {
    const service = fakeService()
    service.getCourses.mockResolvedValue({
      success: false,
      data: [],
      count: 0,
      error: 'HTTP error! status: 503',
    })
    const refresh = deferred<CourseRefreshResult>()
    service.refreshCourses.mockReturnValue(refresh.promise)
    render(<CourseCatalogue service={service} />)
    const alert = await screen.findByRole('alert')
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Refresh' })))
    expect(screen.getByRole('status').textContent).toBe('Loading courses...')
    expect(refreshButton()).toHaveProperty('disabled', true)
    await act(async () =>
      refresh.resolve({
        success: true,
        data: [course('n1'), course('n2')],
        count: 2,
        message: 'Courses refreshed successfully',
        error: null,
      }),
    )
    expect(service.getCourses).toHaveBeenCalledTimes(1)
    expect(
      screen
        .getAllByTestId('course-card')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['Course n1', 'Course n2'])
    expect(screen.getByText('Courses refreshed successfully')).toBeTruthy()
  })

  it('the top Refresh button refreshes too, and shows a refresh failure in the error box', async () => {
    const service = fakeService()
    service.getCourses.mockResolvedValue(listed([course('a')]))
    service.refreshCourses.mockResolvedValue({
      success: false,
      data: [],
      count: 0,
      message: null,
      error: 'Too many refresh requests.',
    })
    render(<CourseCatalogue service={service} />)
    await screen.findAllByTestId('course-card')
    await act(async () => fireEvent.click(refreshButton()))
    expect(service.refreshCourses).toHaveBeenCalledTimes(1)
    expect(within(screen.getByRole('alert')).getByText('Too many refresh requests.')).toBeTruthy()
  })

  it('shows the unexpected-error message when loading throws', async () => {
    const service = fakeService()
    service.getCourses.mockRejectedValue(
      new Error('The course list answer does not have the expected shape.'),
    )
    render(<CourseCatalogue service={service} />)
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Unable to load courses. Please try again later.')).toBeTruthy()
    expect(console.error).toHaveBeenCalled()
  })
}
