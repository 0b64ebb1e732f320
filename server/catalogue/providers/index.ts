import type { StoreProviderName } from '#common/course-schemas.ts'
import { DEFAULT_MAX_BYTES } from '#server/catalogue/upstream.ts'
import { createIsolatedProvider } from './isolated.ts'
import { createSampleProvider, DEFAULT_STORE_URL } from './sample.ts'
import { DEFAULT_MAX_PAGES, type StoreProvider } from './types.ts'

export { productId } from './products.ts'
export { MAX_LISTED_SKIPS } from './types.ts'
export type { SkippedProduct, StoreCatalogue, StoreProvider } from './types.ts'

export interface ProviderConfig {
  provider: StoreProviderName
  /** Required for shopify and woocommerce (server/env.ts checks it). */
  storeUrl?: string | undefined
  timeoutMs: number
  maxBytes?: number
  maxPages?: number
}

/**
 * The provider STORE_PROVIDER names, reading STORE_URL. A store read over HTTP is read in a
 * worker thread (isolated.ts): its answers are not ours, and must not hold the event loop.
 */
export function createStoreProvider(config: ProviderConfig): StoreProvider {
  const storeUrl = (config.storeUrl ?? DEFAULT_STORE_URL).replace(/\/+$/, '')
  if (config.provider === 'sample') return createSampleProvider(storeUrl)
  if (!config.storeUrl)
    throw new Error(`STORE_URL is required when STORE_PROVIDER is ${config.provider}`)
  const settings = {
    storeUrl,
    timeoutMs: config.timeoutMs,
    maxBytes: config.maxBytes ?? DEFAULT_MAX_BYTES,
    maxPages: config.maxPages ?? DEFAULT_MAX_PAGES,
  }
  return createIsolatedProvider(config.provider, settings)
}
