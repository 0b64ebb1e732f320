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

/**
 * A plain HTML form post (as a browser sends it without JavaScript), from the site itself unless
 * a test passes other headers. Each request comes from its own address, as with jsonPoster.
 */
export function formPoster(app: () => FastifyInstance, url: string, subnet: number) {
  let ip = 0
  return (fields: Record<string, string>, extra: Partial<InjectOptions> = {}) => {
    ip++
    const { headers, ...rest } = extra
    return app().inject({
      method: 'POST',
      url,
      remoteAddress: `10.${subnet}.${Math.floor(ip / 250)}.${(ip % 250) + 1}`,
      // A header a test sets to undefined is left out.
      headers: Object.fromEntries(
        Object.entries({
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://localhost:80',
          'sec-fetch-site': 'same-origin',
          ...headers,
        }).filter(([, value]) => value !== undefined),
      ) as Record<string, string>,
      payload: new URLSearchParams(fields).toString(),
      ...rest,
    })
  }
}
