/**
 * Security headers for every response. The pages carry one inline script (the boot script,
 * app/document/boot.ts); instead of allowing all inline script, the CSP of each page lists the
 * SHA-256 of exactly the inline scripts the render pipeline put in it (server/render/).
 */

/** The headers of every answer; HSTS covers subdomains unless HSTS_INCLUDE_SUBDOMAINS=false. */
export function baseHeaders(options: { HSTS_INCLUDE_SUBDOMAINS: boolean }): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // Two years; browsers ignore it over plain HTTP, so local development is unaffected.
    'strict-transport-security': `max-age=63072000${options.HSTS_INCLUDE_SUBDOMAINS ? '; includeSubDomains' : ''}`,
  }
}

export function contentSecurityPolicy(scriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.length ? ' ' + scriptHashes.join(' ') : ''}`,
    // The stylesheet is inline in every page, and React sets style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Course pictures may come from the store's image host (Shopify, WooCommerce CDNs).
    "img-src 'self' data: https:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/** The CSP for JSON and other non-HTML answers: nothing may run. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'"

/** The CSP of the server's own error page: its one style block, nothing else. */
export const ERROR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
