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
import { parse as parseYaml } from 'yaml'
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
    name: fm.name,
    cardTitle: fm.cardTitle,
    summary: fm.summary,
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

export async function getArticle(slug: string): Promise<Article | undefined> {
  const slugs = articleSlugs(ARTICLES_DIR)
  const index = slugs.indexOf(slug)
  if (index === -1) return undefined
  const { file, frontmatter: fm, body } = readArticle(slug)
  const photos = fm.photos.map((photo) => ({
    ...resolveImage(photo, file),
    caption: photo.caption,
  }))

  function Photo({ n }: { n: number }): ReactNode {
    const photo = photos[n - 1]!
    return createElement(
      'figure',
      { className: 'article-figure' },
      createElement(
        'picture',
        null,
        createElement('source', {
          type: 'image/avif',
          srcSet: photo.avifSrcSet,
          sizes: '(min-width: 768px) 48rem, 100vw',
        }),
        createElement('source', {
          type: 'image/webp',
          srcSet: photo.webpSrcSet,
          sizes: '(min-width: 768px) 48rem, 100vw',
        }),
        createElement('img', {
          src: photo.src,
          alt: photo.alt,
          width: photo.width,
          height: photo.height,
          loading: 'lazy',
          decoding: 'async',
          style: { backgroundColor: photo.color },
        }),
      ),
      createElement('figcaption', null, photo.caption),
    )
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

  let Content
  try {
    ;({ default: Content } = await evaluate(body, {
      ...runtime,
      Fragment,
      baseUrl: import.meta.url,
    }))
  } catch (error) {
    throw new Error(
      `Invalid content in ${file}: the MDX body does not compile (${(error as Error).message})`,
    )
  }
  const html = renderToStaticMarkup(
    createElement(Content, { components: { Photo, a: ExternalLink } }),
  )

  return {
    ...summarise(slug, fm, file, index),
    bannerTitle: fm.bannerTitle,
    headline: fm.headline,
    byline: fm.byline,
    cover: resolveImage(fm.cover, file),
    ...(fm.organization && { organization: fm.organization }),
    html,
    wordCount: countWords(body),
  }
}
