/**
 * Test helper: what the Shopify and WooCommerce provider tests share. The stub store's life
 * cycle, the failure check, a runner for a table of product-to-course cases, and the behaviour
 * every HTTP provider must have across pages (skip an invalid product, keep the first of a
 * repeated one, keep the store's order).
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { courseSchema, type CourseInput } from '#common/course-schemas.ts'
import type { StoreCatalogue } from '#server/catalogue/providers/index.ts'
import { UpstreamError } from '#server/catalogue/upstream.ts'
import { startStubStore, type StubStore } from './stub-store.ts'

/** One stub store per test file, its request log cleared before each test. */
export function useStubStore(): () => StubStore {
  let store: StubStore
  beforeAll(async () => {
    store = await startStubStore()
  })
  afterAll(async () => {
    await store.close()
  })
  beforeEach(() => store.reset())
  return () => store
}

export async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(UpstreamError)
  return error as UpstreamError
}

/** Serves these products (in pages of pageSize) and reads them with the provider under test. */
export type ReadProducts = (products: object[], pageSize?: number) => Promise<StoreCatalogue>

/** [case, the store's product, the course's fields that matter | the reason it is skipped]. */
export type MappingCase = [name: string, product: object, expected: Partial<CourseInput> | RegExp]

/** One product per case: it maps to a course the API would accept, or is skipped with a reason. */
export function itMapsProducts(read: ReadProducts, cases: MappingCase[]) {
  it.each(cases)('%s', async (_name, product, expected) => {
    const { courses, skipped } = await read([product])
    if (expected instanceof RegExp) {
      expect(courses).toEqual([])
      expect(skipped).toEqual([{ id: expect.any(String), reason: expect.stringMatching(expected) }])
      return
    }
    expect(skipped).toEqual([])
    expect(courses).toEqual([expect.objectContaining(expected)])
    expect(courseSchema.safeParse(courses[0]).success).toBe(true)
  })
}

/** What every HTTP provider does with a catalogue spread over pages. */
export function itReadsPagedCatalogues(
  read: ReadProducts,
  product: (id: number) => object,
  invalid: (id: number) => object,
) {
  it('keeps the valid products around an invalid one, in order, and the first of repeated ones', async () => {
    const products = [product(1), invalid(2), product(3), product(1), product(4)]
    const { courses, skipped } = await read(products, 2)
    expect(courses.map((course) => course.id)).toEqual(['1', '3', '4'])
    expect(skipped).toEqual([{ id: '2', reason: expect.any(String) }])
  })

  it('reports every product as skipped when none is valid, leaving the verdict to the sync', async () => {
    const { courses, skipped } = await read([invalid(1), invalid(2)])
    expect(courses).toEqual([])
    expect(skipped.map((entry) => entry.id)).toEqual(['1', '2'])
  })
}
