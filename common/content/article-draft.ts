/**
 * An article's front matter as a draft holds it and as its editor reads it: every field there,
 * what the writer has not written yet empty. The schema of a published article is
 * `articleFrontmatter` (./articles.ts); a draft may be unfinished, but the server stores only
 * drafts whose values have their fields' types (server/content/documents/candidate.ts), so
 * reading one here keeps everything that was written. No zod: the staff app reads drafts with it.
 */

/** The accent colours of an article's card (otherwise its series' colour). */
export const ARTICLE_COLORS = ['clay', 'teal', 'plum', 'gold'] as const
export type ArticleColor = (typeof ARTICLE_COLORS)[number]

/** A type, not an interface: a request's data is any record of fields, and this is one. */
export type ArticleDraft = {
  bannerTitle: string
  headline: string
  name: string
  city: string
  location: string
  byline: string
  /** YYYY-MM-DD once chosen. */
  date: string
  /** A series id (pages.ts `seriesIds`) once chosen. */
  series: string
  cardTitle: string
  summary: string
  /** A media id once chosen. */
  portrait: string
  cover: { image: string; alt: string }
  organization?: { name: string; url: string }
  color?: ArticleColor
}

/** An object's fields by name; anything else has none. */
export function objectFields(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : {}
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** A draft's data (or a published article's) as the article editor holds it. */
export function articleDraftOf(data: unknown): ArticleDraft {
  const read = objectFields(data)
  const cover = objectFields(read['cover'])
  const organization =
    typeof read['organization'] === 'object' && read['organization'] !== null
      ? objectFields(read['organization'])
      : undefined
  const color = ARTICLE_COLORS.find((name) => name === read['color'])
  return {
    bannerTitle: text(read['bannerTitle']),
    headline: text(read['headline']),
    name: text(read['name']),
    city: text(read['city']),
    location: text(read['location']),
    byline: text(read['byline']),
    date: text(read['date']),
    series: text(read['series']),
    cardTitle: text(read['cardTitle']),
    summary: text(read['summary']),
    portrait: text(read['portrait']),
    cover: { image: text(cover['image']), alt: text(cover['alt']) },
    ...(organization && {
      organization: { name: text(organization['name']), url: text(organization['url']) },
    }),
    ...(color && { color }),
  }
}
