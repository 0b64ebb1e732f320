/**
 * Whether mail must go over TLS. Invitation and recovery links grant access to the back office
 * (an administrator's, for an administrator's link), and newsletter links carry tokens: over
 * `smtp://` to another machine, without STARTTLS, anyone on the network path reads them. So
 * `smtp://` to a host other than this machine requires STARTTLS (nodemailer's `requireTLS`: the
 * send fails when the server does not offer it), unless SMTP_SEND_ADMIN_LINKS_UNENCRYPTED=true
 * says in its name what that risks. `smtps://` is TLS from the start; loopback never leaves the
 * machine (a local relay).
 */
import net from 'node:net'

/** The setting that allows plain SMTP, named for what it exposes. */
export const PLAINTEXT_SETTING = 'SMTP_SEND_ADMIN_LINKS_UNENCRYPTED'

/** What SMTP_URL's query may not say, since it would turn STARTTLS off (nodemailer reads it). */
const TLS_OVERRIDES = ['ignoretls', 'requiretls', 'secure']

function isLoopback(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true
  if (net.isIPv4(bare)) return bare.startsWith('127.')
  return bare === '::1'
}

/**
 * `requireTLS` for the transport of SMTP_URL, or the reason the URL cannot be used (its query
 * turns TLS off where it is required).
 */
export function smtpTls(
  smtpUrl: string,
  allowPlaintext: boolean,
): { requireTLS: boolean; problem?: string } {
  const url = new URL(smtpUrl)
  const required = url.protocol === 'smtp:' && !isLoopback(url.hostname) && !allowPlaintext
  if (!required) return { requireTLS: false }
  const override = [...url.searchParams.keys()].find((key) =>
    TLS_OVERRIDES.includes(key.toLowerCase()),
  )
  if (override)
    return {
      requireTLS: true,
      problem: `must not set ${override} for ${url.hostname}: mail to another machine goes over STARTTLS, since invitation links grant administrator access. Use smtps://, or set ${PLAINTEXT_SETTING}=true to send them readable by anyone on the network path.`,
    }
  return { requireTLS: true }
}
