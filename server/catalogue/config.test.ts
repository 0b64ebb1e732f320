/** The catalogue settings of server/env.ts (their defaults: server/env.test.ts). */
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from '#server/env.ts'

describe('catalogue settings', () => {
  it('reads a store and allows no cooldown (development)', () => {
    const env = parseEnv({
      STORE_PROVIDER: 'woocommerce',
      STORE_URL: 'https://shop.example.com',
      REFRESH_COOLDOWN_SECONDS: '0',
    })
    expect(env).toMatchObject({
      STORE_PROVIDER: 'woocommerce',
      STORE_URL: 'https://shop.example.com',
      REFRESH_COOLDOWN_SECONDS: 0,
    })
  })

  it.each([
    [
      { STORE_PROVIDER: 'magento' },
      /STORE_PROVIDER must be one of sample, shopify, woocommerce \(got "magento"\)/,
    ],
    [{ STORE_PROVIDER: 'shopify' }, /STORE_URL is required when STORE_PROVIDER is shopify/],
    [
      { STORE_PROVIDER: 'woocommerce', STORE_URL: '' },
      /STORE_URL is required when STORE_PROVIDER is woocommerce/,
    ],
    [
      { STORE_URL: 'ftp://shop.example.com' },
      /STORE_URL must be a URL starting with http:\/\/ or https:\/\//,
    ],
    [{ REFRESH_COOLDOWN_SECONDS: '-1' }, /REFRESH_COOLDOWN_SECONDS must be 0 or more/],
    [{ REFRESH_COOLDOWN_SECONDS: 'soon' }, /REFRESH_COOLDOWN_SECONDS must be a number/],
    [{ STORE_TIMEOUT_MS: '0' }, /STORE_TIMEOUT_MS must be greater than 0/],
    [{ REFRESH_RATE_LIMIT_MAX: '0' }, /REFRESH_RATE_LIMIT_MAX must be greater than 0/],
  ])('rejects %o with a line naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError)
    expect(() => parseEnv(source)).toThrow(message)
  })
})
