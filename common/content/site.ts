/**
 * What every page shows around its own copy: the brand, the navigation and the footer
 * (content/site.yaml), and the site settings staff keep up to date: phone, e-mail, social and
 * partner links (content/settings.yaml). A PUBLIC_* variable set when the site is built
 * overrides a setting (app/site-config.ts, docs/decisions/014-content-as-data.md).
 */
import { z } from 'zod'
import { httpUrl, navItem, nonEmpty } from './fields.ts'

export const siteCopy = z.strictObject({
  brand: z.strictObject({
    name: nonEmpty,
    tagline: z.literal('Listen, Learn, Lead'),
    description: nonEmpty.max(200),
    publisher: nonEmpty,
    headquarters: z.strictObject({
      city: nonEmpty,
      region: nonEmpty,
      regionCode: nonEmpty,
      country: nonEmpty,
    }),
    podcast: nonEmpty,
  }),
  navItems: z.array(navItem).min(1),
  footer: z.strictObject({ description: nonEmpty, quickLinks: z.array(navItem).min(1) }),
})
export type SiteCopy = z.infer<typeof siteCopy>

export const socialNetworks = ['Facebook', 'Twitter', 'Instagram', 'LinkedIn', 'YouTube'] as const
export const socialIcon = z.enum(socialNetworks)
export type SocialIcon = z.infer<typeof socialIcon>

/** The partner ids (the partner logos of the media manifest) that have a link on /about. */
export const partnerIds = [
  'heartland-story-fund',
  'kaw-river-justice-collaborative',
  'prairie-lantern-films',
] as const

export const phoneNumber = z
  .string()
  .trim()
  .regex(/^\+?[\d\s().-]{7,20}$/, 'must be a phone number such as "+1 (816) 555-0142"')

export const emailAddress = z.email({ error: 'must be an e-mail address' })

export const siteSettings = z.strictObject({
  phone: phoneNumber,
  email: emailAddress,
  social: z.strictObject(
    Object.fromEntries(socialNetworks.map((name) => [name, httpUrl])) as Record<
      SocialIcon,
      typeof httpUrl
    >,
  ),
  partners: z.strictObject(
    Object.fromEntries(partnerIds.map((id) => [id, httpUrl])) as Record<
      (typeof partnerIds)[number],
      typeof httpUrl
    >,
  ),
})
export type SiteSettings = z.infer<typeof siteSettings>
