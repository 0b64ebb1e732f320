/**
 * Article slugs: the last part of /articles/<slug>. Lower-case words joined by hyphens, so a slug
 * reads well in a link and can never climb out of /articles/ ("..", "/", "%2e"); and not a word
 * the site uses for its own routes, so that a page or a future route can never be shadowed.
 */
export const SLUG_MAX_LENGTH = 80

/**
 * Words no article may take: the site's own top-level routes and files (app/page-paths.ts,
 * checked by a test there), the back office and the API, and words a route under /articles may
 * need (feeds, listings, drafts).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'about',
  'admin',
  'api',
  'articles',
  'assets',
  'contact',
  'courses',
  'draft',
  'drafts',
  'edit',
  'feed',
  'index',
  'listen',
  'media',
  'new',
  'newsletter',
  'page',
  'preview',
  'privacy',
  'robots',
  'search',
  'rss',
  'series',
  'sitemap',
])

/**
 * Lower-case ASCII words joined by hyphens from any text: "A Cuff in Every Bag" →
 * "a-cuff-in-every-bag", accents dropped, at most SLUG_MAX_LENGTH characters; empty when nothing
 * is left. Titles become slugs with it, and uploads their download names.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '')
}

/** Why a slug cannot be used, or undefined when it can. */
export function slugProblem(slug: string): string | undefined {
  if (slug.length === 0) return 'must not be empty'
  if (slug.length > SLUG_MAX_LENGTH) return `must be at most ${SLUG_MAX_LENGTH} characters`
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug))
    return 'must be lower-case letters and digits joined by single hyphens, such as "marisol-vega"'
  if (RESERVED_SLUGS.has(slug)) return `"${slug}" is reserved for the site's own pages`
  return undefined
}
