/**
 * Articles: front matter (checked by `articleFrontmatter`) and a Markdown body with the
 * directives of ./markdown.ts. In the repository one file per article,
 * content/articles/<slug>.md; in the database one content document per article.
 */
import { z } from 'zod'
import { ARTICLE_COLORS } from './article-draft.ts'
import { httpUrl, mediaId, nonEmpty, picture } from './fields.ts'
import { seriesId } from './pages.ts'

export const articleFrontmatter = z.strictObject({
  /** The banner above the article (usually its series). */
  bannerTitle: nonEmpty,
  headline: nonEmpty.max(120),
  /** The person the profile is about. */
  name: nonEmpty,
  city: nonEmpty,
  /** The short place name on the article's card, e.g. "Kansas City, KS". */
  location: nonEmpty,
  byline: nonEmpty,
  /** The publication date shown on the page, as YYYY-MM-DD. */
  date: z.iso.date({ error: 'must be a date such as 2025-10-14' }),
  series: seriesId,
  cardTitle: nonEmpty.max(80),
  summary: nonEmpty.max(200),
  portrait: mediaId,
  cover: picture,
  organization: z.strictObject({ name: nonEmpty, url: httpUrl }).optional(),
  /** Accent colour of the article's teaser card. */
  color: z.enum(ARTICLE_COLORS).optional(),
})
export type ArticleFrontmatter = z.infer<typeof articleFrontmatter>

/** One article as it is stored and exchanged: what its file or its document holds. */
export interface ArticleSource {
  slug: string
  frontmatter: ArticleFrontmatter
  /** Markdown, with "\n" line ends and one final line end. */
  body: string
}

/** "\r\n" to "\n", no blank lines before the first line, exactly one "\n" at the end. */
export function normaliseBody(body: string): string {
  return body.replace(/\r\n?/g, '\n').replace(/^\n+/, '').replace(/\s*$/, '\n')
}
