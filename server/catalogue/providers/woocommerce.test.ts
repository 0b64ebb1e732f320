import { describe, expect, it } from 'vitest'
import {
  itMapsProducts,
  itReadsPagedCatalogues,
  rejection,
  useStubStore,
  type ReadProducts,
} from '#server/test/provider-cases.ts'
import { sendJson, wooCatalogue, wooProduct } from '#server/test/stub-store.ts'
import { createWooCommerceProvider } from './woocommerce.ts'

const stubStore = useStubStore()
const provider = () =>
  createWooCommerceProvider({
    storeUrl: stubStore().url,
    // Not what these tests check (upstream.test.ts does): room for a first request on a busy machine.
    timeoutMs: 10_000,
    maxBytes: 5 * 1024 * 1024,
    maxPages: 5,
  })
const read: ReadProducts = (products, pageSize) => {
  stubStore().setHandler(wooCatalogue(products as ReturnType<typeof wooProduct>[], pageSize))
  return provider().fetchCourses()
}
const withPrices = (prices: object) => ({
  ...wooProduct({ id: 1 }),
  prices: { price: '2900', currency_code: 'USD', currency_minor_unit: 2, ...prices },
})

describe('WooCommerce provider: one product, one course', () => {
  itMapsProducts(read, [
    [
      'minor units, the permalink, the first image, HTML as text',
      wooProduct(
        {
          id: 41,
          name: 'Ethics &amp; the Producer &#8211; Louisiana',
          price: '2950',
          short_description: '<p>3 hours of <b>ethics</b>.</p>',
        },
        'https://shop.example.com',
      ),
      {
        id: '41',
        title: 'Ethics & the Producer \u2013 Louisiana',
        description: '3 hours of ethics.',
        price: 29.5,
        url: 'https://shop.example.com/product/course-41/',
        image_url: 'https://cdn.example.com/woo-41.jpg',
      },
    ],
    ['no minor unit', withPrices({ price: '29', currency_minor_unit: 0 }), { price: 29 }],
    ['three minor units', withPrices({ price: '29500', currency_minor_unit: 3 }), { price: 29.5 }],
    ['a lower-case currency', withPrices({ currency_code: 'usd' }), { price: 29 }],
    [
      'no image and no description',
      { ...wooProduct({ id: 1 }), images: [], short_description: null },
      { image_url: '', description: '' },
    ],
    [
      'named and numeric entities',
      wooProduct({
        id: 1,
        name: 'Se&ntilde;ales &amp; &oacute;rdenes',
        short_description: '<p>&euro;25 &pound;20, agent&#x27;s &#8220;guide&#8221;&hellip;</p>',
      }),
      {
        title: 'Se\u00f1ales & \u00f3rdenes',
        description: "\u20ac25 \u00a320, agent's \u201cguide\u201d\u2026",
      },
    ],
    ['a decimal price', withPrices({ price: '29.00' }), /^prices\.price /],
    [
      'another currency',
      withPrices({ currency_code: 'EUR' }),
      /currency_code is EUR; .*US dollars only/,
    ],
    ['no permalink', { ...wooProduct({ id: 1 }), permalink: undefined }, /^permalink /],
    ['an empty name', wooProduct({ id: 1, name: '' }), /^name /],
    ['an id that is text', { ...wooProduct({ id: 1 }), id: '41' }, /^id /],
  ])
})

describe('WooCommerce provider', () => {
  itReadsPagedCatalogues(
    read,
    (id) => wooProduct({ id }),
    (id) => wooProduct({ id, currency: 'EUR' }),
  )

  it('reads every page that X-WP-TotalPages announces, and no more', async () => {
    const { courses } = await read(
      [1, 2, 3, 4, 5].map((id) => wooProduct({ id })),
      2,
    )
    expect(courses.map((course) => course.id)).toEqual(['1', '2', '3', '4', '5'])
    expect(stubStore().requests).toEqual([
      '/wp-json/wc/store/v1/products?per_page=100&page=1',
      '/wp-json/wc/store/v1/products?per_page=100&page=2',
      '/wp-json/wc/store/v1/products?per_page=100&page=3',
    ])
  })

  it('treats a missing page count as one page', async () => {
    stubStore().setHandler((_request, response) => sendJson(response, [wooProduct({ id: 5 })]))
    expect((await provider().fetchCourses()).courses).toHaveLength(1)
    expect(stubStore().requests).toHaveLength(1)
  })

  it.each([
    [
      'a page count past the limit',
      { 'x-wp-totalpages': '6' },
      /6 pages of products, more than the 5/,
    ],
    ['a page count that is not a number', { 'x-wp-totalpages': 'many' }, /not a number/],
  ])('refuses %s', async (_name, headers, message) => {
    stubStore().setHandler((_request, response) =>
      sendJson(response, [wooProduct({ id: 5 })], headers),
    )
    expect((await rejection(provider().fetchCourses())).message).toMatch(message)
  })

  it.each([
    ['an object instead of a list', { code: 'rest_no_route' }],
    ['a list inside an object', { products: [wooProduct({ id: 1 })] }],
  ])('refuses a page that is %s', async (_name, body) => {
    stubStore().setHandler((_request, response) => sendJson(response, body))
    const error = await rejection(provider().fetchCourses())
    expect(error.kind).toBe('invalid')
    expect(error.message).toMatch(/does not look like a WooCommerce product list: the answer/)
  })
})
