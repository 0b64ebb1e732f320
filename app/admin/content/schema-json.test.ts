/**
 * The page form reads the content schemas through zod's JSON Schema of them (schema-json.ts):
 * what it draws must be what the schemas say (lists within their limits, pictures as pictures,
 * optional fields as optional, a consent page's fields by its kind).
 */
import { describe, expect, it } from 'vitest'
import {
  about,
  articlesPage,
  changemaker,
  consentPages,
  contactPage,
  home,
  privacyPage,
} from '#common/content/pages.ts'
import { siteCopy, siteSettings } from '#common/content/site.ts'
import {
  describeSchema,
  emptyOf,
  fieldsOf,
  kindOf,
  lengthLimits,
  optionFor,
  unwrapNull,
  type SchemaNode,
} from './schema-json.ts'

const field = (node: SchemaNode, ...path: string[]): SchemaNode =>
  path.reduce((at, key) => unwrapNull(at.properties![key]!), node)

describe('the page form’s reading of the content schemas', () => {
  it('reads every page’s schema', () => {
    for (const schema of [home, about, articlesPage, contactPage, privacyPage, siteCopy])
      expect(kindOf(describeSchema(schema))).toBe('object')
    expect(kindOf(describeSchema(siteSettings))).toBe('object')
  })

  it('keeps a list within the limits its schema sets', () => {
    const items = field(describeSchema(home), 'testimonials', 'items')
    expect(kindOf(items)).toBe('array')
    expect(lengthLimits(items)).toEqual({ min: 3, max: 3 })
    expect(lengthLimits(field(describeSchema(home), 'inspiration', 'pillars'))).toEqual({
      min: 3,
      max: 3,
    })
  })

  it('draws a picture as a picture, and a media id as a picture of the library', () => {
    const mission = field(describeSchema(home), 'mission')
    expect(kindOf(field(mission, 'image'))).toBe('picture')
    expect(kindOf(field(describeSchema(changemaker), 'image', 'image'))).toBe('media-id')
    expect(emptyOf(field(mission, 'image'))).toEqual({ image: '', alt: '' })
  })

  it('says which fields may be left out', () => {
    const optional = Object.fromEntries(
      fieldsOf(describeSchema(changemaker)).map(([key, , isOptional]) => [key, isOptional]),
    )
    expect(optional['name']).toBe(false)
    expect(optional['article']).toBe(true)
    // A new item has the fields it needs, not the optional ones.
    expect(Object.keys(emptyOf(describeSchema(changemaker)) as object)).not.toContain('article')
  })

  it('finds a consent page’s fields by its kind', () => {
    const pages = describeSchema(consentPages)
    expect(kindOf(pages)).toBe('record')
    const page = unwrapNull(pages.additionalProperties as SchemaNode)
    expect(kindOf(page)).toBe('union')
    const form = optionFor(page, { kind: 'form' })
    expect(Object.keys(form!.properties!)).toContain('points')
    expect(Object.keys(optionFor(page, { kind: 'notice' })!.properties!)).not.toContain('points')
    expect(optionFor(page, { kind: 'unknown' })).toBeUndefined()
  })
})
