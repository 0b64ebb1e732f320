import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { courseSchema } from '#common/course.ts'
import {
  sendJson,
  startStubStore,
  wooCatalogue,
  wooProduct,
  type StubStore,
} from '#server/catalogue/test/stub-store.ts'
import { UpstreamError } from '#server/catalogue/upstream.ts'
import { createWooCommerceProvider } from './woocommerce.ts'

let store: StubStore
const provider = () =>
  createWooCommerceProvider({
    storeUrl: store.url,
    timeoutMs: 500,
    maxBytes: 5 * 1024 * 1024,
    maxPages: 5,
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

describe('WooCommerce provider', () => {
  it('maps products to courses: minor units, permalink, first image, plain text', async () => {
    store.setHandler(
      wooCatalogue([
        wooProduct(
          {
            id: 41,
            name: 'Ethics &amp; the Producer &#8211; Louisiana',
            price: '2950',
            short_description: '<p>3 hours of <b>ethics</b>.</p>',
          },
          'https://shop.example.com',
        ),
      ]),
    )
    const courses = await provider().fetchCourses()
    expect(courses).toEqual([
      {
        id: '41',
        title: 'Ethics & the Producer \u2013 Louisiana',
        description: '3 hours of ethics.',
        price: 29.5,
        url: 'https://shop.example.com/product/course-41/',
        image_url: 'https://cdn.example.com/woo-41.jpg',
      },
    ])
    expect(courseSchema.safeParse(courses[0]).success).toBe(true)
    expect(store.requests).toEqual(['/wp-json/wc/store/v1/products?per_page=100&page=1'])
  })

  it('reads every page that X-WP-TotalPages announces and drops duplicates', async () => {
    const products = [1, 2, 3, 2, 4].map((id) => wooProduct({ id }))
    store.setHandler(wooCatalogue(products, 2))
    const courses = await provider().fetchCourses()
    expect(courses.map((course) => course.id)).toEqual(['1', '2', '3', '4'])
    expect(store.requests.map((r) => new URL(r, store.url).searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
    ])
  })

  it('treats a missing page count as one page', async () => {
    store.setHandler((_request, response) => sendJson(response, [wooProduct({ id: 5 })]))
    expect(await provider().fetchCourses()).toHaveLength(1)
    expect(store.requests).toHaveLength(1)
  })

  it.each([
    [
      'a page count past the limit',
      { 'x-wp-totalpages': '6' },
      /6 pages of products, more than the 5/,
    ],
    ['a page count that is not a number', { 'x-wp-totalpages': 'many' }, /not a number/],
  ])('refuses %s', async (_name, headers, message) => {
    store.setHandler((_request, response) => sendJson(response, [wooProduct({ id: 5 })], headers))
    expect((await rejection(provider().fetchCourses())).message).toMatch(message)
  })

  it.each([
    [
      'an object instead of a list',
      { code: 'rest_no_route' },
      /does not look like a WooCommerce product list: the answer/,
    ],
    [
      'a decimal price',
      [
        {
          ...wooProduct({ id: 1 }),
          prices: { price: '29.00', currency_code: 'USD', currency_minor_unit: 2 },
        },
      ],
      /prices\.price/,
    ],
    ['a missing permalink', [{ ...wooProduct({ id: 1 }), permalink: undefined }], /permalink/],
  ])('refuses %s', async (_name, body, message) => {
    store.setHandler((_request, response) => sendJson(response, body))
    const error = await rejection(provider().fetchCourses())
    expect(error.kind).toBe('invalid')
    expect(error.message).toMatch(message)
  })

  it('refuses prices in another currency', async () => {
    store.setHandler(wooCatalogue([wooProduct({ id: 1, currency: 'EUR' })]))
    expect((await rejection(provider().fetchCourses())).message).toMatch(
      /in EUR; the catalogue shows US dollars only/,
    )
  })
})
