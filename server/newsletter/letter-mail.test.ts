/**
 * The HTML of each kind of letter (written with every Markdown feature and a picture, made from
 * an episode, from an article, the weekly letter) passes html-validate's checks, stays under
 * Gmail's 102 KB, has lang, alt text on every picture, no script, no tracking image, links as
 * written, and a plain-text part with the same words; each reader's copy has only their own
 * link and address.
 */
import path from 'node:path'
import { HtmlValidate } from 'html-validate'
import { describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { letterFromItem, publishedItems, weeklyLetter } from './letter-sources.ts'
import { personalise, renderLetter, type LetterContent } from './letter-mail.ts'

const snapshot = readContentDir(path.resolve(import.meta.dirname, '../../content'))
const picture = Object.keys(snapshot.media.images)[0]!
const options = {
  media: snapshot.media,
  siteUrl: 'https://docucommons.example.org',
  postalAddress: 'Heartland Story Fund, 1400 Grand Blvd, Kansas City, MO 64106',
  listName: 'DocuCommons',
}
const episode = publishedItems(snapshot).find((item) => item.kind === 'episode')!
const article = publishedItems(snapshot).find((item) => item.kind === 'article')!
const newest = publishedItems(snapshot)[0]!

const KINDS: Record<string, LetterContent> = {
  written: {
    slug: 'written',
    subject: 'Porches & people',
    preheader: 'A short note',
    body: [
      'Hello, *readers*: read [the story](/articles) or [elsewhere](https://example.org/?a=1&b=2).',
      '',
      '## A heading',
      '',
      '- one',
      '- two',
      '',
      '1. first',
      '2. second',
      '',
      '> A quotation.',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
      '',
      `::photo[A caption.]{image=${picture} alt="A row of porches"}`,
      '',
    ].join('\n'),
  },
  episode: { slug: 'episode', ...letterFromItem(episode) },
  article: { slug: 'article', ...letterFromItem(article) },
  weekly: {
    slug: 'weekly',
    ...weeklyLetter(snapshot, new Date(Date.parse(newest.date) + 3_600_000)),
  },
}

const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
  rules: {
    // Mail clients need what the web no longer does: tables for layout and inline styles.
    'no-inline-style': 'off',
    // React Email writes the XHTML 1.0 Transitional doctype that Outlook expects.
    'doctype-html': 'off',
    'no-redundant-role': 'off',
    // Presentational attributes (align, width on tables) are how Outlook lays out.
    'no-deprecated-attr': 'off',
  },
})

describe('each kind of letter as e-mail', () => {
  for (const [kind, letter] of Object.entries(KINDS)) {
    it(`passes the HTML check and the mail rules: ${kind}`, async () => {
      const rendered = await renderLetter(letter, options)
      const copy = personalise(rendered, {
        email: 'ana@example.org',
        unsubscribeUrl: 'https://docucommons.example.org/newsletter/unsubscribe?token=abc&x=1',
      })
      const report = await validator.validateString(copy.html)
      expect(
        report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`)),
      ).toEqual([])
      expect(Buffer.byteLength(copy.html)).toBeLessThan(102 * 1024)
      expect(copy.html).toMatch(/<html[^>]* lang="en"/)
      expect(copy.html).not.toMatch(/<script/i)
      for (const img of copy.html.match(/<img\b[^>]*>/g) ?? []) {
        expect(img).toMatch(/ alt="[^"]+"/)
        expect(img).not.toMatch(/width="1"|height="1"/)
      }
      expect(copy.html).toContain('newsletter/unsubscribe?token=abc&amp;x=1')
      expect(copy.html).toContain('ana@example.org')
      expect(copy.html).not.toContain('reader-address@letter.invalid')
      expect(copy.html).toContain('1400 Grand Blvd')
      expect(copy.html).toContain('https://docucommons.example.org/newsletter/' + letter.slug)
      expect(copy.text).toContain(
        'Unsubscribe (one click, no sign-in): https://docucommons.example.org/newsletter/unsubscribe?token=abc&x=1',
      )
      expect(copy.text).toContain('because ana@example.org subscribed')
      expect(copy.text).not.toMatch(/<[a-z]/)
    })
  }

  it('keeps the links as written and gives pictures their alt text in both parts', async () => {
    const rendered = await renderLetter(KINDS.written!, options)
    expect(rendered.html).toContain('href="https://example.org/?a=1&amp;b=2"')
    expect(rendered.html).toContain('href="https://docucommons.example.org/articles"')
    expect(rendered.html).toContain('alt="A row of porches"')
    expect(rendered.text).toContain('elsewhere (https://example.org/?a=1&b=2)')
    expect(rendered.text).toContain('[A row of porches]')
    expect(rendered.text).toContain('- one\n- two')
  })
})
