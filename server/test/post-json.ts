import type { FastifyInstance, InjectOptions } from 'fastify'

/**
 * A JSON POST helper for the form endpoints' tests. Each request comes from its own address
 * (10.<subnet>.x.y) unless a test passes one, so per-address rate limits only show where a test
 * is about them.
 */
export function jsonPoster(app: () => FastifyInstance, url: string, subnet: number) {
  let ip = 0
  return (payload: unknown, extra: Partial<InjectOptions> = {}) => {
    ip++
    return app().inject({
      method: 'POST',
      url,
      remoteAddress: `10.${subnet}.${Math.floor(ip / 250)}.${ip % 250}`,
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      ...extra,
    })
  }
}
