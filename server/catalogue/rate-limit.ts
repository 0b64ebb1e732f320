/**
 * A fixed-window request counter per client address, in memory. It guards the public Refresh
 * button (each refresh at least reads the database); it is per process, which is enough for that
 * job: the cooldown, not this limit, is what protects the store.
 */

export interface RateLimitOptions {
  max: number
  windowMs: number
  /** Keys kept at most; past it, expired windows are dropped first, then the oldest. */
  maxKeys?: number
  now?: () => number
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export function createRateLimiter(options: RateLimitOptions) {
  const { max, windowMs } = options
  const maxKeys = options.maxKeys ?? 10_000
  const now = options.now ?? Date.now
  const windows = new Map<string, { count: number; resetAt: number }>()

  function prune(at: number) {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key)
    // Still full (many addresses at once): forget the oldest windows, which a Map keeps first.
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break
      windows.delete(key)
    }
  }

  return {
    hit(address: string): RateLimitResult {
      const at = now()
      const key = clientKey(address)
      let window = windows.get(key)
      if (!window || window.resetAt <= at) {
        if (!window && windows.size >= maxKeys) prune(at)
        windows.delete(key)
        window = { count: 0, resetAt: at + windowMs }
        windows.set(key, window)
      }
      window.count++
      if (window.count <= max) return { allowed: true }
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - at) / 1000)),
      }
    },
    get size() {
      return windows.size
    },
  }
}

/**
 * The key an address is counted under. IPv4 counts per address (also when written as an
 * IPv4-mapped IPv6 address); IPv6 counts per /64, the block one household or server usually
 * gets, so rotating through its addresses does not multiply the limit.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
