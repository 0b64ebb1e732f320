/**
 * Hostile and oversized store answers (issue 21), shared by server/catalogue/hostile-store.test.ts
 * and its benchmark (scripts/bench/hostile-store.ts): markup that never closes its tags, markup
 * nested twenty thousand deep, floods of entities, pages of a million invalid products,
 * catalogues of courses with every field at its longest. `servePages` serves a list of pages as
 * Shopify does.
 */
import type http from 'node:http'
import { createStoreProvider } from '#server/catalogue/providers/index.ts'
import { createCatalogueService } from '#server/catalogue/sync-service.ts'
import type { Database } from '#server/db/index.ts'
import { probeEventLoop } from './event-loop-probe.ts'
import { notFound, shopifyProduct } from './stub-store.ts'

/** The store's answer cap (server/catalogue/upstream.ts): each page here stays just under it. */
export const PAGE_BYTES = 5 * 1024 * 1024 - 1024

/** A products.json page as bytes, built once so that serving it costs the stub nothing. */
export function page(json: string): Buffer {
  const bytes = Buffer.from(json)
  if (bytes.length > PAGE_BYTES) throw new Error(`a page of ${bytes.length} bytes is over the cap`)
  return bytes
}

/** Products whose body_html is `html`, as many as fit in one page. */
function productsWithBody(html: string): Buffer {
  const count = Math.max(1, Math.floor(PAGE_BYTES / (html.length + 400)))
  const products = Array.from({ length: count }, (_, index) =>
    shopifyProduct({ id: index + 1, body_html: html }),
  )
  return page(JSON.stringify({ products }))
}

const HOSTILE_PAGES: Record<string, () => Buffer> = {
  'tags that never close': () => productsWithBody('<a'.repeat(60_000)),
  'attributes that never close': () => productsWithBody(`<p title="${'<b x='.repeat(20_000)}`),
  'markup nested 20,000 deep': () =>
    productsWithBody(`${'<div><span>'.repeat(10_000)}deep${'</em>'.repeat(10_000)}`),
  'scripts and comments that never end': () =>
    productsWithBody('<script><!--<svg><style>'.repeat(5_000)),
  'a flood of entities': () => productsWithBody('&amp;&#x1F3E0;&bogus;&'.repeat(5_000)),
  'one description of 5 MB': () => productsWithBody('<b>&lt;'.repeat(700_000)),
  'a page of 1.7 million empty products': () => page(`{"products":[${'{},'.repeat(1_740_000)}{}]}`),
  'a page of 240,000 empty products': () => page(`{"products":[${'{},'.repeat(240_000)}{}]}`),
  'a page of 900,000 numbers': () => page(`{"products":[${'0,'.repeat(900_000)}0]}`),
  'a page of 5,000 invalid products': () =>
    page(
      JSON.stringify({
        products: Array.from({ length: 5000 }, (_, index) => ({
          id: index + 1,
          title: 'No price',
          body_html: '<a'.repeat(400),
        })),
      }),
    ),
}

/**
 * `count` valid courses, every field as long as the Course schema allows (about 4.7 KB a course
 * once read), in pages of 250 products.
 */
function longestCourses(count: number): Buffer[] {
  const pages: Buffer[] = []
  for (let start = 0; start < count; start += 250) {
    const products = Array.from({ length: Math.min(250, count - start) }, (_, offset) => {
      const id = start + offset + 1
      return shopifyProduct({
        id,
        title: `${id} ${'Long title '.repeat(30)}`.slice(0, 300),
        handle: `${id}-${'h'.repeat(240)}`,
        body_html: `<p>${'Words of a long course description. '.repeat(60)}</p>`,
        images: [{ src: `https://cdn.example.com/${id}/${'i'.repeat(2000)}`.slice(0, 2048) }],
      })
    })
    pages.push(page(JSON.stringify({ products })))
  }
  return pages
}

/** Serves `pages` as Shopify does, linked by a page_info cursor in the Link header. */
export function servePages(pages: () => Buffer[]) {
  return (request: http.IncomingMessage, response: http.ServerResponse, url: URL) => {
    if (url.pathname !== '/products.json') return notFound(request, response)
    const all = pages()
    const index = Number(url.searchParams.get('page_info') ?? 0)
    const headers: Record<string, string | number> = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': all[index]!.length,
    }
    if (index + 1 < all.length)
      headers.link = `<http://${request.headers.host}/products.json?limit=250&page_info=${index + 1}>; rel="next"`
    response.writeHead(200, headers)
    response.end(all[index])
  }
}

export const HOSTILE_CASES: Record<string, () => Buffer[]> = {
  ...Object.fromEntries(
    Object.entries(HOSTILE_PAGES).map(([kind, build]) => [kind, () => [build()]]),
  ),
  // 3.8 MB of courses: just under the most a catalogue may hold (MAX_CATALOGUE_BYTES).
  '800 courses as long as they may be': () => longestCourses(800),
  // 24 MB: refused once the courses read pass 4 MB.
  '5,000 courses as long as they may be': () => longestCourses(5000),
}

/** The first, good catalogue: one course. */
export const FIRST_CATALOGUE = () => [
  page(JSON.stringify({ products: [shopifyProduct({ id: 1 })] })),
]

const silent = { info() {}, warn() {}, error() {} }

/**
 * One sync from the store at `storeUrl` through the production provider (read in a child
 * process), in this process: its outcome, and how long it held this thread's event loop.
 */
export async function syncWhileProbing(database: Database, storeUrl: string) {
  const service = createCatalogueService({
    database,
    provider: createStoreProvider({ provider: 'shopify', storeUrl, timeoutMs: 10_000 }),
    cooldownSeconds: 0,
    log: silent,
  })
  const probe = probeEventLoop()
  const outcome = await service.refresh()
  const held = probe.stop()
  await service.close()
  return { outcome, held }
}
