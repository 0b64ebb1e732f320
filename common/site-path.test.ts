import { describe, expect, it } from 'vitest'
import { href } from '#common/content/fields.ts'
import { isSitePath } from './site-path.ts'

/** Links a browser opens on another host, though each starts with "/" (issue 25, point 10). */
const ELSEWHERE = [
  '/\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  ' //evil.example',
  '/ /evil.example',
  '/\u0000/evil.example',
  '/\u00a0/evil.example',
  '/\u2028/evil.example',
  '/about\\..\\..\\/evil.example',
]

describe('isSitePath', () => {
  it.each(ELSEWHERE)('refuses %j, which a browser opens elsewhere', (link) => {
    expect(isSitePath(link)).toBe(false)
    expect(href.safeParse(link).success).toBe(false)
  })

  it.each(['/', '/about', '/articles/a-b?x=1#top', '/%5Cescaped', '/a/../b'])(
    'takes %j as a path on the site',
    (link) => {
      expect(isSitePath(link)).toBe(true)
      expect(href.safeParse(link).success).toBe(true)
    },
  )

  it('refuses what the WHATWG URL parser (a browser) resolves to another host', () => {
    expect(new URL('/\\evil.example', 'https://www.example.org').host).toBe('evil.example')
    expect(new URL('/\t/evil.example', 'https://www.example.org').host).toBe('evil.example')
  })

  it('refuses an external link with a backslash', () => {
    expect(href.safeParse('https://www.example.org\\@evil.example').success).toBe(false)
    expect(href.safeParse('https://www.example.org/about').success).toBe(true)
  })
})
