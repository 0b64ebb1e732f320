/**
 * Articles as the pages show them, from a ContentSnapshot: listings read the front matter only;
 * an article page renders its Markdown body to HTML (common/content/markdown.ts, sanitised), so
 * the article text ships in the prerendered HTML rather than in JavaScript.
 */
import { ARTICLE_COLORS } from '#common/content/article-draft.ts'
import type { ArticleFrontmatter, ArticleSource } from '#common/content/articles.ts'
import { articleWordCount, renderMarkdown } from '#common/content/markdown.ts'
import { imageSource, imageVariants, UPLOADED_IMAGE_ID } from '#common/content/media.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import remarkSmartypants from 'remark-smartypants'
import { ogImage, resolveImage } from './content.server.ts'
import type { ImageSource } from './media.ts'
import { SERIES_NAME } from './series.ts'
import { absoluteUrl, breadcrumbs, seo } from './seo.server.ts'

export interface ArticleSummary {
  slug: string
  name: string
  cardTitle: string
  summary: string
  location: string
  city: string
  series: ArticleFrontmatter['series']
  date: string
  color: NonNullable<ArticleFrontmatter['color']>
  portrait: ImageSource
}

export interface Article extends ArticleSummary {
  bannerTitle: string
  headline: string
  byline: string
  cover: ImageSource
  organization?: { name: string; url: string }
  html: string
  wordCount: number
}

// The same SmartyPants step the Markdown body goes through, for the front matter text the page
// shows (titles, summary): typographic quotes, apostrophes and dashes everywhere.
const smartenTree = (remarkSmartypants as (this: void) => (tree: object) => void)()
export function typographic(text: string): string {
  const node = { type: 'text', value: text }
  smartenTree({ type: 'root', children: [{ type: 'paragraph', children: [node] }] })
  return node.value
}

function summarise(
  snapshot: ContentSnapshot,
  { slug, frontmatter: fm }: ArticleSource,
  index: number,
): ArticleSummary {
  return {
    slug,
    name: typographic(fm.name),
    cardTitle: typographic(fm.cardTitle),
    summary: typographic(fm.summary),
    location: fm.location,
    city: fm.city,
    series: fm.series,
    date: fm.date,
    // Without a colour of its own, an article takes the next accent in slug order.
    color: fm.color ?? ARTICLE_COLORS[index % ARTICLE_COLORS.length]!,
    portrait: resolveImage(snapshot.media, {
      image: fm.portrait,
      alt: `Portrait illustration of ${fm.name}`,
    }),
  }
}

/** Every article's front matter as its card shows it, newest first. */
export function listArticles(snapshot: ContentSnapshot): ArticleSummary[] {
  return snapshot.articles
    .map((article, index) => summarise(snapshot, article, index))
    .sort((a, b) => b.date.localeCompare(a.date))
}

/** An article's Markdown body as HTML: typographic punctuation, photos, outbound links. */
export function renderArticleBody(snapshot: ContentSnapshot, body: string): string {
  const { media } = snapshot
  return renderMarkdown(body, {
    imageExists: (id) => id in media.images,
    image: (id, alt) => imageSource(media, id, alt),
  })
}

/** One article as its page shows it, or undefined when no article has this slug. */
export function getArticle(snapshot: ContentSnapshot, slug: string): Article | undefined {
  const index = snapshot.articles.findIndex((a) => a.slug === slug)
  const article = snapshot.articles[index]
  if (!article) return undefined
  const fm = article.frontmatter
  return {
    ...summarise(snapshot, article, index),
    bannerTitle: typographic(fm.bannerTitle),
    headline: typographic(fm.headline),
    byline: typographic(fm.byline),
    cover: resolveImage(snapshot.media, fm.cover),
    ...(fm.organization && {
      organization: { name: typographic(fm.organization.name), url: fm.organization.url },
    }),
    html: renderArticleBody(snapshot, article.body),
    wordCount: articleWordCount(article.body),
  }
}

/**
 * An article's share image: the one the build drew for it, else its uploaded cover (the WebP of
 * its widest variant, with its size), else the site's.
 */
function shareImage(snapshot: ContentSnapshot, slug: string) {
  const drawn = snapshot.media.og[`articles/${slug}`]
  const cover = snapshot.articles.find((a) => a.slug === slug)?.frontmatter.cover.image
  const variants =
    cover && UPLOADED_IMAGE_ID.test(cover) ? imageVariants(snapshot.media, cover) : undefined
  if (drawn || !variants) return { src: ogImage(snapshot.media, `articles/${slug}`) }
  const width = variants.widths.at(-1)!
  return {
    src: variants.url(width, 'webp'),
    size: { width, height: Math.round((variants.entry.height * width) / variants.entry.width) },
  }
}

/** What the article page's loader returns; undefined when no article has this slug. */
export function articleView(snapshot: ContentSnapshot, slug: string) {
  const article = getArticle(snapshot, slug)
  if (!article) return undefined
  const share = shareImage(snapshot, article.slug)
  const og = share.src
  const path = `/articles/${article.slug}`
  return {
    article,
    meta: seo(snapshot, {
      title: `${article.headline}: ${article.name}`,
      description: article.summary,
      path,
      image: og,
      ...(share.size && { imageSize: share.size }),
      imageAlt: article.cover.alt,
      type: 'article',
      jsonLd: [
        {
          '@type': 'Article',
          headline: article.headline,
          description: article.summary,
          datePublished: article.date,
          image: absoluteUrl(og),
          url: absoluteUrl(path),
          wordCount: article.wordCount,
          author: { '@type': 'Person', name: article.byline.replace(/^Words by\s+/i, '') },
          publisher: { '@id': `${absoluteUrl('/').replace(/\/$/, '')}/#organization` },
          about: {
            '@type': 'Person',
            name: article.name,
            homeLocation: { '@type': 'Place', name: article.city },
            ...(article.organization && {
              affiliation: {
                '@type': 'Organization',
                name: article.organization.name,
                url: article.organization.url,
              },
            }),
          },
          isPartOf: { '@type': 'CreativeWorkSeries', name: SERIES_NAME[article.series] },
        },
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: 'Articles', path: '/articles' },
          { name: article.name, path },
        ]),
      ],
    }),
  }
}
