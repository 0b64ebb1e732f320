/**
 * Security headers for every response. The prerendered pages carry inline scripts (React
 * Router's hydration context and module loader); instead of allowing all inline script, the
 * CSP of each HTML file lists the SHA-256 of exactly the inline scripts that file contains.
 */
import crypto from 'node:crypto'

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

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? ''
    if (body.length === 0) continue
    hashes.add(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

export function contentSecurityPolicy(scriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.length ? ' ' + scriptHashes.join(' ') : ''}`,
    // React sets style attributes (e.g. image aspect boxes); no inline <style> blocks are used.
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
