/**
 * The site's web fonts (files cut by `npm run fonts`). They are not in the stylesheet: the boot
 * script adds them through the FontFace API after the first paint (docs/decisions/009), and
 * <noscript> carries the same faces as CSS. The stylesheet keeps only the metric-matched fallback
 * faces (app/styles/app.css), so text paints at once and the swap moves nothing.
 */
import frauncesItalicUrl from '#app/styles/fonts/fraunces-italic.woff2?url'
import frauncesUrl from '#app/styles/fonts/fraunces.woff2?url'
import interUrl from '#app/styles/fonts/inter.woff2?url'
import type { WebFontFace } from './document-assets.ts'
import { UNICODE_RANGE } from './font-range.ts'

const face = (family: string, url: string, style: string, weight: string): WebFontFace => ({
  family,
  src: `url(${url}) format("woff2")`,
  descriptors: { style, weight, display: 'swap', unicodeRange: UNICODE_RANGE },
})

export const WEB_FONTS: WebFontFace[] = [
  face('Fraunces', frauncesUrl, 'normal', '400 600'),
  face('Fraunces', frauncesItalicUrl, 'italic', '600'),
  face('Inter', interUrl, 'normal', '400 700'),
]

/** The faces as @font-face rules. */
export function fontFaceRules(faces: WebFontFace[]): string {
  return faces
    .map(
      ({ family, src, descriptors: d }) =>
        `@font-face{font-family:${JSON.stringify(family)};font-style:${d.style};font-weight:${d.weight};font-display:${d.display};src:${src};unicode-range:${d.unicodeRange}}`,
    )
    .join('')
}

/** A short tag of the font files: their hashed names change with their bytes. */
export function fontsVersion(faces: WebFontFace[]): string {
  let hash = 0x811c9dc5
  for (const char of faces.map((f) => f.src).join('|')) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(36)
}
