/**
 * The editor never changes an article it did not edit: every sample article goes Markdown →
 * editor document → Markdown byte for byte, through the editor's own schema; any body comes back
 * as Markdown the site renders to the same HTML, and writing it again changes nothing.
 */
import fs from 'node:fs'
import path from 'node:path'
import { getSchema, type JSONContent } from '@tiptap/core'
import { Node } from '@tiptap/pm/model'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MarkdownError, renderMarkdown, type RenderOptions } from '#common/content/markdown.ts'
import { normaliseBody } from '#common/content/articles.ts'
import {
  documentToMarkdown,
  markdownToDocument,
  photoMarkdown,
  type PhotoAttributes,
} from './markdown-document.ts'
import { articleExtensions } from './schema.ts'

const schema = getSchema(articleExtensions())
const ARTICLES = path.resolve(import.meta.dirname, '../../../content/articles')

/** Through the editor's schema, as the editor holds it (ProseMirror fills in defaults). */
function roundTrip(body: string): string {
  const doc = Node.fromJSON(schema, markdownToDocument(body))
  doc.check()
  return documentToMarkdown(doc.toJSON() as JSONContent)
}

function bodyOf(file: string): string {
  const text = fs.readFileSync(path.join(ARTICLES, file), 'utf8')
  return normaliseBody(text.replace(/^---\n[\s\S]*?\n---\n/, ''))
}

/**
 * Renders any photo as a fixed picture, so bodies can be compared as the site shows them; a body
 * the site refuses gives its messages.
 */
function render(body: string): string {
  try {
    return renderMarkdown(body, renderOptions)
  } catch (error) {
    if (!(error instanceof MarkdownError)) throw error
    return `refused: ${error.problems.map((problem) => problem.message).join('; ')}`
  }
}

const renderOptions: RenderOptions = {
  imageExists: () => true,
  image: (id, alt) => ({
    src: `/media/${id}-640.webp`,
    avifSrcSet: `/media/${id}-640.avif 640w`,
    webpSrcSet: `/media/${id}-640.webp 640w`,
    width: 640,
    height: 480,
    color: '#112233',
    alt,
  }),
}

describe('the sample articles', () => {
  const files = fs.readdirSync(ARTICLES).filter((name) => name.endsWith('.md'))

  it('are all here', () => expect(files).toHaveLength(7))

  it.each(files)('%s comes back byte for byte', (file) => {
    const body = bodyOf(file)
    expect(roundTrip(body)).toBe(body)
  })

  it.each(files)('%s is rich text throughout: no block left as Markdown source', (file) => {
    const doc = markdownToDocument(bodyOf(file))
    const kinds = new Set(doc.content!.map((node) => node.type))
    expect(kinds.has('markdownBlock')).toBe(false)
    expect(kinds.has('photo')).toBe(true)
  })
})

describe('the photo node', () => {
  const line =
    '::photo[The mural, with _its_ final panel.]{image=articles/marisol-vega/photo-3 alt="A long wall"}\n'

  it('is one node with image, alt and caption', () => {
    expect(markdownToDocument(line).content).toEqual([
      {
        type: 'photo',
        attrs: {
          image: 'articles/marisol-vega/photo-3',
          alt: 'A long wall',
          caption: 'The mural, with _its_ final panel.',
          source: line.trim(),
        },
      },
    ])
  })

  it('keeps an unchanged photo as written, quoting style and attribute order included', () => {
    const odd = '::photo[Caption]{alt=\'Say "hi"\' image="people/a"}\n'
    expect(roundTrip(odd)).toBe(odd)
  })

  it('is written in the canonical form once changed', () => {
    const [node] = markdownToDocument(line).content!
    expect(
      photoMarkdown({
        ...(node!.attrs as PhotoAttributes),
        alt: 'She said "wait" & left &amp; then',
      }),
    ).toBe(
      '::photo[The mural, with _its_ final panel.]{image=articles/marisol-vega/photo-3 alt="She said &quot;wait&quot; & left &amp;amp; then"}',
    )
    expect(photoMarkdown({ image: 'u/abc', alt: 'Two\nlines', caption: 'New' })).toBe(
      '::photo[New]{image=u/abc alt="Two lines"}',
    )
  })

  it('reads back what it writes', () => {
    const attrs = { image: 'u/3f2a', alt: 'A "quoted" word & more', caption: 'A *new* one' }
    const [read] = markdownToDocument(photoMarkdown(attrs)).content!
    expect(read!.attrs).toMatchObject(attrs)
  })
})

