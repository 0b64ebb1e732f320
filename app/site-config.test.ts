import { describe, expect, it } from 'vitest'
import { contentSnapshot } from '#app/lib/content.server.ts'
import { buildSettings, siteConfigFromEnv as fromEnvAndContent } from './site-config.ts'

const { settings } = contentSnapshot()
const siteConfigFromEnv = (env: Record<string, string | undefined>) =>
  fromEnvAndContent(env, settings)

describe('site configuration (build time)', () => {
  it('defaults to reserved example domains and one sign-up route ending in /auth/signup', () => {
    const config = siteConfigFromEnv({})
    expect(config.signupUrl).toMatch(/^https:\/\/[^/]+\.example\.org\/.*\/auth\/signup$/)
    expect(config.dashboardCoursesUrl).toBe('https://dashboard.docucommons.example.org/courses')
    expect(config.phoneHref).toBe('tel:+18165550142')
    expect(config.storeProvider).toBe('sample')
  })

  it('takes overrides from PUBLIC_* variables, social and partner links too, and ignores empty ones', () => {
    const config = siteConfigFromEnv({
      PUBLIC_DASHBOARD_URL: 'https://members.example.net/',
      PUBLIC_SIGNUP_PATH: '/join/auth/signup',
      PUBLIC_EMAIL: '',
      PUBLIC_FACEBOOK_URL: 'https://www.facebook.com/docucommons.org',
      PUBLIC_YOUTUBE_URL: 'https://www.youtube.com/@docucommons-org',
      PUBLIC_PARTNER_PRAIRIE_LANTERN_FILMS_URL: 'https://films.example.net/',
      OTHER: 'x',
    })
    expect(config.signupUrl).toBe('https://members.example.net/join/auth/signup')
    expect(config.email).toBe('info@docucommons.example.org')
    expect(config.social).toMatchObject({
      Facebook: 'https://www.facebook.com/docucommons.org',
      YouTube: 'https://www.youtube.com/@docucommons-org',
      Instagram: 'https://instagram.example.com/docucommons',
    })
    expect(config.partners['prairie-lantern-films']).toBe('https://films.example.net/')
    expect(config.partners['heartland-story-fund']).toBe('https://heartlandstoryfund.example.org')
  })

  it('takes phone, e-mail, social and partner links from the content settings, unless a PUBLIC_* variable is set', () => {
    const edited = {
      ...settings,
      phone: '+1 (913) 555-0199',
      social: { ...settings.social, Instagram: 'https://instagram.example.net/dc' },
    }
    const config = fromEnvAndContent({ PUBLIC_EMAIL: 'press@example.net' }, edited)
    expect(config.phone).toBe('+1 (913) 555-0199')
    expect(config.phoneHref).toBe('tel:+19135550199')
    expect(config.social.Instagram).toBe('https://instagram.example.net/dc')
    expect(config.email).toBe('press@example.net')
    // What the build records beside itself, so that the server can refuse a contradicting
    // environment: the value the build used, wherever it came from.
    expect(buildSettings({ PUBLIC_EMAIL: 'press@example.net' }, edited)).toMatchObject({
      PUBLIC_PHONE: '+1 (913) 555-0199',
      PUBLIC_EMAIL: 'press@example.net',
      PUBLIC_INSTAGRAM_URL: 'https://instagram.example.net/dc',
      PUBLIC_DASHBOARD_URL: 'https://dashboard.docucommons.example.org',
    })
  })

  it.each([
    [
      { PUBLIC_TWITTER_URL: 'twitter.com/docucommons' },
      /PUBLIC_TWITTER_URL must be an absolute http\(s\) URL/,
    ],
    [
      { PUBLIC_PARTNER_HEARTLAND_STORY_FUND_URL: 'javascript:alert(1)' },
      /PUBLIC_PARTNER_HEARTLAND_STORY_FUND_URL must be an absolute http\(s\) URL/,
    ],
    [{ PUBLIC_SITE_URL: 'ftp://x' }, /PUBLIC_SITE_URL must be an absolute http\(s\) URL/],
    [
      { PUBLIC_SIGNUP_PATH: '/signup' },
      /PUBLIC_SIGNUP_PATH must be a path ending in \/auth\/signup/,
    ],
    [{ PUBLIC_EMAIL: 'nobody' }, /PUBLIC_EMAIL must be an e-mail address/],
    [
      { PUBLIC_STORE_PROVIDER: 'etsy' },
      /PUBLIC_STORE_PROVIDER must be sample, shopify or woocommerce/,
    ],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => siteConfigFromEnv(env)).toThrow(message)
  })
})
