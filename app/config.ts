/**
 * The site's external addresses and contact details, validated at build time by
 * app/site-config.ts and injected by Vite as a constant (see vite.config.ts).
 */
import type { SiteConfig } from './site-config.ts'

declare const __SITE_CONFIG__: SiteConfig

export const siteConfig: SiteConfig = __SITE_CONFIG__

/**
 * How long a request to the site's API may take (docs/requirements.md#api, docs/requirements.md#constants): the same in every
 * environment, so a constant rather than a setting. The course calls and the forms share it.
 */
export const REQUEST_TIMEOUT_MS = 30_000
