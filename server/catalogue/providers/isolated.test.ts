import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  shopifyCatalogue,
  shopifyProduct,
  startStubStore,
  type StubStore,
} from '#server/test/stub-store.ts'
import { UpstreamError } from '#server/catalogue/upstream.ts'
import { createIsolatedProvider, HANDOVER_SLICE } from './isolated.ts'
import { createShopifyProvider } from './shopify.ts'

describe('a store read in a child process', () => {
  let store: StubStore
  const settings = () => ({
    storeUrl: store.url,
    timeoutMs: 10_000,
    maxBytes: 5 * 1024 * 1024,
    maxPages: 50,
  })

  beforeAll(async () => {
    store = await startStubStore()
  })
  afterAll(async () => {
    await store.close()
  })

  it('hands back what the provider reads in this process, across several slices', async () => {
    const products = Array.from({ length: HANDOVER_SLICE * 2 + 10 }, (_, index) =>
      shopifyProduct({ id: index + 1 }),
    )
    products.push({ ...shopifyProduct({ id: 9999 }), variants: [] })
    store.setHandler(shopifyCatalogue(products))
    const isolated = await createIsolatedProvider('shopify', settings()).fetchCourses()
    const inProcess = await createShopifyProvider(settings()).fetchCourses()
    expect(isolated.courses).toHaveLength(HANDOVER_SLICE * 2 + 10)
    expect(isolated).toEqual(inProcess)
    expect(isolated.skippedCount).toBe(1)
  })

  it('reports the store failure the child met, with its kind', async () => {
    store.setHandler((_request, response) => {
      response.writeHead(500)
      response.end()
    })
    const error = await createIsolatedProvider('shopify', settings())
      .fetchCourses()
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UpstreamError)
    expect(error).toMatchObject({ kind: 'status', message: expect.stringMatching(/HTTP 500/) })
  })

  it('stops the child at once when the sync is aborted', async () => {
    let asked!: () => void
    const reached = new Promise<void>((resolve) => (asked = resolve))
    store.setHandler(() => asked())
    const controller = new AbortController()
    const reading = createIsolatedProvider('shopify', settings())
      .fetchCourses(controller.signal)
      .catch((caught: unknown) => caught)
    await reached
    controller.abort()
    expect(await reading).toMatchObject({ kind: 'aborted' })
  })

  it('fails the sync with a message when the answer needs more memory than the child has', async () => {
    store.setHandler((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(`{"products":[${'{"id":1,"title":"x"},'.repeat(200_000)}{}]}`)
    })
    const error = await createIsolatedProvider('shopify', settings(), 16)
      .fetchCourses()
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      kind: 'too-large',
      message:
        "Reading the store's answer needed more than 16 MB of memory, the most the sync allows.",
    })
  })
})
