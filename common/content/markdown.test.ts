import fc from 'fast-check'
import type { Root as HastRoot } from 'hast'
import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import {
  ARTICLE_SCHEMA,
  MarkdownError,
  articleWordCount,
  checkMarkdown,
  renderMarkdown,
  unsafeUrlReason,
  type RenderOptions,
} from './markdown.ts'

const IMAGE = 'articles/sample/photo-1'
const options: RenderOptions = {
  imageExists: (id) => id === IMAGE,
  image: (id, alt) =>
    id === IMAGE
      ? {
          src: `/media/${id}-480.webp`,
          avifSrcSet: `/media/${id}-480.avif 480w, /media/${id}-960.avif 960w`,
          webpSrcSet: `/media/${id}-480.webp 480w, /media/${id}-960.webp 960w`,
          width: 1500,
          height: 1000,
          color: '#b84828',
          alt,
        }
      : undefined,
}
const check = (body: string) => checkMarkdown(body, options)
const photo = `::photo[A caption]{image=${IMAGE} alt="Two chairs"}`

describe('what a writer may not type', () => {
  it.each([
    [
      'a raw HTML block',
      'Intro.\n\n<script>alert(1)</script>\n',
      3,
      1,
      /raw HTML is not allowed \(<script>alert\(1\)<\/script>\)/,
    ],
    ['inline raw HTML', 'Hello <img src=x onerror="alert(1)"> there.\n', 1, 7, /raw HTML/],
    ['an HTML comment', 'Text.\n\n<!-- note -->\n', 3, 1, /raw HTML/],
    ['a javascript: link', '[x](javascript:alert(1))\n', 1, 1, /"javascript:" is not allowed/],
    ['a link in capitals', 'See [x](JaVaScRiPt:alert(1)).\n', 1, 5, /"javascript:"/],
    ['an entity-encoded scheme', '[x](&#106;avascript:alert(1))\n', 1, 1, /"javascript:"/],
    ['a tab inside the scheme', '[x](java&#x09;script:alert(1))\n', 1, 1, /"javascript:"/],
    [
      'a newline entity inside the scheme',
      '[x](java&#10;script:alert(1))\n',
      1,
      1,
      /"javascript:"/,
    ],
    ['a named entity for the colon', '[x](javascript&colon;alert(1))\n', 1, 1, /"javascript:"/],
    ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD4=)\n', 1, 1, /"data:"/],
    ['a vbscript: link', '[x](vbscript:msgbox(1))\n', 1, 1, /"vbscript:"/],
    ['an autolink', 'Go <javascript:alert(1)> now.\n', 1, 4, /"javascript:"/],
    ['a reference definition', '[x]\n\n[x]: javascript:alert(1)\n', 3, 1, /"javascript:"/],
    [
      'a Markdown image',
      '![x](https://example.org/x.png)\n',
      1,
      1,
      /Markdown image is not allowed/,
    ],
    ['a level-1 heading', '# Title\n', 1, 1, /level-1 heading/],
    ['an unknown leaf directive', '::video{src=x}\n', 1, 1, /"::video" is not a directive/],
    ['an unknown container directive', ':::note\nHi\n:::\n', 1, 1, /":::note" is not a directive/],
    ['a text directive with a label', 'An :abbr[HTML]{title="x"} here.\n', 1, 4, /":abbr\[…\]"/],
    ['a photo as a container', `:::photo\nx\n:::\n`, 1, 1, /one line, not a block/],
    [
      'a photo with an event handler',
      `::photo[C]{image=${IMAGE} alt="A" onclick="x()"}\n`,
      1,
      1,
      /only image and alt, not onclick/,
    ],
    [
      'a photo with a class and an id',
      `::photo[C]{#top .wide image=${IMAGE} alt="A"}\n`,
      1,
      1,
      /not #id, \.class/,
    ],
    ['a photo without alt text', `::photo[C]{image=${IMAGE}}\n`, 1, 1, /needs alt=/],
    ['a photo with empty alt text', `::photo[C]{image=${IMAGE} alt="  "}\n`, 1, 1, /needs alt=/],
    ['a photo without a caption', `::photo{image=${IMAGE} alt="A"}\n`, 1, 1, /needs a caption/],
    ['a photo without a picture', '::photo[C]{alt="A"}\n', 1, 1, /needs image=/],
    [
      'a photo the library does not have',
      '::photo[C]{image=articles/none alt="A"}\n',
      1,
      1,
      /no picture "articles\/none"/,
    ],
    [
      'a directive that cannot be read',
      `Text.\n\n::photo[Caption{image=${IMAGE} alt="A"}\n`,
      3,
      1,
      /starts like a directive/,
    ],
  ])('refuses %s, with its line and column', (_, body, line, column, message) => {
    const problems = check(body)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ line, column })
    expect(problems[0]!.message).toMatch(message)
    // And rendering refuses it too: nothing is silently dropped.
    expect(() => renderMarkdown(body, options)).toThrow(MarkdownError)
  })

  it('reports every problem of a body, in reading order', () => {
    const problems = check('<div>x</div>\n\n[y](javascript:void(0))\n\n::video\n')
    expect(problems.map((p) => p.line)).toEqual([1, 3, 5])
    try {
      renderMarkdown('<div>x</div>\n\n[y](javascript:void(0))\n', options)
      expect.unreachable()
    } catch (error) {
      expect((error as MarkdownError).problems).toHaveLength(2)
      expect((error as Error).message).toMatch(/^line 1, column 1: raw HTML/)
    }
  })
})

