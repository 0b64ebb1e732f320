import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { home } from '#content/home.ts'
import * as site from '#content/site.ts'
import * as schema from '#content/schema.ts'
import {
  getArticle,
  parseArticleSource,
  renderArticleBody,
  typographic,
} from './articles.server.ts'
import { articleSlugs } from '#app/page-paths.ts'
import { parseContent } from './content.server.ts'

const good = fs.readFileSync('content/articles/marisol-vega.mdx', 'utf8')

describe('article files', () => {
  it('every article in content/articles parses, with at least 900 words', () => {
    for (const file of fs.readdirSync('content/articles').filter((f) => f.endsWith('.mdx'))) {
      const { frontmatter, body } = parseArticleSource(
        file,
        fs.readFileSync(`content/articles/${file}`, 'utf8'),
      )
      expect(frontmatter.name.toLowerCase().replace(/[^a-z]+/g, '-')).toBe(
        file.replace(/\.mdx$/, ''),
      )
      expect(body.split(/\s+/).filter((w) => /\w/.test(w)).length).toBeGreaterThanOrEqual(900)
    }
  })

  it('a bad frontmatter field fails with the file name and the field', () => {
    const broken = good.replace(/^series: .*$/m, 'series: poetry')
    expect(() => parseArticleSource('content/articles/marisol-vega.mdx', broken)).toThrow(
      /Invalid content in content\/articles\/marisol-vega\.mdx:\n {2}series: /,
    )
  })

  it('a missing required field is named', () => {
    const broken = good.replace(/^headline: .*\n/m, '')
    expect(() => parseArticleSource('x.mdx', broken)).toThrow(/x\.mdx:\n {2}headline:/)
  })

  it('rejects invalid YAML and a file without frontmatter', () => {
    expect(() => parseArticleSource('a.mdx', '---\nname: [unclosed\n---\nText')).toThrow(
      /a\.mdx: frontmatter is not valid YAML/,
    )
    expect(() => parseArticleSource('b.mdx', 'Just text')).toThrow(
      /b\.mdx: the file must start with a --- frontmatter block/,
    )
  })

  it('requires each photo to be placed exactly once', () => {
    const twice = good.replace('<Photo n={2} />', '<Photo n={1} />')
    expect(() => parseArticleSource('c.mdx', twice)).toThrow(
      /c\.mdx: <Photo n=\{1\} \/> must appear exactly once/,
    )
    const extra = good + '\n<Photo n={9} />\n'
    expect(() => parseArticleSource('d.mdx', extra)).toThrow(
      /<Photo n=\{9\} \/> has no matching entry/,
    )
  })
})

describe('content modules', () => {
  it('the shipped home content is valid', () => {
    expect(() => parseContent('content/home.ts', schema.home, home)).not.toThrow()
  })

  it('a bad entry fails with the file and field', () => {
    const broken = structuredClone(home)
    broken.documentaries.blocks[2]!.images.pop()
    expect(() => parseContent('content/home.ts', schema.home, broken)).toThrow(
      'Invalid content in content/home.ts:\n  documentaries.blocks.2.images: a documentary block shows exactly 6 images',
    )
  })

  it('site.ts (navigation, footer) is valid, and a bad link is named', () => {
    expect(() => parseContent('content/site.ts', schema.site, site)).not.toThrow()
    const broken = { ...site, navItems: [...site.navItems, { to: 'about', label: 'About' }] }
    expect(() => parseContent('content/site.ts', schema.site, broken)).toThrow(
      /Invalid content in content\/site\.ts:\n {2}navItems\.4\.to: must be a path starting with "\/"/,
    )
  })
})

/** The text a reader sees: tags (and their attributes) dropped, entities decoded. */
function visibleText(html: string) {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

describe('typography', () => {
  it('no straight quote or double hyphen is left in any published article', async () => {
    const slugs = articleSlugs('content/articles')
    expect(slugs.length).toBeGreaterThan(0)
    for (const slug of slugs) {
      const article = (await getArticle(slug))!
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

  it('turns quotes, apostrophes and dashes typographic, and leaves code and addresses alone', async () => {
    const html = await renderArticleBody(
      'test.mdx',
      [
        `She said, "It's ours -- and 'theirs' too."`,
        '',
        `Type \`say "hi" -- it's code\` or visit [the fund's site](https://example.org/a--b?q='x').`,
        '',
        '```',
        `const quote = "don't" -- 1`,
        '```',
      ].join('\n'),
      [],
    )
    const text = visibleText(html)
    expect(text).toContain('She said, “It’s ours — and ‘theirs’ too.”')
    expect(text).toContain(`say "hi" -- it's code`)
    expect(text).toContain(`const quote = "don't" -- 1`)
    expect(text).toContain('the fund’s site')
    expect(html).toContain(`href="https://example.org/a--b?q=&#x27;x&#x27;"`)
  })

  it('treats frontmatter text the same way', () => {
    expect(typographic(`Mothers' Bond Fund -- "the first"`)).toBe(
      'Mothers’ Bond Fund — “the first”',
    )
  })
})
