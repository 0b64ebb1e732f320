/**
 * Test helper: a fake external store on 127.0.0.1. Each test sets how it answers; the stub
 * counts requests per path so tests can assert how often the sync went upstream.
 */
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export type StubHandler = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  url: URL,
) => unknown

export interface StubStore {
  /** http://127.0.0.1:port, no trailing slash. */
  readonly url: string
  /** Requests per pathname. */
  readonly hits: Map<string, number>
  /** Every request URL (path and query), in order. */
  readonly requests: string[]
  setHandler(handler: StubHandler): void
  hitsOf(pathname: string): number
  reset(): void
  close(): Promise<void>
}

export async function startStubStore(handler: StubHandler = notFound): Promise<StubStore> {
  let current = handler
  const hits = new Map<string, number>()
  const requests: string[] = []
  const sockets = new Set<Socket>()
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1)
    requests.push(url.pathname + url.search)
    Promise.resolve(current(request, response, url)).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500)
      response.end(String(error))
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    requests,
    setHandler(next) {
      current = next
    },
    hitsOf: (pathname) => hits.get(pathname) ?? 0,
    reset() {
      hits.clear()
      requests.length = 0
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export function notFound(_request: http.IncomingMessage, response: http.ServerResponse) {
  response.writeHead(404, { 'content-type': 'text/plain' })
  response.end('not found')
}

export function sendJson(
  response: http.ServerResponse,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body)
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  response.end(text)
}

export interface ShopifyProductInput {
  id: number
  title?: string
  handle?: string
  body_html?: string | null
  variants?: { price: string; available?: boolean }[]
  images?: { src: string }[]
}

/** A Shopify products.json product with sensible defaults. */
export function shopifyProduct(input: ShopifyProductInput) {
  return {
    id: input.id,
    title: input.title ?? `Course ${input.id}`,
    handle: input.handle ?? `course-${input.id}`,
    body_html:
      input.body_html === undefined
        ? `<p>Three <strong>credit hours</strong> on topic ${input.id}.</p>`
        : input.body_html,
    vendor: 'DocuCommons',
    product_type: 'CE course',
    variants: input.variants ?? [{ price: '29.00', available: true }],
    images: input.images ?? [{ src: `https://cdn.example.com/course-${input.id}.jpg` }],
  }
}

/**
 * A Shopify storefront serving `products` in pages of `pageSize`, linked by cursor (Link header,
 * rel="next", page_info), as the real storefront does.
 */
export function shopifyCatalogue(
  products: ReturnType<typeof shopifyProduct>[],
  pageSize = 250,
): StubHandler {
  return (request, response, url) => {
    if (url.pathname !== '/products.json') return notFound(request, response)
    const cursor = Number(url.searchParams.get('page_info') ?? 0)
    const page = products.slice(cursor, cursor + pageSize)
    const headers: Record<string, string> = {}
    if (cursor + pageSize < products.length) {
      const origin = `http://${request.headers.host}`
      headers.link = `<${origin}/products.json?limit=${pageSize}&page_info=${cursor + pageSize}>; rel="next"`
    }
    sendJson(response, { products: page }, headers)
  }
}

export interface WooProductInput {
  id: number
  name?: string
  price?: string
  minorUnit?: number
  currency?: string
  short_description?: string
}

export function wooProduct(input: WooProductInput, storeUrl = 'http://127.0.0.1') {
  return {
    id: input.id,
    name: input.name ?? `Course ${input.id}`,
    slug: `course-${input.id}`,
    permalink: `${storeUrl}/product/course-${input.id}/`,
    short_description: input.short_description ?? `<p>Three credit hours on topic ${input.id}.</p>`,
    description: '<p>Long description.</p>',
    prices: {
      price: input.price ?? '2900',
      regular_price: input.price ?? '2900',
      currency_code: input.currency ?? 'USD',
      currency_minor_unit: input.minorUnit ?? 2,
    },
    images: [{ id: 1, src: `https://cdn.example.com/woo-${input.id}.jpg`, alt: '' }],
  }
}

/** A WooCommerce Store API serving `products` in pages of `perPage` with X-WP-TotalPages. */
export function wooCatalogue(
  products: ReturnType<typeof wooProduct>[],
  perPage = 100,
): StubHandler {
  return (_request, response, url) => {
    if (url.pathname !== '/wp-json/wc/store/v1/products') return notFound(_request, response)
    const page = Number(url.searchParams.get('page') ?? 1)
    const totalPages = Math.max(1, Math.ceil(products.length / perPage))
    sendJson(response, products.slice((page - 1) * perPage, page * perPage), {
      'x-wp-total': String(products.length),
      'x-wp-totalpages': String(totalPages),
    })
  }
}