describe('what a writer may type', () => {
  it('links to web, mail and phone addresses, paths and anchors', () => {
    const body = [
      '[a](https://example.org/x?q=1) [b](http://example.org) [c](mailto:info@example.org)',
      '[d](tel:+18165550142) [e](/about) [f](#top) [g](../up) [h](?q=2) <https://example.org>',
    ].join('\n')
    expect(check(body)).toEqual([])
    const html = renderMarkdown(body, options)
    expect(html).toContain(
      '<a href="https://example.org/x?q=1" rel="noopener" target="_blank">a</a>',
    )
    expect(html).toContain('<a href="mailto:info@example.org">c</a>')
    expect(html).toContain('<a href="/about">e</a>')
  })

  it('colons in running text, which are not directives', () => {
    const body = 'At 6:40 a.m. the note:read "ready".\n'
    expect(check(body)).toEqual([])
    expect(renderMarkdown(body, options)).toBe('<p>At 6:40 a.m. the note:read “ready”.</p>')
  })

  it('GitHub Flavored Markdown: tables, strikethrough, task lists', () => {
    const html = renderMarkdown(
      '| a | b |\n| :- | -: |\n| 1 | 2 |\n\n~~old~~ new\n\n- [x] done\n- [ ] to do\n',
      options,
    )
    expect(html).toContain('<th align="left">a</th>')
    expect(html).toContain('<del>old</del>')
    expect(html).toContain('<input type="checkbox" checked disabled>')
  })

  it('footnotes whose links reach them', () => {
    const html = renderMarkdown('A claim.[^source]\n\n[^source]: Where it comes from.\n', options)
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]))
    expect(targets).toHaveLength(2)
    for (const target of targets) expect(ids).toContain(target)
  })

  it('a photo: the picture’s sources, its alt text and the caption as a figure', () => {
    const html = renderMarkdown(
      `Before.\n\n::photo[Vega's *first* wall]{image=${IMAGE} alt="A &quot;big&quot; wall"}\n`,
      options,
    )
    expect(html).toContain('<figure class="article-figure"><picture class="block">')
    expect(html).toContain(`srcset="/media/${IMAGE}-480.avif 480w, /media/${IMAGE}-960.avif 960w"`)
    expect(html).toContain('alt="A &#x22;big&#x22; wall"')
    expect(html).toContain('style="background-color:#b84828"')
    expect(html).toContain('<figcaption>Vega’s <em>first</em> wall</figcaption></figure>')
  })

  it('counts words without the photos', () => {
    expect(articleWordCount(`One two three.\n\n${photo}\n\nFour -- five.\n`)).toBe(5)
  })
})

describe('unsafeUrlReason', () => {
  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'file:///etc/passwd',
  ])('refuses %j', (url) => expect(unsafeUrlReason(url)).toBeDefined())

  it.each([
    'https://x.org',
    'HTTP://X.ORG',
    'mailto:a@b.org',
    'tel:+1',
    '/a',
    '#b',
    '?c',
    'd/e',
    '',
  ])('allows %j', (url) => expect(unsafeUrlReason(url)).toBeUndefined())
})

/**
 * What must never be in an article's HTML, whatever was typed: a script or other active element,
 * an event handler attribute, an address that runs code. Text may say anything: in the output a
 * literal "<" is always escaped, so every "<" starts a real tag.
 */
