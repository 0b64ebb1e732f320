/**
 * WooCommerce's public Store API: GET {STORE_URL}/wp-json/wc/store/v1/products?per_page=100&page=N,
 * with the page count in the X-WP-TotalPages header. Prices come in minor units
 * (prices.price "2900" with currency_minor_unit 2 is $29.00); names and descriptions are HTML.
 * https://github.com/woocommerce/woocommerce/blob/trunk/plugins/woocommerce/src/StoreApi/docs/products.md
 */
import { z } from 'zod'
import type { CourseInput } from '#common/course-schemas.ts'
import { htmlToText } from '#server/catalogue/html-text.ts'
import { getStoreJson, UpstreamError } from '#server/catalogue/upstream.ts'
import { centsToDollars, minorUnitsToCents } from './money.ts'
import { createProductCollector, pageShapeError, type NotACourse } from './products.ts'
import type { HttpProviderSettings, StoreProvider } from './types.ts'

const PAGE_SIZE = 100

const productSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(1000),
  permalink: z.string().min(1).max(2048),
  short_description: z.string().nullish(),
  prices: z.object({
    price: z.string().regex(/^\d{1,15}$/, 'must be a whole number of minor units'),
    currency_code: z.string().min(1).max(10),
    currency_minor_unit: z.number().int().min(0).max(6),
  }),
  images: z
    .array(z.object({ src: z.string() }))
    .nullish()
    .transform((images) => images ?? []),
})

/** Each product is read on its own (see products.ts): the page only has to be a list. */
const pageSchema = z.array(z.unknown())

type WooProduct = z.infer<typeof productSchema>

export function createWooCommerceProvider(settings: HttpProviderSettings): StoreProvider {
  return {
    name: 'woocommerce',
    async fetchCourses(signal) {
      const products = createProductCollector(productSchema, toCourse)
      let totalPages = 1
      for (let page = 1; page <= totalPages; page++) {
        const answer = await getStoreJson(
          `${settings.storeUrl}/wp-json/wc/store/v1/products?per_page=${PAGE_SIZE}&page=${page}`,
          { ...settings, signal },
        )
        if (page === 1)
          totalPages = readTotalPages(answer.headers.get('x-wp-totalpages'), settings.maxPages)
        const parsed = pageSchema.safeParse(answer.body)
        if (!parsed.success) throw pageShapeError(parsed.error, page, 'WooCommerce')
        products.addPage(parsed.data, page)
      }
      return products.catalogue()
    },
  }
}

function readTotalPages(header: string | null, maxPages: number): number {
  // No header: a single page (the Store API always sends it; a caching proxy may strip it).
  if (header === null) return 1
  if (!/^\d{1,6}$/.test(header.trim())) {
    throw new UpstreamError(
      'invalid',
      `The store's X-WP-TotalPages header is not a number (${JSON.stringify(header.slice(0, 20))}).`,
    )
  }
  const pages = Number(header)
  if (pages > maxPages) {
    throw new UpstreamError(
      'invalid',
      `The store has ${pages} pages of products, more than the ${maxPages} the sync reads.`,
    )
  }
  return Math.max(pages, 1)
}

function toCourse(product: WooProduct): CourseInput | NotACourse {
  const { prices } = product
  if (prices.currency_code.toUpperCase() !== 'USD')
    return {
      reason: `prices.currency_code is ${prices.currency_code}; the catalogue shows US dollars only`,
    }
  const cents = minorUnitsToCents(prices.price, prices.currency_minor_unit)
  if (cents === undefined) return { reason: 'prices.price is not a readable amount' }
  return {
    id: String(product.id),
    title: htmlToText(product.name, 300),
    description: htmlToText(product.short_description ?? ''),
    price: centsToDollars(cents),
    url: product.permalink,
    image_url: product.images[0]?.src ?? '',
  }
}
