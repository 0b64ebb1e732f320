import type { StoreProviderName } from '#common/course.ts'
import { DEFAULT_MAX_BYTES } from '#server/catalogue/upstream.ts'
import { createSampleProvider, DEFAULT_STORE_URL } from './sample.ts'
import { createShopifyProvider } from './shopify.ts'
import { DEFAULT_MAX_PAGES, type StoreProvider } from './types.ts'
import { createWooCommerceProvider } from './woocommerce.ts'

export { productId } from './products.ts'
export type { SkippedProduct, StoreCatalogue, StoreProvider } from './types.ts'

export interface ProviderConfig {
  provider: StoreProviderName
  /** Required for shopify and woocommerce (server/env.ts checks it). */
  storeUrl?: string | undefined
  timeoutMs: number
  maxBytes?: number
  maxPages?: number
}

/** The provider STORE_PROVIDER names, reading STORE_URL. */
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
  return config.provider === 'shopify'
    ? createShopifyProvider(settings)
    : createWooCommerceProvider(settings)
}
