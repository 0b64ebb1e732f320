/**
 * Site-wide copy: the brand, navigation and footer. Addresses, phone and e-mail come from
 * app/config.ts so they can be set per deployment.
 */
import type { NavItem } from './schema.ts'

export const brand = {
  name: 'DocuCommons',
  tagline: 'Listen, Learn, Lead',
  description:
    'DocuCommons is a nonprofit multimedia learning platform about community change: a daily news podcast, documentary-style continuing-education courses and consulting.',
  publisher: 'Heartland Story Fund',
  headquarters: { city: 'Kansas City', region: 'Missouri', regionCode: 'MO', country: 'US' },
  podcast: 'The Daily Commons',
} as const

/** Header navigation, in order. "My Module" (members) is inserted after About Us. */
export const navItems: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/articles', label: 'Articles' },
  { to: '/contact', label: 'Contact Us' },
]

export const footer = {
  description:
    'Stories, courses and counsel for people who build their communities from the ground up. Brought to you by the Heartland Story Fund, a nonprofit in Kansas City, Missouri.',
  quickLinks: [
    { to: '/about', label: 'About' },
    { to: '/articles', label: 'Article' },
    { to: '/contact', label: 'Contact' },
  ] satisfies NavItem[],
} as const
