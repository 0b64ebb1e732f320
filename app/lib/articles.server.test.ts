import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { home } from '#content/home.ts'
import * as site from '#content/site.ts'
import * as schema from '#content/schema.ts'
import { parseArticleSource } from './articles.server.ts'
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
