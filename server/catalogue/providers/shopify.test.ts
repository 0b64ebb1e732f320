import { describe, expect, it } from 'vitest'
import {
  itMapsProducts,
  itReadsPagedCatalogues,
  rejection,
  useStubStore,
  type ReadProducts,
} from '#server/test/provider-cases.ts'
import { sendJson, shopifyCatalogue, shopifyProduct } from '#server/test/stub-store.ts'
import { createShopifyProvider, nextPageUrl } from './shopify.ts'

const stubStore = useStubStore()
const provider = () =>
  createShopifyProvider({
    storeUrl: stubStore().url,
    // Not what these tests check (upstream.test.ts does): room for a first request on a busy machine.
    timeoutMs: 10_000,
    maxBytes: 5 * 1024 * 1024,
    maxPages: 10,
  })
const read: ReadProducts = (products, pageSize) => {
  stubStore().setHandler(
    shopifyCatalogue(products as ReturnType<typeof shopifyProduct>[], pageSize),
  )
  return provider().fetchCourses()
}

describe('Shopify provider: one product, one course', () => {
  itMapsProducts(read, [
    [
      'the available variant, the first image (protocol-relative made https), HTML as text',
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
      {
        id: '7001',
        title: 'Flood Insurance and the NFIP',
        description: '3 credit hours of flood content. \u2022 Zones',
        price: 29.5,
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/products\/flood-nfip$/),
        image_url: 'https://cdn.example.com/flood.jpg',
      },
    ],
    [
      'no available variant: the first one',
      shopifyProduct({ id: 1, variants: [{ price: '12', available: false }] }),
      { price: 12 },
    ],
    [
      'no image and no description',
      shopifyProduct({ id: 1, images: [], body_html: null }),
      { image_url: '', description: '' },
    ],
    [
      'a price as a number',
      { ...shopifyProduct({ id: 1 }), variants: [{ price: 19.99 }] },
      { price: 19.99 },
    ],
    ['an id as a string of digits', { ...shopifyProduct({ id: 1 }), id: '7002' }, { id: '7002' }],
    [
      'named and numeric entities',
      shopifyProduct({
        id: 1,
        body_html: '<p>Curso b&aacute;sico &ndash; &euro;25, agent&#x27;s &#8220;guide&#8221;</p>',
      }),
      { description: "Curso b\u00e1sico \u2013 \u20ac25, agent's \u201cguide\u201d" },
    ],
    ['no variants', shopifyProduct({ id: 1, variants: [] }), /^variants /],
    [
      'a price that is not a decimal amount',
      shopifyProduct({ id: 1, variants: [{ price: 'free' }] }),
      /^variants\.price is not a decimal amount$/,
    ],
    ['an empty title', shopifyProduct({ id: 1, title: ' ' }), /^title /],
    ['no handle', { ...shopifyProduct({ id: 1 }), handle: undefined }, /^handle /],
    ['an id that is not a number', { ...shopifyProduct({ id: 1 }), id: 'abc' }, /^id /],
  ])
})

describe('Shopify provider', () => {
  itReadsPagedCatalogues(
    read,
    (id) => shopifyProduct({ id }),
    (id) => shopifyProduct({ id, variants: [] }),
  )

  it('follows the Link header through every page, in order', async () => {
    const products = Array.from({ length: 7 }, (_, i) => shopifyProduct({ id: 100 + i }))
    const { courses } = await read(products, 3)
    expect(courses.map((course) => course.id)).toEqual([
      '100',
      '101',
      '102',
      '103',
      '104',
      '105',
      '106',
    ])
    expect(stubStore().requests).toEqual([
      '/products.json?limit=250',
      '/products.json?limit=3&page_info=3',
      '/products.json?limit=3&page_info=6',
    ])
  })

  it.each([
    ['an array', []],
    ['an error object', { errors: 'Not Found' }],
    ['a product list that is not a list', { products: { 1: shopifyProduct({ id: 1 }) } }],
  ])('refuses a page that is %s', async (_name, body) => {
    stubStore().setHandler((_request, response) => sendJson(response, body))
    const error = await rejection(provider().fetchCourses())
    expect(error.kind).toBe('invalid')
    expect(error.message).toMatch(/does not look like a Shopify product list/)
  })

  it('refuses a next page on another site', async () => {
    stubStore().setHandler((_request, response) =>
      sendJson(
        response,
        { products: [shopifyProduct({ id: 1 })] },
        { link: '<https://elsewhere.example.com/products.json?page_info=2>; rel="next"' },
      ),
    )
    const error = await rejection(provider().fetchCourses())
    expect(error.message).toMatch(/points to another site \(https:\/\/elsewhere\.example\.com\)/)
    expect(stubStore().requests).toHaveLength(1)
  })

  it('refuses paging that loops, and paging past the page limit', async () => {
    stubStore().setHandler((request, response) =>
      sendJson(
        response,
        { products: [shopifyProduct({ id: 1 })] },
        { link: `<http://${request.headers.host}/products.json?limit=250>; rel="next"` },
      ),
    )
    expect((await rejection(provider().fetchCourses())).message).toMatch(
      /leads back to a page already read/,
    )

    stubStore().setHandler(
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
    stubStore().setHandler((request, response, url) => {
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
