/**
 * Whether a link is a path on this site, as a browser reads it. Browsers take a backslash for a
 * slash (`/\evil.example` opens evil.example), drop tabs and line breaks inside a URL (`/\t/evil`
 * is `//evil`) and trim spaces and control characters around it, and `//host` names another
 * host: so a site path starts with one "/", and has no backslash, whitespace or control
 * character anywhere. What passes resolves to the page's own origin.
 */
const BASE = 'https://site-path.invalid'

export function isSitePath(link: string): boolean {
  if (!link.startsWith('/') || link.startsWith('//')) return false
  // Backslash, whitespace (Unicode's too) and C0/C1 control characters.
  if (/[\\\s\p{Cc}]/u.test(link)) return false
  return URL.canParse(link, BASE) && new URL(link, BASE).origin === BASE
}
