import { renderToStaticMarkup } from 'react-dom/server'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { imageSource } from '#common/content/media.ts'
import { Picture } from '#app/components/ui/picture.tsx'
import { articleSlugs } from '#app/page-paths.ts'
import { getArticle, listArticles, renderArticleBody, typographic } from './articles.server.ts'
import { contentSnapshot } from './content.server.ts'

const snapshot = contentSnapshot()

/** The text a reader sees: tags (and their attributes) dropped, entities decoded. */
function visibleText(html: string) {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

describe('the sample articles', () => {
  it('each has at least 900 words and its subject’s name as its slug', () => {
    expect(snapshot.articles.length).toBeGreaterThan(0)
    for (const { slug, frontmatter } of snapshot.articles) {
      expect(frontmatter.name.toLowerCase().replace(/[^a-z]+/g, '-')).toBe(slug)
      expect(getArticle(snapshot, slug)!.wordCount, slug).toBeGreaterThanOrEqual(900)
    }
  })

  it('are listed newest first, each with an accent colour', () => {
    const dates = listArticles(snapshot).map((a) => a.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(new Set(listArticles(snapshot).map((a) => a.color)).size).toBeGreaterThan(1)
  })

  it('an unknown slug has no article', () => {
    expect(getArticle(snapshot, 'nobody-here')).toBeUndefined()
  })
})

describe('photos in an article', () => {
  // The photo directive writes its <picture> itself (common/content/markdown.ts); it must stay
  // the markup of the Picture component that draws every other picture of the site.
  it('render the markup of the Picture component, with the caption beneath', () => {
    const { media } = snapshot
    const id = Object.keys(media.images)[0]!
    const html = renderArticleBody(
      snapshot,
      `::photo[A *small* caption]{image=${id} alt="Two chairs"}\n`,
    )
    const picture = renderToStaticMarkup(
      createElement(Picture, {
        image: imageSource(media, id, 'Two chairs')!,
        sizes: '(min-width: 768px) 48rem, 100vw',
      }),
    )
    const normalise = (markup: string) =>
      markup.replace(/\s*\/>/g, '>').replace(/srcSet=/g, 'srcset=')
    expect(normalise(html)).toBe(
      `<figure class="article-figure">${normalise(picture)}<figcaption>A <em>small</em> caption</figcaption></figure>`,
    )
  })
})

describe('typography', () => {
  it('no straight quote or double hyphen is left in any published article', () => {
    const slugs = articleSlugs(snapshot)
    expect(slugs.length).toBeGreaterThan(0)
    for (const slug of slugs) {
      const article = getArticle(snapshot, slug)!
      const shown = [
        visibleText(article.html),
        article.name,
        article.cardTitle,
        article.summary,
        article.bannerTitle,
        article.headline,
        article.byline,
        article.organization?.name ?? '',
      ].join('\n')
      expect(shown, slug).not.toMatch(/["']|--/)
      expect(shown, slug).toMatch(/[’“”]/)
    }
  })

  it('turns quotes, apostrophes and dashes typographic, and leaves code and addresses alone', () => {
    const html = renderArticleBody(
      snapshot,
      [
        `She said, "It's ours -- and 'theirs' too."`,
        '',
        `Type \`say "hi" -- it's code\` or visit [the fund's site](https://example.org/a--b?q='x').`,
        '',
        '```',
        `const quote = "don't" -- 1`,
        '```',
      ].join('\n'),
    )
    const text = visibleText(html)
    expect(text).toContain('She said, “It’s ours — and ‘theirs’ too.”')
    expect(text).toContain(`say "hi" -- it's code`)
    expect(text).toContain(`const quote = "don't" -- 1`)
    expect(text).toContain('the fund’s site')
    expect(html).toContain(`href="https://example.org/a--b?q=&#x27;x&#x27;"`)
  })

  it('treats front matter text the same way', () => {
    expect(typographic(`Mothers' Bond Fund -- "the first"`)).toBe(
      'Mothers’ Bond Fund — “the first”',
    )
  })
})
