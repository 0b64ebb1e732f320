import { describe, expect, it } from 'vitest'
import {
  AFTER_PAINT_SCRIPT,
  fontLoaderScript,
  FONTS_STORAGE_KEY,
  inlineStyles,
  splitWebFonts,
} from './inline-styles.ts'

const FACE_INTER =
  '@font-face{font-family:Inter;font-display:swap;src:url(/assets/inter-1.woff2)format("woff2")}'
const FACE_FRAUNCES =
  '@font-face{font-family:Fraunces;font-style:italic;src:url(/assets/fraunces-2.woff2)format("woff2");unicode-range:U+20-7E}'
const FALLBACK =
  '@font-face{font-family:Inter Fallback;src:local(Arial),local(Liberation Sans);size-adjust:107.12%}'
const CSS = `${FACE_INTER}${FACE_FRAUNCES}${FALLBACK}body{color:#111}`
const PAGE =
  '<html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/root-1.css"/></head><body><p>Hi</p></body></html>'

describe('splitWebFonts', () => {
  it('takes out the faces that download a file and keeps the local() fallbacks', () => {
    const { rest, fonts } = splitWebFonts(CSS)
    expect(fonts).toBe(FACE_INTER + FACE_FRAUNCES)
    expect(rest).toBe(`${FALLBACK}body{color:#111}`)
  })
})

describe('inlineStyles', () => {
  const html = inlineStyles(PAGE, (href) => {
    expect(href).toBe('/assets/root-1.css')
    return CSS
  })

  it('inlines the stylesheet and keeps its link, disabled, for React to hydrate', () => {
    expect(html).toContain(`<style>${FALLBACK}body{color:#111}</style>`)
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-1.css" disabled=""/>')
    expect(html).not.toMatch(/<link rel="stylesheet" href="[^"]+"\/>/)
  })

  it('keeps the web fonts out of the first paint, with a copy for browsers without JavaScript', () => {
    const style = /<\/noscript><style>([\s\S]*?)<\/style><link/.exec(html)![1]!
    expect(style).not.toContain('url(')
    expect(html).toContain(`<noscript><style>${FACE_INTER}${FACE_FRAUNCES}</style></noscript>`)
  })

  it('escapes a closing style tag inside the CSS', () => {
    const out = inlineStyles(PAGE, () => 'a::after{content:"</style>"}')
    expect(out).toContain('content:"<\\/style>"')
  })

  it('leaves a page without a stylesheet link alone', () => {
    const page = '<html><head></head><body></body></html>'
    expect(inlineStyles(page, () => CSS)).toBe(page)
  })
})

/** A fake browser for the inline scripts: storage, head, paint timing and the load event. */
function fakeBrowser(options: { stored?: string | null; paintTiming?: boolean } = {}) {
  const storage = new Map<string, string>()
  if (options.stored) storage.set(FONTS_STORAGE_KEY, options.stored)
  const added: string[] = []
  const listeners: Record<string, () => void> = {}
  let observer: ((list: { getEntriesByName: (n: string) => unknown[] }, o: unknown) => void) | null
  observer = null
  const window: Record<string, unknown> = {
    addEventListener: (type: string, f: () => void) => (listeners[type] = f),
  }
  class PerformanceObserver {
    static supportedEntryTypes = options.paintTiming === false ? ['resource'] : ['paint']
    constructor(callback: typeof observer) {
      observer = callback
    }
    observe() {}
    disconnect() {}
  }
  const globals = {
    window,
    document: {
      createElement: () => ({ textContent: '' }),
      head: { appendChild: (s: { textContent: string }) => added.push(s.textContent) },
    },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    },
    PerformanceObserver,
  }
  const run = (code: string) =>
    new Function(...Object.keys(globals), code)(...Object.values(globals))
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5))
  return {
    run,
    added,
    storage,
    paint: async (name = 'first-contentful-paint') => {
      observer?.({ getEntriesByName: (n: string) => (n === name ? [{}] : []) }, { disconnect() {} })
      await tick()
    },
    load: async () => {
      listeners.load?.()
      await tick()
    },
    tick,
  }
}

describe('the font loader', () => {
  const fonts = FACE_INTER + FACE_FRAUNCES

  it('adds the fonts only after the first contentful paint, then remembers them', async () => {
    const browser = fakeBrowser()
    browser.run(AFTER_PAINT_SCRIPT)
    browser.run(fontLoaderScript(fonts))
    await browser.tick()
    expect(browser.added, 'before any paint').toEqual([])
    await browser.paint('first-paint')
    expect(browser.added, 'a paint that is not contentful').toEqual([])
    await browser.paint()
    expect(browser.added).toEqual([fonts])
    expect(browser.storage.get(FONTS_STORAGE_KEY)).toMatch(/^[\w-]{12}$/)
  })

  it('adds them at once where this version was loaded before', async () => {
    const version = (() => {
      const first = fakeBrowser()
      first.run(AFTER_PAINT_SCRIPT)
      first.run(fontLoaderScript(fonts))
      return first
    })()
    await version.paint()
    const again = fakeBrowser({ stored: version.storage.get(FONTS_STORAGE_KEY) })
    again.run(AFTER_PAINT_SCRIPT)
    again.run(fontLoaderScript(fonts))
    expect(again.added).toEqual([fonts])

    const otherVersion = fakeBrowser({ stored: 'an-old-one00' })
    otherVersion.run(AFTER_PAINT_SCRIPT)
    otherVersion.run(fontLoaderScript(fonts))
    expect(otherVersion.added, 'new font files are not in the cache yet').toEqual([])
  })

  it('falls back to the load event without paint timing', async () => {
    const browser = fakeBrowser({ paintTiming: false })
    browser.run(AFTER_PAINT_SCRIPT)
    browser.run(fontLoaderScript(fonts))
    await browser.tick()
    expect(browser.added).toEqual([])
    await browser.load()
    expect(browser.added).toEqual([fonts])
  })
})
