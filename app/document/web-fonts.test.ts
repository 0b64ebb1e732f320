import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fontFaceRules, fontsVersion, WEB_FONTS } from './web-fonts.ts'

/** The @font-face rules of a stylesheet, each as its declarations. */
function faces(css: string) {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((rule) => {
    const declarations = new Map<string, string>()
    for (const declaration of rule[1]!.split(';')) {
      const colon = declaration.indexOf(':')
      if (colon > 0)
        declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim())
    }
    return {
      family: declarations.get('font-family')!.replace(/^["']|["']$/g, ''),
      style: declarations.get('font-style'),
      weight: declarations.get('font-weight'),
      file: path.basename(/url\(["']?([^"')]+)/.exec(declarations.get('src')!)![1]!),
      unicodeRange: declarations.get('unicode-range')!.replace(/\s+/g, ''),
    }
  })
}

describe('the web fonts', () => {
  it('are the same faces for the public pages and for the staff app', () => {
    const staff = faces(
      fs.readFileSync(path.resolve(import.meta.dirname, '../styles/web-fonts.css'), 'utf8'),
    )
    expect(faces(fontFaceRules(WEB_FONTS))).toEqual(staff)
    expect(staff).toHaveLength(3)
  })

  it('are not in the stylesheet the public pages inline', () => {
    for (const file of ['app.css', 'theme.css'])
      expect(
        fs.readFileSync(path.resolve(import.meta.dirname, '../styles', file), 'utf8'),
        file,
      ).not.toMatch(/@font-face\s*\{[^}]*url\(/)
  })

  it('change version when a file changes', () => {
    const changed = WEB_FONTS.map((face, i) =>
      i === 0 ? { ...face, src: face.src.replace('.woff2', '-2.woff2') } : face,
    )
    expect(fontsVersion(changed)).not.toBe(fontsVersion(WEB_FONTS))
  })
})
