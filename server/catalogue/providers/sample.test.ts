import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { courseSchema, MOST_POPULAR_TITLE } from '#common/course-schemas.ts'
import { createStoreProvider } from './index.ts'
import { SAMPLE_COURSES, sampleCourses } from './sample.ts'

// The ids other parts of the project (media generation, e2e) rely on.
const IDS = [
  'la-pc-24-hour-package',
  '3-course-bundle',
  'la-flood-insurance-nfip',
  'la-ethics-for-producers',
  'homeowners-coverage-essentials',
  'commercial-general-liability',
  'personal-auto-policy',
  'workers-compensation-basics',
  'business-owners-policy',
  'umbrella-and-excess-liability',
  'cyber-liability-for-small-business',
  'hurricane-claims-and-windstorm',
]

describe('the sample catalogue', () => {
  it('holds the agreed courses, each a valid course', () => {
    expect(SAMPLE_COURSES.map((course) => course.id)).toEqual(IDS)
    for (const course of sampleCourses()) expect(courseSchema.parse(course)).toEqual(course)
  })

  it('has the Most Popular bundle, a 24-hour package, and credit hours, ethics and flood content', () => {
    expect(SAMPLE_COURSES.filter((course) => course.title === MOST_POPULAR_TITLE)).toHaveLength(1)
    expect(
      SAMPLE_COURSES.some(
        (course) => /24-hour/i.test(course.title) && /24 credit hours/.test(course.description),
      ),
    ).toBe(true)
    for (const course of SAMPLE_COURSES) expect(course.description).toMatch(/\d+ credit hours/)
    expect(
      SAMPLE_COURSES.filter((course) => /ethics/i.test(course.description)).length,
    ).toBeGreaterThanOrEqual(2)
    expect(
      SAMPLE_COURSES.filter((course) => /flood/i.test(course.description)).length,
    ).toBeGreaterThanOrEqual(2)
    expect(new Set(SAMPLE_COURSES.map((course) => course.title)).size).toBe(SAMPLE_COURSES.length)
  })

  it('links to the configured store, or the default one', async () => {
    const own = await createStoreProvider({
      provider: 'sample',
      storeUrl: 'http://127.0.0.1:9999/',
      timeoutMs: 1000,
    }).fetchCourses()
    expect(own.skipped).toEqual([])
    expect(own.courses[0]?.url).toBe('http://127.0.0.1:9999/products/la-pc-24-hour-package')
    const fallback = await createStoreProvider({
      provider: 'sample',
      timeoutMs: 1000,
    }).fetchCourses()
    expect(fallback.courses[1]).toMatchObject({
      url: 'https://store.docucommons.example.org/products/3-course-bundle',
      image_url: '/media/courses/3-course-bundle-800.webp',
    })
  })

  it('has its pictures in public/, in every width and format, and a fallback picture', () => {
    const dir = path.resolve(import.meta.dirname, '../../../public/media/courses')
    const missing = [...IDS, 'fallback']
      .flatMap((id) =>
        [400, 800, 1200].flatMap((width) => ['avif', 'webp'].map((ext) => `${id}-${width}.${ext}`)),
      )
      .filter((file) => !fs.existsSync(path.join(dir, file)))
    expect(missing, 'run "npm run media"').toEqual([])
  })
})
