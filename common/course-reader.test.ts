import { describe, expect, it } from 'vitest'
import { readCourse, readCourseDetail, readCourseList, readRefreshAnswer } from './course-reader.ts'
import { sampleCourse as course } from './course.fixture.ts'

describe('readCourse: what the page accepts in one course', () => {
  it.each([
    ['a course as the server sends it', {}, {}],
    ['a numeric id', { id: 7001 }, { id: '7001' }],
    ['id zero', { id: 0 }, { id: '0' }],
    ['an id with spaces around', { id: ' a1 ' }, { id: 'a1' }],
    ['a numeric-string price', { price: '29.00' }, { price: 29 }],
    ['a whole-number string price', { price: '149' }, { price: 149 }],
    ['a free course', { price: 0 }, { price: 0 }],
    ['a title with spaces around', { title: '  Ethics  ' }, { title: 'Ethics' }],
    ['a null description', { description: null }, { description: '' }],
    ['an empty description', { description: '   ' }, { description: '' }],
    ['no description', { description: undefined }, { description: '' }],
    ['a description that is not text', { description: 42 }, { description: '' }],
    ['a null image', { image_url: null }, { image_url: '' }],
    ['an empty image', { image_url: '' }, { image_url: '' }],
    ['no image', { image_url: undefined }, { image_url: '' }],
    [
      'an absolute image address',
      { image_url: 'https://cdn.example.com/a.jpg' },
      { image_url: 'https://cdn.example.com/a.jpg' },
    ],
    ['a javascript: image', { image_url: 'javascript:alert(1)' }, { image_url: '' }],
    ['a protocol-relative image', { image_url: '//cdn.example.com/a.jpg' }, { image_url: '' }],
    ['extra fields', { sku: 'X-1', tags: ['ce'] }, {}],
  ])('accepts %s', (_name, change, expected) => {
    const input: Record<string, unknown> = { ...course, ...change }
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete input[key]
    expect(readCourse(input)).toEqual({ ...course, ...expected })
  })

  it.each([
    ['not an object', 'course', 'course'],
    ['null', null, 'course'],
    ['a list', [course], 'course'],
    ['no id', { ...course, id: undefined }, 'id'],
    ['an empty id', { ...course, id: '  ' }, 'id'],
    ['an id that is an object', { ...course, id: { value: 1 } }, 'id'],
    ['no title', { ...course, title: undefined }, 'title'],
    ['an empty title', { ...course, title: ' ' }, 'title'],
    ['a title that is a number', { ...course, title: 3 }, 'title'],
    ['no price', { ...course, price: undefined }, 'price'],
    ['a null price', { ...course, price: null }, 'price'],
    ['a negative price', { ...course, price: -1 }, 'price'],
    ['a negative string price', { ...course, price: '-1' }, 'price'],
    ['a non-numeric price', { ...course, price: 'free' }, 'price'],
    ['a price with a currency sign', { ...course, price: '$29' }, 'price'],
    ['an empty price', { ...course, price: '' }, 'price'],
    ['a price above a million', { ...course, price: 1_000_001 }, 'price'],
    ['a javascript: url', { ...course, url: 'javascript:alert(1)' }, 'url'],
    ['a relative url', { ...course, url: '/products/x' }, 'url'],
    ['no url', { ...course, url: undefined }, 'url'],
  ])('leaves out a course with %s, naming the field', (_name, input, field) => {
    expect(readCourse(input)).toMatchObject({ field, reason: expect.any(String) })
  })
})

describe('readCourseList: the list answer', () => {
  const bad = { ...course, id: 'bad', price: 'free' }
  it.each([
    ['{data, count}', { data: [course], count: 1 }, [course.id], 1, []],
    ['a bare array', [course, { ...course, id: 2 }], [course.id, '2'], 2, []],
    ['{data} without a count', { data: [course] }, [course.id], 1, []],
    ['a count that is not a number', { data: [course], count: '1' }, [course.id], 1, []],
    ['an empty list', { data: [], count: 0 }, [], 0, []],
    [
      'one invalid course',
      { data: [bad, course], count: 2 },
      [course.id],
      1,
      [{ index: 0, field: 'price' }],
    ],
    [
      'a repeated id',
      [course, { ...course, title: 'Copy' }],
      [course.id],
      1,
      [{ index: 1, field: 'id' }],
    ],
    ['nothing valid', { data: [bad], count: 1 }, [], 0, [{ index: 0, field: 'price' }]],
  ])('reads %s', (_name, answer, ids, count, problems) => {
    const reading = readCourseList(answer)
    expect(reading?.courses.map((c) => c.id)).toEqual(ids)
    expect(reading?.count).toBe(count)
    expect(reading?.problems).toEqual(problems.map((p) => ({ ...p, reason: expect.any(String) })))
  })

  it.each([
    ['text', 'Bad gateway'],
    ['null', null],
    ['an object without data', { count: 1 }],
    ['data that is not a list', { data: 'nope' }],
    ['data that is one course', { data: course }],
  ])('finds no list in %s', (_name, answer) => {
    expect(readCourseList(answer)).toBeUndefined()
  })
})

describe('readCourseDetail and readRefreshAnswer', () => {
  it('reads {data: course} or the course itself', () => {
    expect(readCourseDetail({ data: { ...course, id: 9 } })).toEqual({ ...course, id: '9' })
    expect(readCourseDetail(course)).toEqual(course)
    expect(readCourseDetail({ data: { ...course, url: '' } })).toMatchObject({ field: 'url' })
  })

  it.each([
    [
      'its message',
      { data: [course], message: ' Courses are up to date. ' },
      'Courses are up to date.',
    ],
    ['no message', { data: [course] }, 'Courses refreshed successfully'],
    ['an empty message', { data: [course], message: '' }, 'Courses refreshed successfully'],
    [
      'a message that is not text',
      { data: [course], message: 1 },
      'Courses refreshed successfully',
    ],
    ['a bare array', [course], 'Courses refreshed successfully'],
  ])('reads the refresh answer with %s', (_name, answer, message) => {
    expect(readRefreshAnswer(answer)).toMatchObject({ courses: [course], message })
  })

  it('finds no list in a refresh answer with only a message', () => {
    expect(readRefreshAnswer({ message: 'done' })).toBeUndefined()
  })
})
