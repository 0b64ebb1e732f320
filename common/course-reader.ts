/**
 * How the Courses page reads the catalogue answers (docs/requirements.md#data, docs/requirements.md#api). Read tolerantly,
 * write strictly: the server builds its answers through the zod schemas of common/course-schemas.ts,
 * while the page accepts whatever the specification leaves open and leaves out only the
 * course it cannot show. Hand-written rather than zod so that it costs the page a few hundred
 * bytes instead of 14 KB (docs/decisions/006-javascript-budget.md). Pure: no I/O, no logging.
 *
 * | field       | accepted                                       | otherwise                    |
 * |-------------|------------------------------------------------|------------------------------|
 * | id          | non-empty string, or finite number (as string) | the course is left out       |
 * | title       | non-empty string (trimmed)                     | the course is left out       |
 * | description | string (trimmed)                               | "" (the card's default text) |
 * | price       | number or decimal string, 0 to 1,000,000       | the course is left out       |
 * | url         | absolute http(s) address                       | the course is left out       |
 * | image_url   | absolute http(s) address or /site/path         | "" (the fallback picture)    |
 * Other fields are ignored; a second course with the same id is left out.
 */
import type { Course } from './course-schemas.ts'
import { REFRESHED_MESSAGE } from './course.ts'

/** Why one course of a list was left out: its place in the list and the field at fault. */
export interface CourseProblem {
  index: number
  field: keyof Course | 'course'
  reason: string
}

export interface CourseListReading {
  courses: Course[]
  /** The answer's count less the courses left out; the number read when it has none. */
  count: number
  problems: CourseProblem[]
}

const MAX_PRICE = 1_000_000
const DECIMAL = /^\d+(\.\d+)?$/

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

const isHttpUrl = (value: string) =>
  value.length <= 2048 && /^https?:\/\/\S+$/i.test(value) && URL.canParse(value)

/** One course, or the field that keeps it from being shown. */
export function readCourse(value: unknown): Course | Omit<CourseProblem, 'index'> {
  if (!isRecord(value)) return { field: 'course', reason: 'is not an object' }
  const id =
    typeof value.id === 'number' && Number.isFinite(value.id) ? String(value.id) : text(value.id)
  if (!id) return { field: 'id', reason: 'is not a string or a number' }
  const title = text(value.title)
  if (!title) return { field: 'title', reason: 'is missing' }
  const price = text(value.price)
  const amount = DECIMAL.test(price) ? Number(price) : value.price
  if (typeof amount !== 'number' || !(amount >= 0 && amount <= MAX_PRICE))
    return { field: 'price', reason: 'is not an amount from 0 to 1,000,000' }
  const url = text(value.url)
  if (!isHttpUrl(url)) return { field: 'url', reason: 'is not an http(s) address' }
  const image = text(value.image_url)
  return {
    id,
    title,
    description: text(value.description),
    price: amount,
    url,
    // A javascript: or data: address, or a protocol-relative "//host" path, reads as no picture.
    image_url: /^\/(?!\/)\S*$/.test(image) || isHttpUrl(image) ? image : '',
  }
}

/** {data: [...], count} or a bare array; undefined when the answer holds no list at all. */
export function readCourseList(answer: unknown): CourseListReading | undefined {
  const list = Array.isArray(answer) ? answer : isRecord(answer) ? answer.data : undefined
  if (!Array.isArray(list)) return undefined
  const courses: Course[] = []
  const problems: CourseProblem[] = []
  const ids = new Set<string>()
  list.forEach((item: unknown, index) => {
    const read = readCourse(item)
    if ('reason' in read) problems.push({ index, ...read })
    else if (ids.has(read.id))
      problems.push({ index, field: 'id', reason: 'repeats an earlier id' })
    else {
      ids.add(read.id)
      courses.push(read)
    }
  })
  const count = isRecord(answer) && Number.isSafeInteger(answer.count) ? Number(answer.count) : -1
  return {
    courses,
    count: count >= problems.length ? count - problems.length : courses.length,
    problems,
  }
}

/** {data: course} or the course itself. */
export function readCourseDetail(answer: unknown): Course | Omit<CourseProblem, 'index'> {
  return readCourse(isRecord(answer) && isRecord(answer.data) ? answer.data : answer)
}

/** The refresh answer: the list as readCourseList reads it, and a message. */
export function readRefreshAnswer(
  answer: unknown,
): (CourseListReading & { message: string }) | undefined {
  const reading = readCourseList(answer)
  return (
    reading && {
      ...reading,
      message: (isRecord(answer) && text(answer.message)) || REFRESHED_MESSAGE,
    }
  )
}
