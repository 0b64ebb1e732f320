/**
 * What each page's loader returns, computed from a ContentSnapshot alone: pure functions, so the
 * same page can be rendered from the repository's content at build time or from the database's
 * at run time (the loader only changes where it gets the snapshot). Articles are in
 * ./articles.server.ts.
 */
import { CONTACT_LIMITS } from '#common/contact.ts'
import type { ConsentPageContent } from '#common/content/pages.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { siteConfig } from '#app/config.ts'
import { orderedArticles, seriesPreview } from './article-series.server.ts'
import { awards, ogImage, partners, resolveImage, resolveVideo } from './content.server.ts'
import { breadcrumbs, seo } from './seo.server.ts'
import { resolveSettings } from './site-settings.ts'

/** Title, description, share image and the Home › page breadcrumb of a top-level page. */
function topLevelMeta(
  snapshot: ContentSnapshot,
  page: { title: string; description: string; path: string; og: string },
) {
  return seo(snapshot, {
    title: page.title,
    description: page.description,
    path: page.path,
    image: ogImage(snapshot.media, page.og),
    jsonLd: [
      breadcrumbs([
        { name: 'Home', path: '/' },
        { name: page.title, path: page.path },
      ]),
    ],
  })
}

export function homeView(snapshot: ContentSnapshot) {
  const {
    pages: { home },
    media,
    site: { brand },
  } = snapshot
  const image = (picture: Parameters<typeof resolveImage>[1]) => resolveImage(media, picture)
  return {
    home: {
      hero: home.hero,
      mission: { ...home.mission, image: image(home.mission.image) },
      inspiration: home.inspiration,
      changemakers: {
        ...home.changemakers,
        cards: home.changemakers.cards.map((card) => ({ ...card, image: image(card.image) })),
      },
      documentaries: {
        ...home.documentaries,
        blocks: home.documentaries.blocks.map((block) => ({
          ...block,
          video: resolveVideo(media, block.video, `${block.title} poster`),
          images: block.images.map(image),
        })),
      },
      categories: {
        ...home.categories,
        cards: home.categories.cards.map((card) => ({ ...card, image: image(card.image) })),
      },
      testimonials: {
        ...home.testimonials,
        items: home.testimonials.items.map((item) => ({ ...item, image: image(item.image) })),
      },
      getInTouch: home.getInTouch,
      awardsHeading: home.awards.heading,
    },
    awards: awards(media),
    heroVideo: resolveVideo(media, 'video/hero', ''),
    meta: seo(snapshot, {
      title: `${brand.name}: ${brand.tagline}`,
      description: brand.description,
      path: '/',
      image: ogImage(media, 'home'),
    }),
  }
}

export function aboutView(snapshot: ContentSnapshot) {
  const {
    pages: { about },
    media,
  } = snapshot
  const links = resolveSettings(snapshot.settings).partners
  const partnerLogos = partners(media).map((p) => ({
    ...p,
    href: links[p.id as keyof typeof links] ?? siteConfig.siteUrl,
  }))
  return {
    about: {
      ...about,
      gainInsight: { ...about.gainInsight, image: resolveImage(media, about.gainInsight.image) },
      sections: about.sections.map((s) => ({ ...s, image: resolveImage(media, s.image) })),
    },
    video: resolveVideo(media, 'video/about', ''),
    partners: partnerLogos,
    meta: topLevelMeta(snapshot, {
      title: 'About',
      description:
        'Who we are: a nonprofit learning platform with a daily news podcast, documentary courses and consulting for people who lead change in their communities.',
      path: '/about',
      og: 'about',
    }),
  }
}

export function articlesView(snapshot: ContentSnapshot) {
  const { order: _order, ...page } = snapshot.pages.articles
  // Every article's card once (its typography is worked out per card), then split by series.
  const ordered = orderedArticles(snapshot)
  return {
    page,
    groups: {
      'art-advocacy': seriesPreview(snapshot, 'art-advocacy', ordered),
      'returning-redemption': seriesPreview(snapshot, 'returning-redemption', ordered),
      'bails-bonds': seriesPreview(snapshot, 'bails-bonds', ordered),
    },
    meta: topLevelMeta(snapshot, {
      title: 'Articles',
      description:
        'Interview profiles of community changemakers: Art & Advocates, Returning & Redemption, and Bails & Bonds.',
      path: '/articles',
      og: 'articles',
    }),
  }
}

export function contactView(snapshot: ContentSnapshot) {
  const { contact } = snapshot.pages
  const settings = resolveSettings(snapshot.settings)
  return {
    page: contact,
    reach: {
      headquarters: snapshot.site.brand.headquarters,
      phone: settings.phone,
      phoneHref: settings.phoneHref,
      email: settings.email,
    },
    meta: topLevelMeta(snapshot, {
      title: 'Contact us',
      description:
        'Talk to DocuCommons about consulting sessions, community-project consultation, film and storytelling production, courses for teams and podcast partnerships.',
      path: '/contact',
      og: 'contact',
    }),
  }
}

/** The course list itself loads in the browser (app/courses/); the page around it is fixed. */
export function coursesView(snapshot: ContentSnapshot) {
  return {
    meta: topLevelMeta(snapshot, {
      title: 'Courses',
      description: 'Continuing education for Louisiana property and casualty producers.',
      path: '/courses',
      og: 'courses',
    }),
  }
}

export function privacyView(snapshot: ContentSnapshot) {
  const { privacy } = snapshot.pages
  return {
    page: privacy,
    email: resolveSettings(snapshot.settings).email,
    meta: topLevelMeta(snapshot, {
      title: 'Privacy',
      description: privacy.description,
      path: '/privacy',
      og: 'default',
    }),
  }
}

/**
 * The copy of one of the small pages around the forms, with each field rule's {max} filled in
 * from the form's own limits. A path without copy fails the build.
 */
export function consentPage(snapshot: ContentSnapshot, path: string): ConsentPageContent {
  const page = snapshot.pages.consent[path]
  if (!page) throw new Error(`Invalid content in content/consent-pages.yaml: no page for "${path}"`)
  if (page.kind !== 'not-sent') return page
  return {
    ...page,
    fields: page.fields.map((field) => {
      const max = CONTACT_LIMITS[field.name as keyof typeof CONTACT_LIMITS]
      if (max === undefined && field.rule.includes('{max}'))
        throw new Error(
          `Invalid content in content/consent-pages.yaml: "${path}" field ${field.name} has no length limit for {max}`,
        )
      return { ...field, rule: field.rule.replaceAll('{max}', String(max)) }
    }),
  }
}

export function consentView(snapshot: ContentSnapshot, path: string) {
  const page = consentPage(snapshot, path)
  return {
    page,
    meta: seo(snapshot, {
      title: page.title,
      description: page.description,
      path,
      image: ogImage(snapshot.media, 'default'),
      noindex: true,
    }),
  }
}
