/**
 * Every external address and contact detail of the site, in one typed module. The contact
 * details and the social and partner links are content (content/settings.yaml, editable by
 * staff); the addresses of the dashboard, the store and the site itself belong to a deployment.
 * Each can be set at build time with a PUBLIC_* environment variable (see README,
 * Configuration), which wins over the content's value (docs/decisions/014-content-as-data.md);
 * the defaults use reserved example domains. A bad value fails the build naming the variable.
 *
 * Runs in Node only (vite.config.ts, tests): the validated result is injected into the bundle as
 * a constant (app/config.ts), so the schema library never ships to the browser.
 */
import { z } from 'zod'
import { emailAddress, phoneNumber, type SiteSettings } from '#common/content/site.ts'
import type { SettingsOverrides } from './lib/site-settings.ts'

const url = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })

/** The PUBLIC_* variables that override a setting of content/settings.yaml, with that setting. */
const CONTENT_SETTINGS = {
  PUBLIC_PHONE: (s: SiteSettings) => s.phone,
  PUBLIC_EMAIL: (s: SiteSettings) => s.email,
  PUBLIC_FACEBOOK_URL: (s: SiteSettings) => s.social.Facebook,
  PUBLIC_TWITTER_URL: (s: SiteSettings) => s.social.Twitter,
  PUBLIC_INSTAGRAM_URL: (s: SiteSettings) => s.social.Instagram,
  PUBLIC_LINKEDIN_URL: (s: SiteSettings) => s.social.LinkedIn,
  PUBLIC_YOUTUBE_URL: (s: SiteSettings) => s.social.YouTube,
  PUBLIC_PARTNER_HEARTLAND_STORY_FUND_URL: (s: SiteSettings) => s.partners['heartland-story-fund'],
  PUBLIC_PARTNER_KAW_RIVER_JUSTICE_COLLABORATIVE_URL: (s: SiteSettings) =>
    s.partners['kaw-river-justice-collaborative'],
  PUBLIC_PARTNER_PRAIRIE_LANTERN_FILMS_URL: (s: SiteSettings) =>
    s.partners['prairie-lantern-films'],
} as const

export const siteConfigSchema = z.object({
  PUBLIC_SITE_URL: url.default('http://127.0.0.1:3000'),
  PUBLIC_DASHBOARD_URL: url.default('https://dashboard.docucommons.example.org'),
  PUBLIC_DASHBOARD_COURSES_PATH: z
    .string()
    .regex(/^\/[\w\-/]*$/, 'must be a path starting with "/"')
    .default('/courses'),
  PUBLIC_SIGNUP_PATH: z
    .string()
    .regex(/^\/[\w\-/]*\/auth\/signup$/, 'must be a path ending in /auth/signup')
    .default('/access/auth/signup'),
  PUBLIC_STORE_URL: url.default('https://store.docucommons.example.org'),
  /** The {store} segment of the catalogue API; must match the server's STORE_PROVIDER. */
  PUBLIC_STORE_PROVIDER: z
    .enum(['sample', 'shopify', 'woocommerce'], { error: 'must be sample, shopify or woocommerce' })
    .default('sample'),
  // Content settings: unset, the value of content/settings.yaml stands.
  PUBLIC_PHONE: phoneNumber.optional(),
  PUBLIC_EMAIL: emailAddress.optional(),
  PUBLIC_FACEBOOK_URL: url.optional(),
  PUBLIC_TWITTER_URL: url.optional(),
  PUBLIC_INSTAGRAM_URL: url.optional(),
  PUBLIC_LINKEDIN_URL: url.optional(),
  PUBLIC_YOUTUBE_URL: url.optional(),
  PUBLIC_PARTNER_HEARTLAND_STORY_FUND_URL: url.optional(),
  PUBLIC_PARTNER_KAW_RIVER_JUSTICE_COLLABORATIVE_URL: url.optional(),
  PUBLIC_PARTNER_PRAIRIE_LANTERN_FILMS_URL: url.optional(),
})

/**
 * The build's settings: every PUBLIC_* variable with the value the build uses, the environment's
 * when it sets one (and it is not empty), else the content's or the default. Recorded beside
 * each build (site-config.json), so the server can refuse an environment that contradicts it.
 */
export function buildSettings(env: Record<string, string | undefined>, settings: SiteSettings) {
  const result = publicVariables(env)
  const fromContent = Object.fromEntries(
    Object.entries(CONTENT_SETTINGS).map(([name, setting]) => [
      name,
      result.data[name as keyof typeof CONTENT_SETTINGS] ?? setting(settings),
    ]),
  ) as Record<keyof typeof CONTENT_SETTINGS, string>
  return { ...result.data, ...fromContent }
}

