import { describe, expect, it } from 'vitest'
import { parseQuery } from '#common/search.ts'
import { snippetParts } from './engines.ts'
import { editDistance } from './site-search.ts'

describe('search helpers', () => {
  it('reads a query as words and balanced phrases only', () => {
    expect(parseQuery('foo* NEAR(bar) OR "baz qux" "open')).toEqual({
      text: 'foo* NEAR(bar) OR "baz qux" "open',
      words: ['foo', 'near', 'bar', 'or', 'open'],
      phrases: [['baz', 'qux']],
    })
    expect(parseQuery('a\u0000b'.repeat(5000)).text.length).toBeLessThanOrEqual(200)
    expect(parseQuery(undefined).words).toEqual([])
  })

  it('splits a marked snippet into text and marks', () => {
    expect(snippetParts('a \u0001b\u0002 c <i>')).toEqual([
      { text: 'a ', mark: false },
      { text: 'b', mark: true },
      { text: ' c <i>', mark: false },
    ])
  })

  it('measures edits up to a bound', () => {
    expect(editDistance('abernaty', 'abernathy', 2)).toBe(1)
    expect(editDistance('kitten', 'sitting', 2)).toBe(Infinity)
  })
})
