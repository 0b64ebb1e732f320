/**
 * The deployment's addresses (the site, the members' dashboard, the store), validated at build
 * time by app/site-config.ts and injected by Vite as a constant (vite.config.ts). The content
 * settings (phone, e-mail, social and partner links) are not here: they come with each render,
 * from the published content (app/lib/site-settings.ts).
 */
import type { DeploymentConfig } from './site-config.ts'

declare const __SITE_CONFIG__: DeploymentConfig

export const siteConfig: DeploymentConfig = __SITE_CONFIG__

/**
 * How long a request to the site's API may take (docs/requirements.md#api, docs/requirements.md#constants): the same in every
 * environment, so a constant rather than a setting. The course calls and the forms share it.
 */
export const REQUEST_TIMEOUT_MS = 30_000
