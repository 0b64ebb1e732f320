/**
 * The copy of each page: Home, About, Articles (its introduction and series), Contact, Privacy
 * and the small pages around the forms. One data file per page in content/ (home.yaml, …), one
 * content document per page in the database.
 */
import { z } from 'zod'
import { href, mediaId, navItem, nonEmpty, paragraphs, picture } from './fields.ts'

export const changemaker = z.strictObject({
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

export const documentary = z.strictObject({
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

export const category = z.strictObject({
  title: z.enum(['Art', 'Justice', 'Family', 'Health']),
  link: z.string().regex(/^\/[a-z]+$/, 'must be a path such as "/art"'),
  blurb: nonEmpty,
  image: picture,
})
export type Category = z.infer<typeof category>

export const testimonial = z.strictObject({
  quote: nonEmpty,
  image: picture,
  name: nonEmpty,
  title: nonEmpty,
  organization: nonEmpty,
})
export type Testimonial = z.infer<typeof testimonial>

export const pillar = z.strictObject({
  key: z.enum(['listen', 'learn', 'lead']),
  title: nonEmpty,
  body: nonEmpty,
  /** Where to go from here (Listen: /listen, The Daily Commons), when set. */
  link: navItem.optional(),
})

export const home = z.strictObject({
  hero: z.strictObject({ eyebrow: nonEmpty, heading: nonEmpty, body: nonEmpty, cta: nonEmpty }),
  mission: z.strictObject({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    body: paragraphs,
    image: picture,
  }),
  inspiration: z.strictObject({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    pillars: z.array(pillar).length(3),
  }),
  awards: z.strictObject({ heading: nonEmpty }),
  changemakers: z.strictObject({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    intro: nonEmpty,
    cards: z.array(changemaker).length(4, 'the home page shows exactly 4 changemaker cards'),
  }),
  documentaries: z.strictObject({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    intro: nonEmpty,
    blocks: z.array(documentary).length(4, 'the home page shows exactly 4 documentary blocks'),
  }),
  categories: z.strictObject({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    cards: z.array(category).length(4, 'the home page shows exactly 4 category cards'),
  }),
  testimonials: z.strictObject({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    items: z.array(testimonial).length(3, 'the home page shows exactly 3 testimonials'),
  }),
  getInTouch: z.strictObject({ heading: nonEmpty, body: nonEmpty, cta: nonEmpty }),
})
export type HomeContent = z.infer<typeof home>

export const about = z.strictObject({
  banner: nonEmpty,
  intro: z.strictObject({
    eyebrow: nonEmpty,
    heading: nonEmpty,
    body: paragraphs,
    learnMore: nonEmpty,
  }),
  gainInsight: z.strictObject({
    heading: nonEmpty,
    freeMembership: nonEmpty,
    body: paragraphs,
    image: picture,
  }),
  /** Listen, Learn and Lead, shown as three alternating sections. */
  sections: z
    .array(pillar.extend({ heading: nonEmpty, body: paragraphs, image: picture }))
    .length(3),
  partners: z.strictObject({
    broughtToYouBy: nonEmpty,
    inPartnershipWith: nonEmpty,
    body: nonEmpty,
  }),
  share: z.strictObject({ heading: nonEmpty, body: nonEmpty }),
})
export type AboutContent = z.infer<typeof about>

export const seriesIds = ['art-advocacy', 'returning-redemption', 'bails-bonds'] as const
export const seriesId = z.enum(seriesIds)
export type SeriesId = z.infer<typeof seriesId>

export const series = z.strictObject({
  id: seriesId,
  title1: nonEmpty,
  title2: nonEmpty,
  subtitle: nonEmpty,
})
export type Series = z.infer<typeof series>

export const articlesPage = z.strictObject({
  banner: nonEmpty,
  intro: nonEmpty,
  /** The series in the order the page shows them. */
  series: z
    .array(series)
    .length(3)
    .refine((list) => new Set(list.map((s) => s.id)).size === list.length, {
      message: 'each series appears once',
    }),
  /**
   * Articles shown first in their series, in this order (slugs); the others follow, newest
   * first. A slug no published article has is passed over.
   */
  order: z
    .array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be an article slug'))
    .refine((list) => new Set(list).size === list.length, { message: 'lists an article twice' })
    .optional(),
})
export type ArticlesPageContent = z.infer<typeof articlesPage>

export const contactPage = z.strictObject({
  banner: nonEmpty,
  heading: nonEmpty,
  intro: paragraphs,
  servicesHeading: nonEmpty,
  services: z.array(z.strictObject({ title: nonEmpty, description: nonEmpty })).min(3),
  formHeading: nonEmpty,
  formIntro: nonEmpty,
})
export type ContactPageContent = z.infer<typeof contactPage>

/** A link on a small page: a path, an absolute URL or an anchor on the same page ("#id"). */
const pageAction = z.strictObject({
  to: z.union(
    [href, z.string().regex(/^#[a-z][\w-]*$/, 'must be an anchor such as "#newsletter"')],
    { error: 'must be a path starting with "/", an absolute URL or an anchor such as "#top"' },
  ),
  label: nonEmpty,
})

const smallPage = {
  /** The browser tab and the banner. */
  title: nonEmpty,
  eyebrow: nonEmpty,
  /** The meta description. */
  description: nonEmpty,
  heading: nonEmpty,
  body: paragraphs,
  actions: z.array(pageAction).min(1),
}

/**
 * The rule shown for one field of a form. "{max}" stands for the field's length limit, which the
 * page fills in from the form's own rules (common/contact.ts), so the copy can never
 * promise another limit than the server keeps.
 */
const fieldRule = nonEmpty.refine((rule) => !/\{(?!max\})[^}]*\}/.test(rule), {
  message: 'the only placeholder a rule may contain is {max}',
})

/** The newsletter's confirm/unsubscribe pages and the forms' results, keyed by path. */
export const consentPage = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('notice'), ...smallPage }),
  z.strictObject({
    kind: z.literal('form'),
    ...smallPage,
    points: z.array(z.strictObject({ title: nonEmpty, text: nonEmpty })).min(1),
    /** The label of the one button, which posts the form to the page's own URL. */
    button: nonEmpty,
  }),
  z.strictObject({
    kind: z.literal('not-sent'),
    ...smallPage,
    fieldsHeading: nonEmpty,
    /** Every field of the form with its rule; `name` is the field's name in the form. */
    fields: z.array(z.strictObject({ name: nonEmpty, label: nonEmpty, rule: fieldRule })).min(1),
    /** Shown next to a field the server named in ?fields=. */
    flagged: nonEmpty,
    rateLimit: nonEmpty,
  }),
])
export type ConsentPageContent = z.infer<typeof consentPage>
export const consentPages = z.record(
  z.string().regex(/^(\/[a-z-]+)+$/, 'must be a path such as "/contact/sent"'),
  consentPage,
)
export type ConsentPagesContent = z.infer<typeof consentPages>

export const privacyPage = z.strictObject({
  banner: nonEmpty,
  eyebrow: nonEmpty,
  description: nonEmpty,
  intro: paragraphs,
  /** When the text last changed, as people read it ("November 2026"). */
  updated: nonEmpty,
  sections: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z][a-z-]*$/, 'must be an anchor id such as "how-long"'),
        heading: nonEmpty,
        paragraphs: z.array(nonEmpty),
        items: z.array(nonEmpty).optional(),
      }),
    )
    .min(1),
  deletion: z.strictObject({ heading: nonEmpty, paragraphs, emailLabel: nonEmpty }),
})
export type PrivacyPageContent = z.infer<typeof privacyPage>
