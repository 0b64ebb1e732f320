/**
 * What staff call the fields of the page documents: the words of the forms and of the history's
 * comparisons. A field without an entry gets its name in words ("formIntro" → "Form intro").
 */

/** By field name, wherever it appears. */
const NAMES: Record<string, string> = {
  hero: 'Top of the page',
  eyebrow: 'Small line above the heading',
  heading: 'Heading',
  body: 'Text',
  cta: 'Button text',
  mission: 'Mission',
  inspiration: 'Listen, Learn, Lead',
  pillars: 'Pillars',
  awards: 'Awards strip',
  changemakers: 'Changemakers',
  cards: 'Cards',
  intro: 'Introduction',
  documentaries: 'Documentaries',
  blocks: 'Films',
  subtitle: 'Subtitle',
  description: 'Description',
  video: 'Video clip',
  poster: 'Video still',
  images: 'Stills',
  videoLeft: 'Video on the left on wide screens',
  categories: 'Categories',
  blurb: 'Short text',
  link: 'Link',
  testimonials: 'Testimonials',
  items: 'Items',
  quote: 'Quote',
  organization: 'Organisation',
  getInTouch: 'Get in touch',
  banner: 'Banner',
  learnMore: 'Learn more link text',
  gainInsight: 'Gain insight',
  freeMembership: 'Free membership line',
  sections: 'Sections',
  partners: 'Partners',
  broughtToYouBy: '“Brought to you by” line',
  inPartnershipWith: '“In partnership with” line',
  share: 'Share with friends',
  series: 'Series',
  title1: 'Title, first line',
  title2: 'Title, second line',
  order: 'Order of the articles',
  servicesHeading: 'Services heading',
  services: 'Services',
  formHeading: 'Form heading',
  formIntro: 'Form introduction',
  updated: 'Last updated (as readers see it)',
  paragraphs: 'Paragraphs',
  deletion: 'Deleting your data',
  emailLabel: 'E-mail link text',
  phone: 'Phone',
  email: 'E-mail',
  social: 'Social links',
  image: 'Picture',
  alt: 'Alt text',
  id: 'Id',
  key: 'Key',
  name: 'Name',
  title: 'Title',
  article: 'Profile article (its address)',
  actions: 'Links',
  to: 'Goes to',
  label: 'Text',
  points: 'Points',
  text: 'Text',
  button: 'Button text',
  fieldsHeading: 'Fields heading',
  fields: 'Fields',
  rule: 'Rule',
  flagged: 'Message next to a refused field',
  rateLimit: 'Message when sending too often',
  brand: 'Brand',
  tagline: 'Tagline',
  publisher: 'Publisher',
  headquarters: 'Headquarters',
  city: 'City',
  region: 'State',
  regionCode: 'State code',
  country: 'Country',
  podcast: 'Podcast name',
  navItems: 'Header navigation',
  footer: 'Footer',
  quickLinks: 'Quick links',
  headline: 'Headline',
  cardTitle: 'Card title',
  summary: 'Summary',
  location: 'Place on the card',
  byline: 'Byline',
  date: 'Date shown',
  bannerTitle: 'Banner',
  portrait: 'Portrait',
  cover: 'Cover',
  color: 'Card colour',
  url: 'Website',
}

/** Singular names of list items ("testimonials.items" → "Testimonial"). */
const ITEMS: Record<string, string> = {
  'testimonials.items': 'Testimonial',
  'changemakers.cards': 'Changemaker',
  'documentaries.blocks': 'Film',
  'categories.cards': 'Category',
  'inspiration.pillars': 'Pillar',
  images: 'Still',
  body: 'Paragraph',
  paragraphs: 'Paragraph',
  intro: 'Paragraph',
  services: 'Service',
  sections: 'Section',
  series: 'Series',
  items: 'Item',
  actions: 'Link',
  points: 'Point',
  fields: 'Field',
  navItems: 'Link',
  quickLinks: 'Link',
  order: 'Article',
}

/**
 * A field name in words: "formIntro" → "Form intro", "heartland-story-fund" → "Heartland Story
 * Fund" (a name), "LinkedIn" as it is (already a name).
 */
export function words(name: string): string {
  if (/^[A-Z]/.test(name)) return name
  if (name.includes('-'))
    return name
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase()
}

/** The label of one field name. */
export function labelOf(name: string): string {
  return NAMES[name] ?? words(name)
}

/** What one item of the list at `path` is called (path without indexes, dotted). */
export function itemLabelOf(path: string): string {
  const bare = path.replace(/\.\d+(?=\.|$)/g, '')
  return ITEMS[bare] ?? ITEMS[bare.split('.').at(-1) ?? ''] ?? 'Item'
}

/**
 * A dotted path as staff read it: "testimonials.items.1.quote" → "Testimonials › Testimonial 2 ›
 * Quote", "mission.body.0" → "Mission › Paragraph 1".
 */
export function fieldLabel(path: string): string {
  const parts = path.split('.')
  const out: string[] = []
  parts.forEach((part, index) => {
    if (/^\d+$/.test(part)) {
      // "Testimonials › Items › Testimonial 1" reads "Testimonials › Testimonial 1": below the
      // top, the item's name says which list it is in.
      if (out.length > 1) out.pop()
      out.push(`${itemLabelOf(parts.slice(0, index).join('.'))} ${Number(part) + 1}`)
    } else out.push(labelOf(part))
  })
  return out.join(' › ')
}