/** The PUBLIC_* variables the environment sets (not empty), checked; throws naming each bad one. */
function publicVariables(env: Record<string, string | undefined>) {
  const publicVars = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k.startsWith('PUBLIC_') && v !== ''),
  )
  const result = siteConfigSchema.safeParse(publicVars)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `Invalid build setting: ${issue.path.join('.')} ${issue.message}`,
    )
    throw new Error(lines.join('\n'))
  }
  return result
}

/**
 * The content settings the environment overrides (PUBLIC_PHONE, PUBLIC_FACEBOOK_URL, …), as the
 * build gives them to every render (app/lib/site-settings.ts): the content's value stands for
 * each one the environment leaves unset.
 */
export function settingsOverrides(env: Record<string, string | undefined>): SettingsOverrides {
  const set = publicVariables(env).data
  const pick = <K extends string>(names: Record<K, keyof typeof set>) =>
    Object.fromEntries(
      Object.entries(names)
        .map(([key, name]) => [key, set[name as keyof typeof set]])
        .filter(([, value]) => value !== undefined),
    ) as Partial<Record<K, string>>
  const social = pick({
    Facebook: 'PUBLIC_FACEBOOK_URL',
    Twitter: 'PUBLIC_TWITTER_URL',
    Instagram: 'PUBLIC_INSTAGRAM_URL',
    LinkedIn: 'PUBLIC_LINKEDIN_URL',
    YouTube: 'PUBLIC_YOUTUBE_URL',
  })
  const partners = pick({
    'heartland-story-fund': 'PUBLIC_PARTNER_HEARTLAND_STORY_FUND_URL',
    'kaw-river-justice-collaborative': 'PUBLIC_PARTNER_KAW_RIVER_JUSTICE_COLLABORATIVE_URL',
    'prairie-lantern-films': 'PUBLIC_PARTNER_PRAIRIE_LANTERN_FILMS_URL',
  })
  return {
    ...(set.PUBLIC_PHONE !== undefined && { phone: set.PUBLIC_PHONE }),
    ...(set.PUBLIC_EMAIL !== undefined && { email: set.PUBLIC_EMAIL }),
    ...(Object.keys(social).length > 0 && { social }),
    ...(Object.keys(partners).length > 0 && { partners }),
  }
}

/**
 * The deployment's own addresses (the dashboard, the store, the site), which the bundle carries
 * as a constant (app/config.ts); the content settings come with each render instead.
 */
export function deploymentConfig(env: Record<string, string | undefined>): DeploymentConfig {
  return deploymentOf(publicVariables(env).data)
}

export type DeploymentConfig = ReturnType<typeof deploymentOf>

function deploymentOf(env: z.output<typeof siteConfigSchema>) {
  const siteUrl = env.PUBLIC_SITE_URL.replace(/\/+$/, '')
  const dashboard = env.PUBLIC_DASHBOARD_URL.replace(/\/+$/, '')
  return {
    siteUrl,
    dashboardUrl: dashboard + '/',
    dashboardCoursesUrl: dashboard + env.PUBLIC_DASHBOARD_COURSES_PATH,
    /** The one sign-up / access route: every "Get Access" link points here. */
    signupUrl: dashboard + env.PUBLIC_SIGNUP_PATH,
    storeUrl: env.PUBLIC_STORE_URL,
    storeProvider: env.PUBLIC_STORE_PROVIDER,
  }
}

export type SiteConfig = ReturnType<typeof parseSiteConfig>

function parseSiteConfig(env: ReturnType<typeof buildSettings>) {
  return {
    ...deploymentOf(env),
    phone: env.PUBLIC_PHONE,
    phoneHref: 'tel:' + env.PUBLIC_PHONE.replace(/[^\d+]/g, ''),
    email: env.PUBLIC_EMAIL,
    social: {
      Facebook: env.PUBLIC_FACEBOOK_URL,
      Twitter: env.PUBLIC_TWITTER_URL,
      Instagram: env.PUBLIC_INSTAGRAM_URL,
      LinkedIn: env.PUBLIC_LINKEDIN_URL,
      YouTube: env.PUBLIC_YOUTUBE_URL,
    },
    /** By partner id (the logo ids in content/media-manifest.json). */
    partners: {
      'heartland-story-fund': env.PUBLIC_PARTNER_HEARTLAND_STORY_FUND_URL,
      'kaw-river-justice-collaborative': env.PUBLIC_PARTNER_KAW_RIVER_JUSTICE_COLLABORATIVE_URL,
      'prairie-lantern-films': env.PUBLIC_PARTNER_PRAIRIE_LANTERN_FILMS_URL,
    },
  } as const
}

/** The site's addresses: content settings, overridden by the environment's PUBLIC_* variables. */
export function siteConfigFromEnv(env: Record<string, string | undefined>, settings: SiteSettings) {
  return parseSiteConfig(buildSettings(env, settings))
}
