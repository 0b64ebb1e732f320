// @vitest-environment happy-dom
/**
 * The editor itself, in a DOM: a real Tiptap editor given each sample article hands back the same
 * Markdown byte for byte (what the staff app does when an article is opened and saved
 * untouched); typing and the toolbar make the Markdown the site expects; the toolbar is one Tab
 * stop whose buttons the arrow keys move between; a link to a refused address is refused with a
 * message.
 */
import fs from 'node:fs'
import path from 'node:path'
import { Editor } from '@tiptap/core'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { normaliseBody } from '#common/content/articles.ts'
import { ArticleBodyEditor } from './article-body-editor.tsx'
import { linkProblem } from './links.ts'
import { documentToMarkdown, markdownToDocument } from './markdown-document.ts'
import { articleExtensions } from './schema.ts'

const ARTICLES = path.resolve(import.meta.dirname, '../../../content/articles')
const samples = fs
  .readdirSync(ARTICLES)
  .filter((name) => name.endsWith('.md'))
  .map((name) => [
    name,
    normaliseBody(
      fs.readFileSync(path.join(ARTICLES, name), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''),
    ),
  ])

afterEach(cleanup)

describe('a Tiptap editor holding a sample article', () => {
  it.each(samples)('%s: opened and saved untouched, the same bytes', (_, body) => {
    const element = document.createElement('div')
    const editor = new Editor({
      element,
      extensions: articleExtensions(),
      content: markdownToDocument(body!),
      injectCSS: false,
    })
    try {
      expect(documentToMarkdown(editor.getJSON())).toBe(body)
      // And the editor's own HTML round trip (copy and paste inside the editor) keeps it too.
      editor.commands.setContent(editor.getHTML())
      expect(documentToMarkdown(editor.getJSON())).toBe(body)
    } finally {
      editor.destroy()
    }
  })
})

describe('the article editor', () => {
  function setup(body = 'First paragraph.\n') {
    const onChange = vi.fn<(markdown: string) => void>()
    render(<ArticleBodyEditor body={body} onChange={onChange} />)
    return { onChange, text: screen.getByRole('textbox', { name: 'Article text' }) }
  }

  it('is a labelled, multi-line text field that says how to reach the toolbar', () => {
    const { text } = setup()
    expect(text.getAttribute('aria-multiline')).toBe('true')
    const hint = document.getElementById(text.getAttribute('aria-describedby')!.split(' ')[0]!)
    expect(hint?.textContent).toContain('Alt+F10')
  })

  it('has one Tab stop in its toolbar, moved by the arrow keys, Home and End', () => {
    setup()
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' })
    const buttons = within(toolbar).getAllByRole('button')
    const tabbable = () => buttons.filter((button) => button.tabIndex === 0)
    expect(tabbable()).toHaveLength(1)
    buttons[0]!.focus()
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(buttons[1])
    expect(tabbable()).toEqual([buttons[1]])
    fireEvent.keyDown(toolbar, { key: 'End' })
    expect(document.activeElement).toBe(buttons.at(-1))
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(buttons[0])
    fireEvent.keyDown(toolbar, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(buttons.at(-1))
  })

  it('makes the Markdown the site reads when the toolbar formats the text', async () => {
    const { onChange, text } = setup('A word here.\n')
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' })
    await act(async () => {
      text.focus()
      fireEvent.click(within(toolbar).getByRole('button', { name: 'Heading' }))
    })
    expect(onChange).toHaveBeenLastCalledWith('## A word here.\n')
    expect(
      within(toolbar).getByRole('button', { name: 'Heading' }).getAttribute('aria-pressed'),
    ).toBe('true')
    await act(async () => {
      fireEvent.click(within(toolbar).getByRole('button', { name: 'Quote' }))
    })
    expect(onChange).toHaveBeenLastCalledWith('> ## A word here.\n')
  })
})

describe('link addresses', () => {
  it.each([
    'https://example.org/a?b#c',
    'http://example.org',
    'mailto:info@example.org',
    'tel:+18165550142',
    '/about',
    '#newsletter',
  ])('accepts %s', (url) => expect(linkProblem(url)).toBeUndefined())

  it.each([
    ['javascript:alert(1)', /not allowed/],
    ['JaVaScRiPt:alert(1)', /not allowed/],
    ['java\tscript:alert(1)', /not allowed/],
    ['data:text/html,<b>', /not allowed/],
    ['vbscript:x', /not allowed/],
    ['file:///etc/passwd', /not allowed/],
    ['www.example.org', /https:\/\/www\.example\.org/],
    ['name@example.org', /mailto:name@example\.org/],
    ['//evil.example', /Start the address/],
    ['', /Enter the address/],
    ['https:example.org', /whole address/],
    ['/a page', /without spaces/],
  ])('refuses %j, saying how to fix it', (url, message) => {
    expect(linkProblem(url)).toMatch(message)
  })

  it('keeps a refused link out of the editor’s rich text (a Markdown block shows it as written)', () => {
    const doc = markdownToDocument('See [this](javascript:alert(1)).\n')
    expect(doc.content?.[0]?.type).toBe('markdownBlock')
  })
})

describe('pasted HTML', () => {
  it('loses its event handlers and styles before it is parsed, whatever the quoting', async () => {
    const { withoutInlineCode } = await import('./paste.ts')
    expect(
      withoutInlineCode(
        '<p style="color:red" class=x>a</p><img src=x onerror=alert(1)><a title="x>y" onclick=\'go()\' href="/a">b</a> text onclick="stays"',
      ),
    ).toBe('<p class=x>a</p><img src=x><a title="x>y" href="/a">b</a> text onclick="stays"')
  })

  it('keeps only what an article may hold: marks, lists, safe links', async () => {
    const { sliceOfHtml } = await import('./paste.ts')
    const { getSchema } = await import('@tiptap/core')
    const slice = sliceOfHtml(
      '<h1>Title</h1><p>Some <b>bold</b> <a href="javascript:alert(1)">bad</a> <a href="/about">good</a><img src="x"></p>',
      getSchema(articleExtensions()),
    )
    const json = JSON.stringify(slice.content.toJSON())
    expect(json).not.toContain('javascript')
    expect(json).not.toContain('image')
    expect(json).toContain('"href":"/about"')
    expect(json).toContain('"type":"bold"')
    // A level-1 heading is not an article's: it comes in as a paragraph.
    expect(slice.content.firstChild?.type.name).not.toBe('heading')
  })
})
