/**
 * The site's external addresses and contact details, validated at build time by
 * app/site-config.ts and injected by Vite as a constant (see vite.config.ts).
 */
import type { SiteConfig } from './site-config.ts'

declare const __SITE_CONFIG__: SiteConfig

export const siteConfig: SiteConfig = __SITE_CONFIG__
