import { describe, expect, it } from 'vitest'
import { siteConfigFromEnv } from './site-config.ts'

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
