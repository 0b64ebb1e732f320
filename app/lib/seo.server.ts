import type { MetaDescriptor } from 'react-router'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { siteConfig } from '#app/config.ts'
import { resolveSettings } from './site-settings.ts'

export interface PageSeo {
  title: string
  description: string
  /** Path of the page, without a trailing slash ("/" for home). */
  path: string
  /** Site-relative URL of the share image (1200x630 unless `imageSize` says otherwise). */
  image: string
  imageSize?: { width: number; height: number }
  imageAlt?: string
  type?: 'website' | 'article'
  /** Extra JSON-LD objects for this page (Article, BreadcrumbList...). */
  jsonLd?: Record<string, unknown>[]
  noindex?: boolean
}

export const absoluteUrl = (path: string) => siteConfig.siteUrl + (path === '/' ? '/' : path)

/** The organisation and the site, as every page's JSON-LD names them (from the published content). */
function siteGraph(snapshot: ContentSnapshot) {
  const { brand } = snapshot.site
  const settings = resolveSettings(snapshot.settings)
  const organization = {
    '@type': 'Organization',
    '@id': `${siteConfig.siteUrl}/#organization`,
    name: brand.name,
    slogan: brand.tagline,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/icon-512.png'),
    email: settings.email,
    telephone: settings.phone,
    address: {
      '@type': 'PostalAddress',
      addressLocality: brand.headquarters.city,
      addressRegion: brand.headquarters.regionCode,
      addressCountry: brand.headquarters.country,
    },
    sameAs: Object.values(settings.social),
  }
  const website = {
    '@type': 'WebSite',
    '@id': `${siteConfig.siteUrl}/#website`,
    name: brand.name,
    url: absoluteUrl('/'),
    publisher: { '@id': organization['@id'] },
    // The site's search (/search), for search engines' site search box.
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absoluteUrl('/search')}?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  }
  return [organization, website]
}

export function breadcrumbs(items: { name: string; path: string }[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  }
}

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD for one page. */
export function seo(snapshot: ContentSnapshot, page: PageSeo): MetaDescriptor[] {
  const { brand } = snapshot.site
  const title =
    page.path === '/' ? `${brand.name}: ${brand.tagline}` : `${page.title} | ${brand.name}`
  const url = absoluteUrl(page.path)
  const image = absoluteUrl(page.image)
  return [
    { title },
    { name: 'description', content: page.description },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: brand.name },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(page.imageSize?.width ?? 1200) },
    { property: 'og:image:height', content: String(page.imageSize?.height ?? 630) },
    { property: 'og:image:alt', content: page.imageAlt ?? page.title },
    { property: 'og:locale', content: 'en_US' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@graph': [...siteGraph(snapshot), ...(page.jsonLd ?? [])],
      },
    },
  ]
}
