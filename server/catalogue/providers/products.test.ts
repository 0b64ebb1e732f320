import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { UpstreamError } from '#server/catalogue/upstream.ts'
import { createProductCollector } from './products.ts'
import { MAX_CATALOGUE_BYTES, MAX_COURSES, MAX_LISTED_SKIPS } from './types.ts'

const schema = z.object({ id: z.number(), title: z.string(), text: z.string().optional() })
const toCourse = (product: z.infer<typeof schema>) => ({
  id: String(product.id),
  title: product.title,
  description: product.text ?? '',
  price: 29,
  url: `https://shop.example.com/products/${product.id}`,
  image_url: '',
})

describe('createProductCollector', () => {
  it('keeps a count of the products it skips and only the first few of them', () => {
    const products = createProductCollector(schema, toCourse)
    for (let page = 1; page <= 4; page++)
      products.addPage(
        Array.from({ length: 2500 }, (_, index) => ({ id: page * 10_000 + index })),
        page,
      )
    products.addPage([{ id: 1, title: 'Flood Insurance and the NFIP' }], 5)
    const catalogue = products.catalogue()
    expect(catalogue.skippedCount).toBe(10_000)
    expect(catalogue.skipped).toHaveLength(MAX_LISTED_SKIPS)
    expect(catalogue.skipped[0]).toEqual({
      id: '10000',
      reason: 'title Invalid input: expected string, received undefined',
    })
    expect(catalogue.courses.map((course) => course.id)).toEqual(['1'])
  })

  it('refuses a page of more products than a whole catalogue may hold, reading none', () => {
    const map = vi.fn(toCourse)
    const products = createProductCollector(schema, map)
    const page = Array.from({ length: MAX_COURSES + 1 }, (_, index) => ({ id: index, title: 'x' }))
    expect(() => products.addPage(page, 3)).toThrow(
      new UpstreamError(
        'invalid',
        `The store's answer (page 3) lists ${MAX_COURSES + 1} products, more than the ${MAX_COURSES} a whole catalogue may hold.`,
      ),
    )
    expect(map).not.toHaveBeenCalled()
  })

  it('stops once the courses come to more than MAX_CATALOGUE_BYTES', () => {
    const products = createProductCollector(schema, toCourse)
    const text = 'A long description. '.repeat(100)
    const count = Math.ceil(MAX_CATALOGUE_BYTES / text.length)
    const page = Array.from({ length: count }, (_, index) => ({ id: index, title: 'x', text }))
    let error: unknown
    try {
      for (let start = 0; start < page.length; start += 1000)
        products.addPage(page.slice(start, start + 1000), start / 1000 + 1)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(UpstreamError)
    expect((error as UpstreamError).kind).toBe('too-large')
    expect((error as UpstreamError).message).toMatch(/more than 4 MB of text/)
  })
})
