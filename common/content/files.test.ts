import { describe, expect, it } from 'vitest'
import { listContentFiles, readContentDir } from './content-dir.ts'
import { snapshotFiles, snapshotFromFiles } from './files.ts'
import { ContentError } from './problems.ts'

const files = listContentFiles('content')
const label = (path: string) => `content/${path}`

/** The sample's files with one file changed. */
function withFile(path: string, change: (text: string) => string) {
  const changed = new Map(files)
  changed.set(path, change(files.get(path) ?? ''))
  return changed
}

function problemsOf(changed: Map<string, string>): string {
  try {
    snapshotFromFiles(changed, label)
  } catch (error) {
    if (error instanceof ContentError) return error.message
    throw error
  }
  throw new Error('the content was accepted')
}

describe('the repository’s content folder', () => {
  it('is written exactly as an export writes it, so an export of unchanged content is identical', () => {
    const written = snapshotFiles(readContentDir('content'))
    expect([...written.keys()].sort()).toEqual([...files.keys()].sort())
    for (const [path, text] of written) expect(text, path).toBe(files.get(path))
  })

  it('reads back what it writes, redirects included', () => {
    const snapshot = readContentDir('content')
    const withRedirect = {
      ...snapshot,
      redirects: [{ from: 'marisol-vega-muralist', to: snapshot.articles[0]!.slug }],
    }
    const written = snapshotFiles(withRedirect)
    expect(written.get('redirects.yaml')).toMatch(/^# Former article slugs/)
    expect(snapshotFromFiles(written)).toEqual(withRedirect)
  })
})

describe('content that cannot be published', () => {
  it('names the file and the field of a schema problem', () => {
    const message = problemsOf(
      withFile('home.yaml', (text) =>
        text.replace(/(- videoLeft|videoLeft: )/, 'heding: Films\n      $1'),
      ),
    )
    expect(message).toMatch(
      /^Invalid content in content\/home\.yaml:\n {2}documentaries\.blocks\.0\.heding: unknown field/,
    )
  })

  it('names a rule broken inside a list', () => {
    const message = problemsOf(
      withFile('home.yaml', (text) =>
        text.replace(/(\n {6}images:\n) {8}- image: .*\n {10}alt: .*\n/, '$1'),
      ),
    )
    expect(message).toBe(
      'Invalid content in content/home.yaml:\n  documentaries.blocks.0.images: a documentary block shows exactly 6 images',
    )
  })

  it('gives the line of a YAML mistake', () => {
    const message = problemsOf(
      withFile('site.yaml', (text) => text.replace('  name: DocuCommons', '  name: [DocuCommons')),
    )
    expect(message).toMatch(
      /^Invalid content in content\/site\.yaml:\n {2}line \d+, column \d+: this is not valid YAML/,
    )
  })

  it('names an article’s file and front matter field', () => {
    const message = problemsOf(
      withFile('articles/marisol-vega.md', (text) =>
        text.replace(/^series: .*$/m, 'series: poetry'),
      ),
    )
    expect(message).toMatch(
      /^Invalid content in content\/articles\/marisol-vega\.md:\n {2}series: /,
    )
  })

  it('gives a body problem the line of the file, front matter included', () => {
    const changed = withFile('articles/marisol-vega.md', (text) =>
      text.replace(/\n---\n\n/, '\n---\n\nFirst.\n\n<script>alert(1)</script>\n\n'),
    )
    const line = changed
      .get('articles/marisol-vega.md')!
      .split('\n')
      .indexOf('<script>alert(1)</script>')
    expect(problemsOf(changed)).toContain(
      `content/articles/marisol-vega.md:\n  body, line ${line + 1}, column 1: raw HTML is not allowed`,
    )
  })

  it('refuses a picture the media library does not have, by field', () => {
    const message = problemsOf(
      withFile('about.yaml', (text) =>
        text.replace('image: about/gain-insight', 'image: about/nope'),
      ),
    )
    expect(message).toContain(
      'content/about.yaml:\n  gainInsight.image.image: there is no picture "about/nope"',
    )
  })

  it('refuses a changemaker card that links to no article', () => {
    const message = problemsOf(
      withFile('home.yaml', (text) => text.replace('article: marisol-vega', 'article: nobody')),
    )
    expect(message).toMatch(/changemakers\.cards\.\d\.article: there is no article "nobody"/)
  })

  it('names a missing file, an unknown one and a slug that is not allowed', () => {
    const changed = new Map(files)
    changed.delete('privacy.yaml')
    changed.set('hom.yaml', 'hero: {}\n')
    changed.set('articles/Bad_Slug.md', files.get('articles/marisol-vega.md')!)
    const message = problemsOf(changed)
    expect(message).toContain('content/hom.yaml:\n  (whole file): not a content file')
    // The first pass stops at files it cannot read; fix that and the rest are named.
    changed.delete('hom.yaml')
    const next = problemsOf(changed)
    expect(next).toContain('content/privacy.yaml:\n  (whole file): is missing')
    expect(next).toContain('content/articles/Bad_Slug.md:\n  slug: must be lower-case letters')
  })
})