function assertHarmless(html: string) {
  const decode = (value: string) =>
    value
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
  for (const [, tag, attributes] of html.matchAll(/<([a-z][a-z0-9]*)([^>]*)>/gi)) {
    expect(tag!.toLowerCase()).not.toMatch(
      /^(script|iframe|object|embed|style|svg|math|form|base|meta|link|frame|frameset)$/,
    )
    for (const [, name, value = ''] of attributes!.matchAll(/\s([^\s=>]+)(?:="([^"]*)")?/g)) {
      expect(name!.toLowerCase()).not.toMatch(/^on/)
      const url = decode(value)
        // eslint-disable-next-line no-control-regex -- what browsers ignore inside a URL
        .replace(/[\u0000-\u0020]/g, '')
        .toLowerCase()
      expect(url).not.toMatch(/(^|,)(javascript|vbscript|data):/)
      if (name!.toLowerCase() === 'style') expect(url).not.toMatch(/url\(|expression/)
    }
  }
}

describe('no input ever puts a script on the page', () => {
  const fragments = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<svg onload=alert(1)>',
    'javascript:alert(1)',
    'JaVaScRiPt:',
    'java&#x09;script:',
    '&#106;avascript:',
    'data:text/html,<script>',
    '[link](',
    '](',
    ')',
    '<',
    '>',
    '"',
    "'",
    ' onerror=',
    'onclick="x"',
    '::photo[',
    `::photo[c]{image=${IMAGE} alt="a"}`,
    '{image=',
    ' alt="',
    '}',
    ']',
    ':::note',
    ':x[y]',
    '\n',
    '\n\n',
    '    ',
    '`',
    '```',
    '*',
    '# ',
    '| a |',
    '- [ ] ',
    '[x]: ',
    'https://example.org',
    'word',
  ]
  const markdown = fc
    .array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 8 })), { maxLength: 40 })
    .map((parts) => parts.join(''))

  it('renderMarkdown either refuses the body or returns harmless HTML', () => {
    fc.assert(
      fc.property(markdown, (body) => {
        let html: string
        try {
          html = renderMarkdown(body, options)
        } catch (error) {
          if (error instanceof MarkdownError) return
          throw error
        }
        assertHarmless(html)
      }),
      { numRuns: 1500 },
    )
  })
})

describe('the sanitiser beneath the checks', () => {
  const sanitise = (tree: HastRoot) => {
    const processor = unified().use(rehypeSanitize, ARTICLE_SCHEMA).use(rehypeStringify)
    return processor.stringify(processor.runSync(tree) as HastRoot)
  }

  const dangerousUrl = fc.constantFrom(
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'https://example.org',
    '/media/x-480.webp',
    '#top',
  )
  const tagName = fc.constantFrom(
    'script',
    'style',
    'iframe',
    'object',
    'svg',
    'form',
    'a',
    'img',
    'source',
    'p',
    'figure',
    'div',
    'span',
    'input',
    'base',
    'meta',
  )
  const property = fc.oneof(
    fc.tuple(
      fc.constantFrom('href', 'src', 'srcSet', 'action', 'formAction', 'xlinkHref'),
      dangerousUrl,
    ),
    fc.tuple(
      fc.constantFrom('onClick', 'onError', 'onLoad', 'onMouseOver'),
      fc.constant('alert(1)'),
    ),
    fc.tuple(
      fc.constant('style'),
      fc.constantFrom('background:url(javascript:x)', 'background-color:#ffffff'),
    ),
    fc.tuple(fc.constantFrom('className', 'id', 'target', 'rel'), fc.string({ maxLength: 6 })),
  )
  const element = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      fc.record({ type: fc.constant('text' as const), value: fc.string({ maxLength: 6 }) }),
      fc.record({
        type: fc.constant('element' as const),
        tagName,
        properties: fc.array(property, { maxLength: 4 }).map((pairs) => Object.fromEntries(pairs)),
        children: fc.array(tie('node'), { maxLength: 3 }),
      }),
    ),
  })).node

  it('removes every element, attribute and address an article may not have', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 4 }), (children) => {
        assertHarmless(sanitise({ type: 'root', children } as HastRoot))
      }),
      { numRuns: 1500 },
    )
  })

  it('is part of rendering: a photo whose sources are not media addresses loses them', () => {
    const html = renderMarkdown(photo, {
      ...options,
      image: (id, alt) => ({
        ...options.image(id, alt)!,
        src: 'javascript:alert(1)',
        webpSrcSet: 'data:image/svg+xml,<svg onload=alert(1)> 1w',
        color: 'red;background:url(javascript:alert(1))',
      }),
    })
    assertHarmless(html)
    expect(html).toContain('<img alt="Two chairs" width="1500"')
    expect(html).not.toContain('style=')
  })

  it('keeps what an article is made of', () => {
    const html = sanitise({
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'a',
          properties: { href: 'https://example.org', rel: ['noopener'], target: '_blank' },
          children: [{ type: 'text', value: 'x' }],
        },
      ],
    })
    expect(html).toBe('<a href="https://example.org" rel="noopener" target="_blank">x</a>')
  })
})
