import { describe, expect, it } from 'vitest'
import { clientKey, createRateLimiter } from './rate-limit.ts'

describe('createRateLimiter', () => {
  it('allows max hits per window, then answers how long to wait', () => {
    let now = 1_000_000
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000, now: () => now })
    expect([1, 2, 3].map(() => limiter.hit('203.0.113.9').allowed)).toEqual([true, true, true])
    now += 15_000
    expect(limiter.hit('203.0.113.9')).toEqual({ allowed: false, retryAfterSeconds: 45 })
    // Another address has its own window.
    expect(limiter.hit('203.0.113.10').allowed).toBe(true)
    now += 45_000
    expect(limiter.hit('203.0.113.9').allowed).toBe(true)
  })

  it('keeps at most maxKeys windows', () => {
    let now = 0
    const limiter = createRateLimiter({ max: 1, windowMs: 1000, maxKeys: 100, now: () => now })
    for (let i = 0; i < 1000; i++) limiter.hit(`198.51.100.${i % 250}-${i}`)
    expect(limiter.size).toBeLessThanOrEqual(100)
    now += 2000
    limiter.hit('192.0.2.1')
    expect(limiter.size).toBe(1)
  })
})

describe('clientKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => expect(clientKey(address)).toBe(key))
})
