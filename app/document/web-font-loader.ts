/**
 * Puts the web fonts in after the first paint, or at once where this version of them was loaded
 * before (a note in localStorage: the fonts' version, nothing about the visitor; the privacy page
 * says so). After the paint it downloads the upright faces (every page uses them) without applying
 * them, then adds every face in one go: the page is laid out again once, not once per font (each
 * re-layout is a long task on a slow phone). The italic face loads when a page uses it.
 */
import type { AfterPaint } from './after-paint.ts'
import type { WebFontFace } from './document-assets.ts'

export const FONTS_STORAGE_KEY = 'docucommons:fonts'

export interface FontWindow {
  FontFace?: new (
    family: string,
    source: string,
    descriptors: WebFontFace['descriptors'],
  ) => { style: string; load(): Promise<unknown> }
  document: { fonts?: { add(face: unknown): unknown } }
  localStorage: Pick<Storage, 'getItem' | 'setItem'>
}

export function loadWebFonts(
  win: FontWindow,
  faces: WebFontFace[],
  version: string,
  afterPaint: AfterPaint,
): void {
  const FontFace = win.FontFace
  const fonts = win.document.fonts
  if (!FontFace || !fonts || faces.length === 0) return
  const list = faces.map((face) => new FontFace(face.family, face.src, face.descriptors))
  const addAll = () => {
    for (const face of list) fonts.add(face)
    try {
      win.localStorage.setItem(FONTS_STORAGE_KEY, version)
    } catch {
      // Storage refused (private mode, quota): the next visit swaps the fonts in again.
    }
  }
  let cached = false
  try {
    cached = win.localStorage.getItem(FONTS_STORAGE_KEY) === version
  } catch {
    cached = false
  }
  if (cached) return addAll()
  afterPaint(() => {
    Promise.all(list.filter((face) => face.style !== 'italic').map((face) => face.load())).then(
      addAll,
      () => {},
    )
  })
}
