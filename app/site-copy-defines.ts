/**
 * The brand, navigation and footer copy as Vite `define`s (vite.config.ts, vitest.config.ts),
 * one constant each, so the bundle carries each as a plain object literal (app/site-copy.ts).
 */
import type { SiteCopy } from '#common/content/site.ts'

export function siteCopyDefines(site: SiteCopy) {
  return {
    __SITE_BRAND__: JSON.stringify(site.brand),
    __SITE_NAV_ITEMS__: JSON.stringify(site.navItems),
    __SITE_FOOTER__: JSON.stringify(site.footer),
  }
}
