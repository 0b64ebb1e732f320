/**
 * Every external address and contact detail of the site, in one typed module. Each can be
 * overridden at build time with a PUBLIC_* environment variable (see README, Configuration);
 * the defaults use reserved example domains. A bad value fails the build naming the variable.
 *
 * Runs in Node only (vite.config.ts, tests): the validated result is injected into the bundle as
 * a constant (app/config.ts), so the schema library never ships to the browser.
 */
import { z } from 'zod'

const url = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })

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
  PUBLIC_PHONE: z
    .string()
    .regex(/^\+?[\d\s().-]{7,20}$/, 'must be a phone number such as "+1 (816) 555-0142"')
    .default('+1 (816) 555-0142'),
  PUBLIC_EMAIL: z
    .email({ error: 'must be an e-mail address' })
    .default('info@docucommons.example.org'),
  PUBLIC_FACEBOOK_URL: url.default('https://facebook.example.com/docucommons'),
  PUBLIC_TWITTER_URL: url.default('https://twitter.example.com/docucommons'),
  PUBLIC_INSTAGRAM_URL: url.default('https://instagram.example.com/docucommons'),
  PUBLIC_LINKEDIN_URL: url.default('https://linkedin.example.com/company/docucommons'),
  PUBLIC_YOUTUBE_URL: url.default('https://youtube.example.com/@docucommons'),
  PUBLIC_PARTNER_HEARTLAND_STORY_FUND_URL: url.default('https://heartlandstoryfund.example.org'),
  PUBLIC_PARTNER_KAW_RIVER_JUSTICE_COLLABORATIVE_URL: url.default(
    'https://kawriverjustice.example.org',
  ),
  PUBLIC_PARTNER_PRAIRIE_LANTERN_FILMS_URL: url.default('https://prairielantern.example.org'),
  /** The {store} segment of the catalogue API; must match the server's STORE_PROVIDER. */
  PUBLIC_STORE_PROVIDER: z
    .enum(['sample', 'shopify', 'woocommerce'], { error: 'must be sample, shopify or woocommerce' })
    .default('sample'),
})

export type SiteConfig = ReturnType<typeof parseSiteConfig>

export function parseSiteConfig(source: Record<string, unknown>) {
  const result = siteConfigSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `Invalid build setting: ${issue.path.join('.')} ${issue.message}`,
    )
    throw new Error(lines.join('\n'))
  }
  const env = result.data
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

/** The build's settings: the PUBLIC_* variables of the environment. */
export function siteConfigFromEnv(env: Record<string, string | undefined>) {
  const publicVars = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k.startsWith('PUBLIC_') && v !== ''),
  )
  return parseSiteConfig(publicVars)
}
