/**
 * What each page's loader returns, computed from a ContentSnapshot alone: pure functions, so the
 * same page can be rendered from the repository's content at build time or from the database's
 * at run time (the loader only changes where it gets the snapshot). Articles are in
 * ./articles.server.ts.
 */
import { CONTACT_LIMITS } from '#common/contact-constants.ts'
import type { ConsentPageContent } from '#common/content/pages.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { siteConfig } from '#app/config.ts'
import { brand } from '#app/site-copy.ts'
import { listArticles } from './articles.server.ts'
import { awards, ogImage, partners, resolveImage, resolveVideo } from './content.server.ts'
import { breadcrumbs, seo } from './seo.server.ts'

/** Title, description, share image and the Home › page breadcrumb of a top-level page. */
function topLevelMeta(
  media: ContentSnapshot['media'],
  page: { title: string; description: string; path: string; og: string },
) {
  return seo({
    title: page.title,
    description: page.description,
    path: page.path,
    image: ogImage(media, page.og),
    jsonLd: [
      breadcrumbs([
        { name: 'Home', path: '/' },
        { name: page.title, path: page.path },
      ]),
    ],
  })
}

export function homeView({ pages: { home }, media }: ContentSnapshot) {
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
    meta: seo({
      title: `${brand.name}: ${brand.tagline}`,
      description: brand.description,
      path: '/',
      image: ogImage(media, 'home'),
    }),
  }
}

export function aboutView({ pages: { about }, media }: ContentSnapshot) {
  const partnerLogos = partners(media).map((p) => ({
    ...p,
    href: siteConfig.partners[p.id as keyof typeof siteConfig.partners] ?? siteConfig.siteUrl,
  }))
  return {
    about: {
      ...about,
      gainInsight: { ...about.gainInsight, image: resolveImage(media, about.gainInsight.image) },
      sections: about.sections.map((s) => ({ ...s, image: resolveImage(media, s.image) })),
    },
    video: resolveVideo(media, 'video/about', ''),
    partners: partnerLogos,
    meta: topLevelMeta(media, {
      title: 'About',
      description:
        'Who we are: a nonprofit learning platform with a daily news podcast, documentary courses and consulting for people who lead change in their communities.',
      path: '/about',
      og: 'about',
    }),
  }
}

export function articlesView(snapshot: ContentSnapshot) {
  const page = snapshot.pages.articles
  const articles = listArticles(snapshot)
  const inSeries = (id: string, trailingSlash: boolean) =>
    articles
      .filter((a) => a.series === id)
      .map((a) => ({
        slug: a.slug,
        name: a.name,
        cardTitle: a.cardTitle,
        summary: a.summary,
        location: a.location,
        color: a.color,
        portrait: a.portrait,
        // The series cards link with a trailing slash, the Art & Advocacy cards without:
        // both forms are served (docs/requirements.md#pages).
        link: `/articles/${a.slug}${trailingSlash ? '/' : ''}`,
      }))
  return {
    page,
    groups: {
      'art-advocacy': inSeries('art-advocacy', false),
      'returning-redemption': inSeries('returning-redemption', true),
      'bails-bonds': inSeries('bails-bonds', true),
    },
    meta: topLevelMeta(snapshot.media, {
      title: 'Articles',
      description:
        'Interview profiles of community changemakers: Art & Advocates, Returning & Redemption, and Bails & Bonds.',
      path: '/articles',
      og: 'articles',
    }),
  }
}

export function contactView({ pages: { contact }, media }: ContentSnapshot) {
  return {
    page: contact,
    meta: topLevelMeta(media, {
      title: 'Contact us',
      description:
        'Talk to DocuCommons about consulting sessions, community-project consultation, film and storytelling production, courses for teams and podcast partnerships.',
      path: '/contact',
      og: 'contact',
    }),
  }
}

/** The course list itself loads in the browser (app/courses/); the page around it is fixed. */
export function coursesView({ media }: ContentSnapshot) {
  return {
    meta: topLevelMeta(media, {
      title: 'Courses',
      description: 'Continuing education for Louisiana property and casualty producers.',
      path: '/courses',
      og: 'courses',
    }),
  }
}

export function privacyView({ pages: { privacy }, media }: ContentSnapshot) {
  return {
    page: privacy,
    meta: topLevelMeta(media, {
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
    meta: seo({
      title: page.title,
      description: page.description,
      path,
      image: ogImage(snapshot.media, 'default'),
      noindex: true,
    }),
  }
}
