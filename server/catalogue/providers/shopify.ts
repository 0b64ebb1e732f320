/**
 * Shopify's public storefront catalogue: GET {STORE_URL}/products.json?limit=250, then the
 * next page from the Link header (cursor paging, rel="next") until there is none.
 * https://shopify.dev/docs/api/ajax/reference/product (the same product shape, public, no key)
 */
import { z } from 'zod'
import type { CourseInput } from '#common/course-schemas.ts'
import { htmlToText } from '#server/catalogue/html-text.ts'
import { getStoreJson, UpstreamError } from '#server/catalogue/upstream.ts'
import { centsToDollars, decimalToCents } from './money.ts'
import { createProductCollector, pageShapeError, type NotACourse } from './products.ts'
import type { HttpProviderSettings, StoreProvider } from './types.ts'

const PAGE_SIZE = 250

const productSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]),
  title: z.string().trim().min(1).max(300),
  handle: z.string().trim().min(1).max(255),
  body_html: z.string().nullish(),
  variants: z
    .array(
      z.object({
        price: z.union([z.string(), z.number()]).transform(String),
        available: z.boolean().optional(),
      }),
    )
    .min(1),
  images: z
    .array(z.object({ src: z.string() }))
    .nullish()
    .transform((images) => images ?? []),
})

/** Each product is read on its own (see products.ts): the page only has to be a list. */
const pageSchema = z.object({ products: z.array(z.unknown()) })

type ShopifyProduct = z.infer<typeof productSchema>

export function createShopifyProvider(settings: HttpProviderSettings): StoreProvider {
  return {
    name: 'shopify',
    async fetchCourses(signal) {
      const origin = new URL(settings.storeUrl).origin
      const visited = new Set<string>()
      const products = createProductCollector(productSchema, (product) =>
        toCourse(product, settings.storeUrl),
      )
      let next: string | undefined = `${settings.storeUrl}/products.json?limit=${PAGE_SIZE}`

      for (let page = 1; next; page++) {
        if (page > settings.maxPages) {
          throw new UpstreamError(
            'invalid',
            `The store has more than ${settings.maxPages} pages of products; the sync stops there.`,
          )
        }
        if (visited.has(next))
          throw new UpstreamError(
            'invalid',
            "The store's paging leads back to a page already read.",
          )
        visited.add(next)

        const answer = await getStoreJson(next, { ...settings, signal })
        const parsed = pageSchema.safeParse(answer.body)
        if (!parsed.success) throw pageShapeError(parsed.error, page, 'Shopify')
        products.addPage(parsed.data.products, page)
        next = nextPageUrl(answer.headers.get('link'), answer.url, origin)
      }
      return products.catalogue()
    },
  }
}

function toCourse(product: ShopifyProduct, storeUrl: string): CourseInput | NotACourse {
  const variant = product.variants.find((v) => v.available !== false) ?? product.variants[0]!
  const cents = decimalToCents(variant.price)
  if (cents === undefined) return { reason: 'variants.price is not a decimal amount' }
  return {
    id: String(product.id),
    title: product.title,
    description: htmlToText(product.body_html ?? ''),
    price: centsToDollars(cents),
    url: `${storeUrl}/products/${encodeURIComponent(product.handle)}`,
    image_url: imageUrl(product.images[0]?.src),
  }
}

/** Older storefronts send protocol-relative image addresses ("//cdn.shopify.com/..."). */
function imageUrl(src: string | undefined): string {
  if (!src) return ''
  return src.startsWith('//') ? `https:${src}` : src
}

/**
 * The rel="next" target of a Link header, resolved against the page it came with. Only the
 * store's own origin is followed: a header must not be able to send the sync elsewhere.
 */
export function nextPageUrl(
  link: string | null,
  pageUrl: string,
  origin: string,
): string | undefined {
  if (!link) return undefined
  for (const match of link.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const params = match[2] ?? ''
    const rel = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(params)?.[1] ?? ''
    if (!rel.toLowerCase().split(/\s+/).includes('next')) continue
    let url: URL
    try {
      url = new URL(match[1] ?? '', pageUrl)
    } catch {
      throw new UpstreamError(
        'invalid',
        "The store's Link header holds an invalid next-page address.",
      )
    }
    if (url.origin !== origin) {
      throw new UpstreamError(
        'invalid',
        `The store's next page points to another site (${url.origin}); it is not followed.`,
      )
    }
    return url.toString()
  }
  return undefined
}
