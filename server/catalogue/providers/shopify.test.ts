import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { courseSchema } from '#common/course.ts'
import {
  sendJson,
  shopifyCatalogue,
  shopifyProduct,
  startStubStore,
  type StubStore,
} from '#server/catalogue/test/stub-store.ts'
import { UpstreamError } from '#server/catalogue/upstream.ts'
import { createShopifyProvider, nextPageUrl } from './shopify.ts'

let store: StubStore
const provider = () =>
  createShopifyProvider({
    storeUrl: store.url,
    timeoutMs: 500,
    maxBytes: 5 * 1024 * 1024,
    maxPages: 10,
  })

beforeAll(async () => {
  store = await startStubStore()
})
afterAll(async () => {
  await store.close()
})
beforeEach(() => store.reset())

async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(UpstreamError)
  return error as UpstreamError
}

describe('Shopify provider', () => {
  it('maps products to courses', async () => {
    store.setHandler(
      shopifyCatalogue([
        shopifyProduct({
          id: 7001,
          title: 'Flood Insurance and the NFIP',
          handle: 'flood-nfip',
          body_html: '<p>3 credit hours of <em>flood</em> content.</p><ul><li>Zones</li></ul>',
          variants: [
            { price: '35.00', available: false },
            { price: '29.50', available: true },
          ],
          images: [
            { src: '//cdn.example.com/flood.jpg' },
            { src: 'https://cdn.example.com/second.jpg' },
          ],
        }),
      ]),
    )
    const courses = await provider().fetchCourses()
    expect(courses).toEqual([
      {
        id: '7001',
        title: 'Flood Insurance and the NFIP',
        description: '3 credit hours of flood content. \u2022 Zones',
        price: 29.5,
        url: `${store.url}/products/flood-nfip`,
        image_url: 'https://cdn.example.com/flood.jpg',
      },
    ])
    expect(store.requests).toEqual(['/products.json?limit=250'])
    expect(courseSchema.safeParse(courses[0]).success).toBe(true)
  })

  it('uses the first variant when none is available, and no image when there is none', async () => {
    store.setHandler(
      shopifyCatalogue([
        shopifyProduct({
          id: 1,
          variants: [{ price: '12', available: false }],
          images: [],
          body_html: null,
        }),
      ]),
    )
    const [course] = await provider().fetchCourses()
    expect(course).toMatchObject({ price: 12, image_url: '', description: '' })
  })

  it('follows the Link header through every page, in order', async () => {
    const products = Array.from({ length: 7 }, (_, i) => shopifyProduct({ id: 100 + i }))
    store.setHandler(shopifyCatalogue(products, 3))
    const courses = await provider().fetchCourses()
    expect(courses.map((course) => course.id)).toEqual([
      '100',
      '101',
      '102',
      '103',
      '104',
      '105',
      '106',
    ])
    expect(store.requests).toEqual([
      '/products.json?limit=250',
      '/products.json?limit=3&page_info=3',
      '/products.json?limit=3&page_info=6',
    ])
  })

  it('keeps the first of duplicated products across pages', async () => {
    const products = [1, 2, 3, 3, 4, 1].map((id, i) => shopifyProduct({ id, title: `Copy ${i}` }))
    store.setHandler(shopifyCatalogue(products, 2))
    const courses = await provider().fetchCourses()
    expect(courses.map((course) => [course.id, course.title])).toEqual([
      ['1', 'Copy 0'],
      ['2', 'Copy 1'],
      ['3', 'Copy 2'],
      ['4', 'Copy 4'],
    ])
  })

  it('refuses a page that is not a product list', async () => {
    store.setHandler((_request, response) =>
      sendJson(response, {
        products: [{ id: 1, title: 'No variants', handle: 'x', variants: [] }],
      }),
    )
    const error = await rejection(provider().fetchCourses())
    expect(error.kind).toBe('invalid')
    expect(error.message).toMatch(
      /does not look like a Shopify product list: products\.0\.variants/,
    )
  })

  it.each([
    ['an array', []],
    ['an error object', { errors: 'Not Found' }],
    [
      'a string price that is not a number',
      { products: [shopifyProduct({ id: 1, variants: [{ price: 'free' }] })] },
    ],
  ])('refuses %s', async (_name, body) => {
    store.setHandler((_request, response) => sendJson(response, body))
    expect((await rejection(provider().fetchCourses())).kind).toBe('invalid')
  })

  it('refuses a next page on another site', async () => {
    store.setHandler((_request, response) =>
      sendJson(
        response,
        { products: [shopifyProduct({ id: 1 })] },
        { link: '<https://elsewhere.example.com/products.json?page_info=2>; rel="next"' },
      ),
    )
    const error = await rejection(provider().fetchCourses())
    expect(error.message).toMatch(/points to another site \(https:\/\/elsewhere\.example\.com\)/)
    expect(store.requests).toHaveLength(1)
  })

  it('refuses paging that loops, and paging past the page limit', async () => {
    store.setHandler((request, response) =>
      sendJson(
        response,
        { products: [shopifyProduct({ id: 1 })] },
        { link: `<http://${request.headers.host}/products.json?limit=250>; rel="next"` },
      ),
    )
    expect((await rejection(provider().fetchCourses())).message).toMatch(
      /leads back to a page already read/,
    )

    store.setHandler(
      shopifyCatalogue(
        Array.from({ length: 30 }, (_, i) => shopifyProduct({ id: i + 1 })),
        2,
      ),
    )
    expect((await rejection(provider().fetchCourses())).message).toMatch(/more than 10 pages/)
  })

  it('passes a failure of any page on, so nothing partial is returned', async () => {
    const products = shopifyCatalogue(
      Array.from({ length: 4 }, (_, i) => shopifyProduct({ id: i + 1 })),
      2,
    )
    store.setHandler((request, response, url) => {
      if (url.searchParams.has('page_info')) {
        response.writeHead(500)
        return response.end()
      }
      return products(request, response, url)
    })
    expect((await rejection(provider().fetchCourses())).kind).toBe('status')
  })
})

describe('nextPageUrl', () => {
  const origin = 'https://shop.example.com'
  it.each([
    [null, undefined],
    ['<https://shop.example.com/products.json?page_info=a>; rel="previous"', undefined],
    [
      '<https://shop.example.com/products.json?page_info=a>; rel="previous", <https://shop.example.com/products.json?page_info=b>; rel="next"',
      'https://shop.example.com/products.json?page_info=b',
    ],
    [
      '</products.json?page_info=c>; rel=next',
      'https://shop.example.com/products.json?page_info=c',
    ],
  ])('%j -> %j', (header, expected) => {
    expect(nextPageUrl(header, `${origin}/products.json?limit=250`, origin)).toBe(expected)
  })
})
