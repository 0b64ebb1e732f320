/**
 * A sliding-window limit per client key (the IP address), kept in memory. It protects one
 * process; with several processes behind a load balancer each keeps its own count, which still
 * bounds abuse by the number of processes (docs/decisions/005-contact-delivery.md).
 */
export interface RateLimitDecision {
  allowed: boolean
  /** Whole seconds until the next request from this key would be allowed (0 when allowed). */
  retryAfterSeconds: number
}

export interface RateLimiter {
  /** Counts one request for the key when it is allowed; a refused request is not counted. */
  hit(key: string): RateLimitDecision
}

/** Above this many tracked keys the least recently seen are forgotten, so memory stays bounded. */
const MAX_KEYS = 10_000

export function createRateLimiter(options: {
  max: number
  windowMs: number
  now?: () => number
}): RateLimiter {
  const now = options.now ?? Date.now
  // Map order is insertion order; re-inserting a key on every hit keeps it least-recently-seen first.
  const hits = new Map<string, number[]>()

  return {
    hit(key) {
      const at = now()
      const since = at - options.windowMs
      const recent = (hits.get(key) ?? []).filter((t) => t > since)
      hits.delete(key)
      if (recent.length >= options.max) {
        hits.set(key, recent)
        const oldest = recent[0]!
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + options.windowMs - at) / 1000)),
        }
      }
      recent.push(at)
      hits.set(key, recent)
      if (hits.size > MAX_KEYS) {
        for (const stale of hits.keys()) {
          hits.delete(stale)
          if (hits.size <= MAX_KEYS) break
        }
      }
      return { allowed: true, retryAfterSeconds: 0 }
    },
  }
}
