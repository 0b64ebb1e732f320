/**
 * The brand, navigation and footer copy (content/site.yaml), which the header and footer show on
 * every page: read and validated at build time (vite.config.ts) and injected by Vite as
 * constants (./site-copy-defines.ts), like the site's addresses (app/config.ts).
 */
import type { SiteCopy } from '#common/content/site.ts'

declare const __SITE_BRAND__: SiteCopy['brand']
declare const __SITE_NAV_ITEMS__: SiteCopy['navItems']
declare const __SITE_FOOTER__: SiteCopy['footer']

export const brand = __SITE_BRAND__
export const navItems = __SITE_NAV_ITEMS__
export const footer = __SITE_FOOTER__
