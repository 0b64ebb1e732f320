/**
 * The shape of every piece of site copy. Content modules export plain data; `parseContent` in
 * `app/lib/content.server.ts` parses them with these schemas at build time (the route loaders
 * while prerendering, `vite.config.ts` for site.ts), so a bad entry fails the build with its file
 * and field instead of rendering a broken page.
 */
import { z } from 'zod'

const nonEmpty = z.string().trim().min(1, 'must not be empty')

/** A media id from content/media-manifest.json, e.g. "people/marisol-vega". */
export const mediaId = z
  .string()
  .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'must be a media id such as "people/marisol-vega"')

export const picture = z.object({ image: mediaId, alt: z.string().trim() })
export type Picture = z.infer<typeof picture>

/** Internal paths start with "/"; external links are absolute http(s) URLs. */
export const href = z
  .string()
  .refine((v) => v.startsWith('/') || /^https?:\/\/[^\s]+$/.test(v) || /^(mailto|tel):/.test(v), {
    message: 'must be a path starting with "/" or an absolute http(s), mailto: or tel: URL',
  })

export const navItem = z.object({ to: href, label: nonEmpty })
export type NavItem = z.infer<typeof navItem>

export const socialIcon = z.enum(['Facebook', 'Twitter', 'Instagram', 'LinkedIn', 'YouTube'])
export type SocialIcon = z.infer<typeof socialIcon>
export const socialLink = z.object({ href, label: nonEmpty, icon: socialIcon })
export type SocialLink = z.infer<typeof socialLink>

export const paragraphs = z.array(nonEmpty).min(1)

export const changemaker = z.object({
  id: nonEmpty,
  name: nonEmpty,
  /** The focus of their work, e.g. "Maternal care". */
  title: nonEmpty,
  description: nonEmpty,
  image: picture,
  /** Slug of their profile article, when there is one. */
  article: z.string().optional(),
})
export type Changemaker = z.infer<typeof changemaker>

export const documentary = z.object({
  id: nonEmpty,
  title: nonEmpty,
  subtitle: nonEmpty,
  description: paragraphs,
  /** Media id of the clip in the manifest's "videos". */
  video: mediaId,
  poster: mediaId,
  images: z.array(picture).length(6, 'a documentary block shows exactly 6 images'),
  videoLeft: z.boolean(),
})
export type Documentary = z.infer<typeof documentary>

export const category = z.object({
  title: z.enum(['Art', 'Justice', 'Family', 'Health']),
  link: z.string().regex(/^\/[a-z]+$/, 'must be a path such as "/art"'),
  blurb: nonEmpty,
  image: picture,
})
export type Category = z.infer<typeof category>

export const testimonial = z.object({
  quote: nonEmpty,
  image: picture,
  name: nonEmpty,
  title: nonEmpty,
  organization: nonEmpty,
})
export type Testimonial = z.infer<typeof testimonial>

export const pillar = z.object({
  key: z.enum(['listen', 'learn', 'lead']),
  title: nonEmpty,
  body: nonEmpty,
})

export const home = z.object({
  hero: z.object({ eyebrow: nonEmpty, heading: nonEmpty, body: nonEmpty, cta: nonEmpty }),
  mission: z.object({ eyebrow: nonEmpty, heading: nonEmpty, body: paragraphs, image: picture }),
  inspiration: z.object({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    pillars: z.array(pillar).length(3),
  }),
  awards: z.object({ heading: nonEmpty }),
  changemakers: z.object({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    intro: nonEmpty,
    cards: z.array(changemaker).length(4, 'the home page shows exactly 4 changemaker cards'),
  }),
  documentaries: z.object({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    intro: nonEmpty,
    blocks: z.array(documentary).length(4, 'the home page shows exactly 4 documentary blocks'),
  }),
  categories: z.object({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    cards: z.array(category).length(4, 'the home page shows exactly 4 category cards'),
  }),
  testimonials: z.object({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    items: z.array(testimonial).length(3, 'the home page shows exactly 3 testimonials'),
  }),
  getInTouch: z.object({ heading: nonEmpty, body: nonEmpty, cta: nonEmpty }),
})
export type HomeContent = z.infer<typeof home>

export const about = z.object({
  banner: nonEmpty,
  intro: z.object({ eyebrow: nonEmpty, heading: nonEmpty, body: paragraphs, learnMore: nonEmpty }),
  gainInsight: z.object({
    heading: nonEmpty,
    freeMembership: nonEmpty,
    body: paragraphs,
    image: picture,
  }),
  /** Listen, Learn and Lead, shown as three alternating sections. */
  sections: z
    .array(pillar.extend({ heading: nonEmpty, body: paragraphs, image: picture }))
    .length(3),
  partners: z.object({
    broughtToYouBy: nonEmpty,
    inPartnershipWith: nonEmpty,
    body: nonEmpty,
  }),
  share: z.object({ heading: nonEmpty, body: nonEmpty }),
})
export type AboutContent = z.infer<typeof about>

export const series = z.object({
  id: z.enum(['art-advocacy', 'returning-redemption', 'bails-bonds']),
  title1: nonEmpty,
  title2: nonEmpty,
  subtitle: nonEmpty,
})
export type Series = z.infer<typeof series>

export const articlesPage = z.object({
  banner: nonEmpty,
  intro: nonEmpty,
  series: z.array(series).length(3),
})
export type ArticlesPageContent = z.infer<typeof articlesPage>

