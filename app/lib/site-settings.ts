/**
 * The site settings as the pages show them: the content's phone, e-mail, social and partner links
 * (the published `settings` document, content/settings.yaml), each overridden by the PUBLIC_*
 * variable set when the site was built, if any (docs/decisions/014-content-as-data.md). The
 * overrides are a build-time constant (vite.config.ts); the settings come with every render, so
 * a change staff publish shows on every page without a build.
 */
import type { SiteSettings, SocialIcon } from '#common/content/site.ts'

/** What a build's PUBLIC_* variables set, by setting; unset ones are absent. */
export interface SettingsOverrides {
  phone?: string
  email?: string
  social?: Partial<Record<SocialIcon, string>>
  partners?: Partial<Record<keyof SiteSettings['partners'], string>>
}

declare const __SETTINGS_OVERRIDES__: SettingsOverrides

export interface ResolvedSettings {
  phone: string
  /** "tel:+18165550142" */
  phoneHref: string
  email: string
  social: Record<SocialIcon, string>
  partners: SiteSettings['partners']
}

export function resolveSettings(
  settings: SiteSettings,
  overrides: SettingsOverrides = __SETTINGS_OVERRIDES__,
): ResolvedSettings {
  const phone = overrides.phone ?? settings.phone
  return {
    phone,
    phoneHref: `tel:${phone.replace(/[^\d+]/g, '')}`,
    email: overrides.email ?? settings.email,
    social: { ...settings.social, ...overrides.social },
    partners: { ...settings.partners, ...overrides.partners },
  }
}