describe('what the editor has no rich text for', () => {
  it.each([
    ['a table', '| a | b |\n| - | - |\n| 1 | 2 |\n'],
    ['raw HTML', '<script>alert(1)</script>\n'],
    ['a level-1 heading', '# Title\n'],
    ['a footnote', 'Text.[^1]\n\n[^1]: The note.\n'],
    ['a task list', '- [ ] one\n- [x] two\n'],
    ['a link to a refused address', 'See [this](javascript:alert(1)).\n'],
    ['another directive', '::video[Clip]{src=x}\n'],
    ['a photo with another attribute', '::photo[C]{image=a alt="b" onclick="x"}\n'],
    ['a Markdown image', '![alt](/x.png)\n'],
    ['a reference link', 'See [the site][1].\n\n[1]: https://example.org\n'],
  ])('keeps %s exactly as written, in a Markdown block', (_, body) => {
    const doc = markdownToDocument(body)
    expect(doc.content!.some((node) => node.type === 'markdownBlock')).toBe(true)
    expect(roundTrip(body)).toBe(body)
  })
})

describe('rich text', () => {
  it.each([
    ['headings', '## Two\n\n### Three\n\n###### Six\n'],
    [
      'emphasis and links',
      'Some *em*, **strong**, ~~gone~~, `code` and [a link](https://example.org "Title").\n',
    ],
    ['nested marks', '**bold with *italic* inside** and *[a linked](/about) word*\n'],
    ['a tight list', '- one\n- two\n  - nested\n- three\n'],
    ['a loose list', '1. one\n\n2. two\n'],
    ['an ordered list from 3', '3. three\n4. four\n'],
    ['a quote', '> Quoted *words*\n>\n> - and a list\n'],
    ['a break', 'line one\\\nline two\n'],
    ['a rule', 'above\n\n---\n\nbelow\n'],
    ['code', '```js\nconst a = 1\n```\n'],
    ['a colon in running text', 'At 6:40, note:this stays.\n'],
    ['autolinks', 'Write to <hello@example.org> or see <https://example.org>.\n'],
    ['escaped characters', 'A literal \\*star\\* and \\_under\\_.\n\n1\\. not a list\n'],
  ])('%s come back as written', (_, body) => {
    expect(roundTrip(body)).toBe(body)
  })

  it('moves spaces at the edges of emphasis outside it', () => {
    const doc: JSONContent = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: ' bold ', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'word' },
          ],
        },
      ],
    }
    expect(documentToMarkdown(doc)).toBe('a **bold** word\n')
  })

  it('leaves out empty paragraphs and writes an empty document as one line end', () => {
    expect(
      documentToMarkdown({
        type: 'doc',
        content: [
          { type: 'paragraph' },
          { type: 'paragraph', content: [{ type: 'text', text: 'x' }] },
          { type: 'paragraph' },
        ],
      }),
    ).toBe('x\n')
    expect(documentToMarkdown({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe('\n')
  })
})

describe('any Markdown', () => {
  // Lines built from the constructs writers use, in any order and mixture.
  const word = fc.constantFrom(
    'Kansas',
    'City',
    'mural',
    '6:40',
    'it’s',
    '"quoted"',
    'a&b',
    'x_y',
    '*',
    '_',
    '[',
    ']',
    '#',
    '1.',
    '-',
    '>',
    '`',
    '\\',
    '<',
    'https://example.org',
    'e-mail@example.org',
  )
  const phrase = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '))
  const inlineMarkdown = fc.oneof(
    phrase,
    phrase.map((p) => `*${p.trim()}*`),
    phrase.map((p) => `**${p}**`),
    phrase.map((p) => `[${p}](https://example.org/${encodeURIComponent(p)})`),
  )
  const line = fc
    .array(inlineMarkdown, { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join(' '))
  const blockMarkdown = fc.oneof(
    line,
    line.map((l) => `## ${l}`),
    line.map((l) => `> ${l}`),
    fc
      .array(line, { minLength: 1, maxLength: 3 })
      .map((items) => items.map((i) => `- ${i}`).join('\n')),
    fc
      .array(line, { minLength: 1, maxLength: 3 })
      .map((items) => items.map((i, n) => `${n + 1}. ${i}`).join('\n')),
    fc.constant('::photo[A *caption*]{image=people/a alt="Who"}'),
    fc.constant('| a |\n| - |\n| 1 |'),
  )
  const body = fc
    .array(blockMarkdown, { minLength: 1, maxLength: 6 })
    .map((blocks) => normaliseBody(blocks.join('\n\n')))

  it('renders the same after a trip through the editor, and a second trip changes nothing', () => {
    fc.assert(
      fc.property(body, (markdown) => {
        const once = roundTrip(markdown)
        // An empty heading ("## ") is left out, as an empty paragraph is: it shows nothing, and
        // an empty heading only confuses a screen reader's list of headings.
        expect(render(once)).toBe(
          render(markdown)
            .replace(/<h([2-6])><\/h\1>\n?/g, '')
            .trim(),
        )
        expect(roundTrip(once)).toBe(once)
      }),
      { numRuns: Number(process.env.ROUND_TRIP_RUNS ?? 300) },
    )
  }, 360_000)
})