export const contactPage = z.object({
  banner: nonEmpty,
  heading: nonEmpty,
  intro: paragraphs,
  servicesHeading: nonEmpty,
  services: z.array(z.object({ title: nonEmpty, description: nonEmpty })).min(3),
  formHeading: nonEmpty,
  formIntro: nonEmpty,
})
export type ContactPageContent = z.infer<typeof contactPage>

/** content/site.ts: brand, navigation and footer copy (checked when the build starts). */
export const site = z.object({
  brand: z.object({
    name: nonEmpty,
    tagline: z.literal('Listen, Learn, Lead'),
    description: nonEmpty.max(200),
    publisher: nonEmpty,
    headquarters: z.object({
      city: nonEmpty,
      region: nonEmpty,
      regionCode: nonEmpty,
      country: nonEmpty,
    }),
    podcast: nonEmpty,
  }),
  navItems: z.array(navItem).min(1),
  footer: z.object({ description: nonEmpty, quickLinks: z.array(navItem).min(1) }),
})

export const seriesId = z.enum(['art-advocacy', 'returning-redemption', 'bails-bonds'])

/** Frontmatter of content/articles/<slug>.mdx. */
export const articleFrontmatter = z
  .object({
    bannerTitle: nonEmpty,
    headline: nonEmpty.max(120),
    name: nonEmpty,
    city: nonEmpty,
    location: nonEmpty,
    byline: nonEmpty,
    // YAML may read an unquoted date as a string or a Date depending on the parser.
    date: z.union([z.iso.date(), z.date().transform((d) => d.toISOString().slice(0, 10))]),
    series: seriesId,
    cardTitle: nonEmpty.max(80),
    summary: nonEmpty.max(200),
    portrait: mediaId,
    cover: picture,
    photos: z
      .array(picture.extend({ caption: nonEmpty }))
      .min(2, 'an article needs at least 2 photos'),
    organization: z.object({ name: nonEmpty, url: z.url({ protocol: /^https?$/ }) }).optional(),
    /** Accent colour of the article's teaser card. */
    color: z.enum(['clay', 'teal', 'plum', 'gold']).optional(),
  })
  .strict()
export type ArticleFrontmatter = z.infer<typeof articleFrontmatter>

/** A vector logo (awards, partners) in the media manifest. */
const logo = z.object({
  id: z.string(),
  name: nonEmpty,
  src: z.string(),
  width: z.number(),
  height: z.number(),
})

/** The media manifest written by scripts/media/generate.ts. */
export const mediaManifest = z.object({
  images: z.record(
    z.string(),
    z.object({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      widths: z.array(z.number().int().positive()).min(1),
      color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    }),
  ),
  awards: z.array(logo),
  partners: z.array(logo),
  og: z.record(z.string(), z.string()),
  videos: z.record(
    z.string(),
    z.object({
      width: z.number(),
      height: z.number(),
      duration: z.number(),
      poster: mediaId,
      mp4: z.string(),
      webm: z.string(),
    }),
  ),
})
export type MediaManifest = z.infer<typeof mediaManifest>

/** A link on a small page: a path, an absolute URL or an anchor on the same page ("#id"). */
const pageAction = z.object({
  to: z.union([
    href,
    z.string().regex(/^#[a-z][\w-]*$/, 'must be an anchor such as "#newsletter"'),
  ]),
  label: nonEmpty,
})

const smallPage = z.object({
  /** The browser tab and the banner. */
  title: nonEmpty,
  eyebrow: nonEmpty,
  /** The meta description. */
  description: nonEmpty,
  heading: nonEmpty,
  body: paragraphs,
  actions: z.array(pageAction).min(1),
})

/** content/consent-pages.ts: the newsletter's confirm/unsubscribe pages and the forms' results. */
export const consentPage = z.discriminatedUnion('kind', [
  smallPage.extend({ kind: z.literal('notice') }),
  smallPage.extend({
    kind: z.literal('form'),
    points: z.array(z.object({ title: nonEmpty, text: nonEmpty })).min(1),
    /** The label of the one button, which posts the form to the page's own URL. */
    button: nonEmpty,
  }),
  smallPage.extend({
    kind: z.literal('not-sent'),
    fieldsHeading: nonEmpty,
    /** Every field of the form with its rule; `name` is the field's name in the form. */
    fields: z.array(z.object({ name: nonEmpty, label: nonEmpty, rule: nonEmpty })).min(1),
    /** Shown next to a field the server named in ?fields=. */
    flagged: nonEmpty,
    rateLimit: nonEmpty,
  }),
])
export type ConsentPageContent = z.infer<typeof consentPage>
export const consentPages = z.record(z.string().regex(/^(\/[a-z-]+)+$/), consentPage)
export type ConsentPagesContent = z.infer<typeof consentPages>

/** content/privacy.ts */
export const privacyPage = z.object({
  banner: nonEmpty,
  eyebrow: nonEmpty,
  description: nonEmpty,
  intro: paragraphs,
  /** When the text last changed, as people read it ("November 2026"). */
  updated: nonEmpty,
  sections: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z][a-z-]*$/, 'must be an anchor id such as "how-long"'),
        heading: nonEmpty,
        paragraphs: z.array(nonEmpty),
        items: z.array(nonEmpty).optional(),
      }),
    )
    .min(1),
  deletion: z.object({ heading: nonEmpty, paragraphs, emailLabel: nonEmpty }),
})
export type PrivacyPageContent = z.infer<typeof privacyPage>
