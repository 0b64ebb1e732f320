/**
 * HTML form posts (application/x-www-form-urlencoded), which the site's forms send before or
 * without JavaScript, and the same-site check that keeps other sites from posting them: a
 * browser names the page's origin in `Origin` and its relation to us in `Sec-Fetch-Site`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded'

/** The request's media type, lower case, without parameters ('' when there is none). */
export function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase()
}

/**
 * True unless the browser says the post comes from another site. A request with neither header
 * (curl, an old browser) is not a cross-site browser request and passes. The site's own origin
 * is the Host the request was sent to, or PUBLIC_SITE_URL (behind a proxy that rewrites Host).
 */
export function isSameSite(request: FastifyRequest, siteUrl: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site']
  // "none" is a navigation the user started (typed, bookmarked): no other site can cause it.
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return false
  const origin = request.headers.origin
  if (origin === undefined) return true
  if (!URL.canParse(origin)) return false
  const { host } = new URL(origin)
  // Through URL, so "example.org:443" and "example.org" compare equal for https.
  const requested = URL.canParse(`${request.protocol}://${request.host}`)
    ? new URL(`${request.protocol}://${request.host}`).host
    : undefined
  return host === requested || (siteUrl !== undefined && host === new URL(siteUrl).host)
}

const withParsers = new WeakSet<FastifyInstance>()

/**
 * Gives this plugin scope a parser for form posts (fields as strings; a repeated field keeps
 * its last value). Percent-encoding can triple a text's size, hence its own, larger limit.
 */
export function acceptFormPosts(app: FastifyInstance, bodyLimit: number) {
  if (withParsers.has(app)) return
  withParsers.add(app)
  app.addContentTypeParser(
    FORM_MEDIA_TYPE,
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    },
  )
}
