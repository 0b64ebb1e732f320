/**
 * Where staff open the back office, and whether passkeys can work there. A passkey belongs to a
 * host name (the WebAuthn RP ID), which must not be an IP address, and browsers offer passkeys
 * and `__Host-` cookies only on HTTPS pages or on localhost. The origin comes from ADMIN_ORIGIN,
 * else from the site's public address (PUBLIC_SITE_URL, set or built), else localhost on PORT.
 * A loopback IP address in the site's address (the default http://127.0.0.1:3000) becomes
 * localhost, where passkeys work.
 */
import net from 'node:net'
import type { Env } from '#server/env.ts'

export interface AdminSite {
  /** scheme://host[:port], without a trailing slash. */
  origin: string
  /** The WebAuthn relying party id: the origin's host name. */
  rpID: string
  /** Why the back office cannot work at this origin (then it refuses every request), or undefined. */
  problem: string | undefined
}

/** The back office's own path on the site. */
export const ADMIN_PATH = '/admin'

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost')
}

function isLoopbackAddress(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '')
  return bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)
}

export function adminSite(
  env: Pick<Env, 'ADMIN_ORIGIN' | 'PUBLIC_SITE_URL' | 'PORT'>,
  builtSiteUrl?: string,
): AdminSite {
  let url: URL
  if (env.ADMIN_ORIGIN) url = new URL(env.ADMIN_ORIGIN)
  else {
    const site = env.PUBLIC_SITE_URL ?? builtSiteUrl
    url = new URL(site ?? `http://localhost:${env.PORT}`)
    if (isLoopbackAddress(url.hostname)) url.hostname = 'localhost'
  }
  const origin = url.origin
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  let problem: string | undefined
  if (net.isIP(hostname) !== 0) {
    problem = `The back office cannot work at ${origin}: passkeys need a host name, not an IP address. Set ADMIN_ORIGIN (or PUBLIC_SITE_URL) to the address staff open, e.g. https://www.example.org.`
  } else if (url.protocol !== 'https:' && !isLoopbackHost(hostname)) {
    problem = `The back office needs HTTPS: browsers offer passkeys and secure cookies only on https:// pages (or on localhost), and ${origin} is plain HTTP. Serve the site through a TLS proxy and set ADMIN_ORIGIN=https://${url.host}.`
  }
  return { origin, rpID: hostname, problem }
}

/** A link into the back office, e.g. the invitation page. */
export function adminUrl(site: AdminSite, pathname: string): string {
  return `${site.origin}${ADMIN_PATH}${pathname}`
}
