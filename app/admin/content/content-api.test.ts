/**
 * A refusal's details are read field by field from what the server sent, not taken on trust: a
 * conflict says who and when only when it has them, and only well-formed problems are listed.
 */
import { describe, expect, it } from 'vitest'
import { ApiError } from '#app/admin/api.ts'
import { conflictOf, problemsOf } from './content-api.ts'

const conflict = {
  key: 'article:a1',
  currentVersion: 8,
  updatedAt: '2026-11-27T15:00:00.000Z',
  updatedBy: { id: 's1', label: 'Mara Quill' },
}

describe('conflictOf', () => {
  it('reads the who and when of a 409', () => {
    expect(conflictOf(new ApiError(409, { message: 'Changed.', conflict }))).toEqual(conflict)
    const unsigned = { ...conflict, updatedBy: null }
    expect(conflictOf(new ApiError(409, { conflict: unsigned }))).toEqual(unsigned)
  })

  it('is undefined for any other error, and for a 409 that does not say who and when', () => {
    expect(conflictOf(new ApiError(400, { conflict }))).toBeUndefined()
    expect(conflictOf(new Error('offline'))).toBeUndefined()
    for (const said of [undefined, 'changed', [conflict], { ...conflict, updatedAt: 7 }, {}])
      expect(conflictOf(new ApiError(409, { conflict: said }))).toBeUndefined()
  })
})

describe('problemsOf', () => {
  it('lists each well-formed problem with the fields it has, and skips the rest', () => {
    const problems = [
      { source: 'article a1', field: 'cover.alt', message: 'Describe the picture.' },
      { source: 'article a1', field: 'body', line: 3, column: 9, message: 'Close the link.' },
      { source: 'article a1' },
      'Something went wrong',
      null,
      { source: 'page/home', message: 'Add a heading.', line: 'three' },
    ]
    expect(problemsOf(new ApiError(400, { problems }))).toEqual([
      problems[0],
      problems[1],
      { source: 'page/home', message: 'Add a heading.' },
    ])
  })

  it('is empty when there is no list of problems', () => {
    expect(problemsOf(new ApiError(400, { problems: 'many' }))).toEqual([])
    expect(problemsOf(new Error('offline'))).toEqual([])
  })
})
