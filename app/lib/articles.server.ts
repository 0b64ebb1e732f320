/**
 * Articles are content/articles/<slug>.mdx: YAML frontmatter checked by a zod schema, then an MDX
 * body. Listings read the frontmatter only; an article page compiles its body to HTML at build
 * time, so the article text ships in the prerendered HTML rather than in JavaScript.
 */
import fs from 'node:fs'
import path from 'node:path'
import { evaluate } from '@mdx-js/mdx'
import { createElement, Fragment, type ReactNode } from 'react'
import * as runtime from 'react/jsx-runtime'
import { renderToStaticMarkup } from 'react-dom/server'
import remarkSmartypants from 'remark-smartypants'
import { parse as parseYaml } from 'yaml'
import { Picture } from '#app/components/ui/picture.tsx'
import { articleFrontmatter, type ArticleFrontmatter } from '#content/schema.ts'
import { CONTENT_DIR, parseContent, resolveImage } from './content.server.ts'
import type { ImageSource } from './media.ts'
import { articleSlugs } from '#app/page-paths.ts'

export const ARTICLES_DIR = path.join(CONTENT_DIR, 'articles')

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

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/

/** Splits and validates one article file. Errors name the file. */
export function parseArticleSource(
  file: string,
  source: string,
): { frontmatter: ArticleFrontmatter; body: string } {
  const match = FRONTMATTER.exec(source)
  if (!match)
    throw new Error(`Invalid content in ${file}: the file must start with a --- frontmatter block`)
  let data: unknown
  try {
    data = parseYaml(match[1] ?? '')
  } catch (error) {
    throw new Error(
      `Invalid content in ${file}: frontmatter is not valid YAML (${(error as Error).message})`,
    )
  }
  const frontmatter = parseContent(file, articleFrontmatter, data)
  const body = source.slice(match[0].length)
  const placed = [...body.matchAll(/<Photo\s+n=\{(\d+)\}\s*\/>/g)].map((m) => Number(m[1]))
  frontmatter.photos.forEach((_, i) => {
    const count = placed.filter((n) => n === i + 1).length
    if (count !== 1)
      throw new Error(
        `Invalid content in ${file}: <Photo n={${i + 1}} /> must appear exactly once in the body (found ${count})`,
      )
  })
  const extra = placed.find((n) => n < 1 || n > frontmatter.photos.length)
  if (extra !== undefined)
    throw new Error(
      `Invalid content in ${file}: <Photo n={${extra}} /> has no matching entry in photos`,
    )
  return { frontmatter, body }
}

const ACCENTS = ['clay', 'teal', 'plum', 'gold'] as const

// The same SmartyPants step the MDX body goes through, for the frontmatter text the page shows
// (titles, summary, captions): typographic quotes, apostrophes and dashes everywhere.
const smartenTree = (remarkSmartypants as (this: void) => (tree: object) => void)()
export function typographic(text: string): string {
  const node = { type: 'text', value: text }
  smartenTree({ type: 'root', children: [{ type: 'paragraph', children: [node] }] })
  return node.value
}

function readArticle(slug: string) {
  const file = `content/articles/${slug}.mdx`
  const source = fs.readFileSync(path.join(ARTICLES_DIR, `${slug}.mdx`), 'utf8')
  return { file, ...parseArticleSource(file, source) }
}

function summarise(
  slug: string,
  fm: ArticleFrontmatter,
  file: string,
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
    color: fm.color ?? ACCENTS[index % ACCENTS.length]!,
    portrait: resolveImage(
      { image: fm.portrait, alt: `Portrait illustration of ${fm.name}` },
      file,
    ),
  }
}

/** Frontmatter of every article, newest first. */
export function listArticles(): ArticleSummary[] {
  return articleSlugs(ARTICLES_DIR)
    .map((slug, index) => {
      const { file, frontmatter } = readArticle(slug)
      return summarise(slug, frontmatter, file, index)
    })
    .sort((a, b) => b.date.localeCompare(a.date))
}

function countWords(markdown: string): number {
  return markdown
    .replace(/<Photo[^>]*\/>/g, ' ')
    .split(/\s+/)
    .filter((w) => /\w/.test(w)).length
}

export interface ArticlePhoto {
  image: ImageSource
  caption: string
}

// Outbound links (the subjects' organisations) open in a new tab.
function ExternalLink({ href, children }: { href?: string; children?: ReactNode }) {
  const external = href !== undefined && /^https?:\/\//.test(href)
  return createElement(
    'a',
    external ? { href, rel: 'noopener', target: '_blank' } : { href },
    children,
  )
}

/** An article's MDX body as HTML: typographic punctuation, <Photo n={i} /> figures, outbound links. */
export async function renderArticleBody(
  file: string,
  body: string,
  photos: readonly ArticlePhoto[],
): Promise<string> {
  function Photo({ n }: { n: number }): ReactNode {
    const { image, caption } = photos[n - 1]!
    return createElement(
      'figure',
      { className: 'article-figure' },
      createElement(Picture, { image, sizes: '(min-width: 768px) 48rem, 100vw' }),
      createElement('figcaption', null, caption),
    )
  }

  let Content
  try {
    ;({ default: Content } = await evaluate(body, {
      ...runtime,
      Fragment,
      baseUrl: import.meta.url,
      remarkPlugins: [remarkSmartypants],
    }))
  } catch (error) {
    throw new Error(
      `Invalid content in ${file}: the MDX body does not compile (${(error as Error).message})`,
    )
  }
  return renderToStaticMarkup(createElement(Content, { components: { Photo, a: ExternalLink } }))
}

export async function getArticle(slug: string): Promise<Article | undefined> {
  const slugs = articleSlugs(ARTICLES_DIR)
  const index = slugs.indexOf(slug)
  if (index === -1) return undefined
  const { file, frontmatter: fm, body } = readArticle(slug)
  const photos = fm.photos.map((photo) => ({
    image: resolveImage(photo, file),
    caption: typographic(photo.caption),
  }))

  return {
    ...summarise(slug, fm, file, index),
    bannerTitle: typographic(fm.bannerTitle),
    headline: typographic(fm.headline),
    byline: typographic(fm.byline),
    cover: resolveImage(fm.cover, file),
    ...(fm.organization && {
      organization: { name: typographic(fm.organization.name), url: fm.organization.url },
    }),
    html: await renderArticleBody(file, body, photos),
    wordCount: countWords(body),
  }
}
