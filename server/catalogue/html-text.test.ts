import fc from 'fast-check'
import { threadCpuMs } from '#server/test/time-bounds.ts'
import { describe, expect, it } from 'vitest'
import { htmlToText, MAX_HTML_LENGTH, truncate } from './html-text.ts'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

describe('htmlToText', () => {
  it.each([
    ['<p>Three <strong>credit hours</strong> of ethics.</p>', 'Three credit hours of ethics.'],
    ['<p>First</p><p>Second</p>', 'First Second'],
    ['Line one<br>Line two<br/>Line three', 'Line one Line two Line three'],
    [
      'Covers:<ul><li>Flood zones</li><li>Elevation</li></ul>',
      'Covers: \u2022 Flood zones \u2022 Elevation',
    ],
    [
      'Tom &amp; Jerry&nbsp;&ndash; &#8220;quoted&#x201D; &hellip;',
      'Tom & Jerry \u2013 \u201cquoted\u201d \u2026',
    ],
    ['<script>alert(1)</script>Safe<style>p{color:red}</style> text', 'Safe text'],
    ['<!-- hidden --><p>Shown</p>', 'Shown'],
    ['&lt;img src=x onerror=alert(1)&gt;', '<img src=x onerror=alert(1)>'],
    ['Price &lt; $30 and x < y, 3<4', 'Price < $30 and x < y, 3<4'],
    // A tag still open when the text ends is dropped, as a browser drops it.
    ['Read more <a href="https://shop.example.com', 'Read more'],
    // A ">" inside a quoted attribute does not end the tag.
    ['<a title="a > b">Link</a> text', 'Link text'],
    ['<svg><svg></svg>drawn</svg>shown', 'shown'],
    ['Unknown &bogus; entity and &#0; nul', 'Unknown &bogus; entity and \ufffd nul'],
    ['Curso b&aacute;sico de &oacute;rdenes', 'Curso b\u00e1sico de \u00f3rdenes'],
    ['Fee: &euro;25 &pound;20 &yen;300', 'Fee: \u20ac25 \u00a320 \u00a5300'],
    ['Agent&#x27;s guide &#39;24', "Agent's guide '24"],
    ['&#x1F3E0; home &#55296; surrogate', '\u{1F3E0} home \ufffd surrogate'],
    ['&Ccedil;a &szlig; &Omega; &rarr; &hearts;', '\u00c7a \u00df \u03a9 \u2192 \u2665'],
    ['AT&T and Q&amp;A', 'AT&T and Q&A'],
    ['  spaced \n\t out  ', 'spaced out'],
    ['<p>unterminated <script>var a = 1', 'unterminated'],
  ])('%j -> %j', (html, text) => {
    expect(htmlToText(html)).toBe(text)
  })

  it('returns plain text unchanged after escaping, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const expected = text
          // eslint-disable-next-line no-control-regex
          .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g, '')
          .replace(/\s+/g, ' ')
          .trim()
        expect(htmlToText(escapeHtml(text))).toBe(expected)
      }),
    )
  })

  it('never lets a tag through, whatever the markup', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(
              '<b>',
              '</p>',
              '<a href="x">',
              '<br/>',
              '<li>',
              '<!-- c -->',
              '<img src=x>',
            ),
            fc.string({ maxLength: 8 }).filter((s) => !/[<&]/.test(s)),
          ),
        ),
        (parts) => {
          expect(htmlToText(parts.join(''))).not.toMatch(/<\/?[a-z!][^>]*>/i)
        },
      ),
    )
  })

  it('cuts long text at a word with an ellipsis', () => {
    const text = htmlToText(`<p>${'word '.repeat(100)}</p>`, 50)
    expect(Array.from(text).length).toBeLessThanOrEqual(50)
    expect(text.endsWith('word\u2026')).toBe(true)
  })
})

describe('htmlToText on hostile markup', () => {
  // Each input is 100,000 characters, the most read of a field. Read in one pass, each takes a
  // few milliseconds; the regular expressions this replaced took minutes on the first one.
  const hostile = {
    'tags that never close': '<a'.repeat(50_000),
    'attributes that never close': `<p title="${'<b x='.repeat(20_000)}`,
    'quotes that never close': '<a href="'.repeat(11_111),
    'markup nested 20,000 deep': `${'<div><span>'.repeat(4_000)}deep${'</em>'.repeat(11_000)}`,
    'comments, scripts and styles that never end': '<!--<script><style><svg>'.repeat(4_000),
    'a flood of entities': '&amp;&#x1F3E0;&bogus;&#99999999;&'.repeat(3_000),
    'entities that never end': `&${'a'.repeat(50_000)}&#${'1'.repeat(49_998)}`,
  }

  // The same length of ordinary markup, read the same way: the control each hostile input is
  // held to. A linear reader takes about as long on both; the patterns it replaced took minutes.
  const ordinary = '<p>Words of a <b>course</b> description.</p> '.repeat(2_300)
  const control = () => Math.max(threadCpuMs(() => htmlToText(ordinary)).cpuMs, 5)

  it.each(Object.entries(hostile))('reads %s in linear time', (_kind, html) => {
    expect(html.length).toBeGreaterThan(0.9 * MAX_HTML_LENGTH)
    const controlMs = control()
    const { value: text, cpuMs } = threadCpuMs(() => htmlToText(html))
    expect(cpuMs).toBeLessThan(controlMs * 50)
    expect(text).not.toMatch(/<[a-z]/i)
  })

  it('reads no further than MAX_HTML_LENGTH characters of a field', () => {
    const html = `<p>${' '.repeat(MAX_HTML_LENGTH)}after the limit</p>`
    expect(htmlToText(html)).toBe('')
    const controlMs = control()
    const { value, cpuMs } = threadCpuMs(() => htmlToText('<a'.repeat(2_500_000)))
    expect(value).toBe('')
    expect(cpuMs).toBeLessThan(controlMs * 50)
  })
})

describe('truncate', () => {
  it('leaves short text alone and never splits a character', () => {
    expect(truncate('short', 10)).toBe('short')
    expect(truncate('\u{1F3E0}'.repeat(20), 5)).toBe('\u{1F3E0}'.repeat(4) + '\u2026')
  })
})
