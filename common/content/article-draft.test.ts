/**
 * The article editor's reading of a draft: every field there, what was not written yet empty,
 * and nothing of another type let through (the server never stores one; a kept copy in the
 * browser might hold anything).
 */
import { describe, expect, it } from 'vitest'
import { articleDraftOf } from './article-draft.ts'
import { articleFrontmatter } from './articles.ts'

const finished = {
  bannerTitle: 'Art & Advocacy',
  headline: 'The Mural on Ninth Street',
  name: 'Rosa Delgado-Whitfield',
  city: 'Wichita, Kansas',
  location: 'Wichita, KS',
  byline: 'Words by Tomas Everly',
  date: '2026-03-14',
  series: 'art-advocacy',
  cardTitle: 'A wall that listens',
  summary: 'A painter asks her neighbours what the wall should say.',
  portrait: 'people/rosa',
  cover: { image: 'covers/mural', alt: 'A half-painted mural at dusk.' },
  organization: { name: 'Ninth Street Arts', url: 'https://example.org' },
  color: 'teal',
}

describe('an article draft as the editor reads it', () => {
  it('keeps a finished article as it is, which the published schema accepts', () => {
    expect(articleDraftOf(finished)).toEqual(finished)
    expect(articleFrontmatter.safeParse(articleDraftOf(finished)).success).toBe(true)
  })

  it('reads a field not written yet, or cleared, as empty text', () => {
    const read = articleDraftOf({ headline: 'A Headline First', summary: null, cover: {} })
    expect(read.headline).toBe('A Headline First')
    expect(read.summary).toBe('')
    expect(read.name).toBe('')
    expect(read.cover).toEqual({ image: '', alt: '' })
    expect(read).not.toHaveProperty('organization')
    expect(read).not.toHaveProperty('color')
  })

  it.each([undefined, null, 'a headline', 42, ['headline']])(
    'reads %j as an article with nothing written yet',
    (data) => {
      const read = articleDraftOf(data)
      expect(
        Object.values(read).filter((value) => typeof value === 'string' && value !== ''),
      ).toEqual([])
      expect(read.cover).toEqual({ image: '', alt: '' })
    },
  )

  it('lets no value of another type through', () => {
    const read = articleDraftOf({
      headline: 42,
      cover: ['covers/mural'],
      organization: { name: 7, url: 'https://example.org' },
      color: 'crimson',
    })
    expect(read.headline).toBe('')
    expect(read.cover).toEqual({ image: '', alt: '' })
    expect(read.organization).toEqual({ name: '', url: 'https://example.org' })
    expect(read).not.toHaveProperty('color')
  })
})
