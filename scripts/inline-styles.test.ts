import { describe, expect, it } from 'vitest'
import {
  AFTER_PAINT_SCRIPT,
  fontFaces,
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

/** A fake browser for the inline scripts: storage, fonts, paint timing and the load event. */
function fakeBrowser(options: { stored?: string | null; paintTiming?: boolean } = {}) {
  const storage = new Map<string, string>()
  if (options.stored) storage.set(FONTS_STORAGE_KEY, options.stored)
  const added: string[] = []
  const loaded: string[] = []
  const listeners: Record<string, () => void> = {}
  let observer: ((list: { getEntriesByName: (n: string) => unknown[] }, o: unknown) => void) | null
  observer = null
  class FontFace {
    family: string
    style: string
    constructor(family: string, _src: string, descriptors: Record<string, string>) {
      this.family = family
      this.style = descriptors.style ?? 'normal'
    }
    load() {
      loaded.push(`${this.family} ${this.style}`)
      return Promise.resolve(this)
    }
  }
  const document = {
    fonts: { add: (f: FontFace) => added.push(`${f.family} ${f.style}`) },
  }
  const window: Record<string, unknown> = {
    FontFace,
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
    document,
    FontFace,
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
    loaded,
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

describe('fontFaces', () => {
  it('reads each web font rule into FontFace arguments', () => {
    expect(fontFaces(FACE_INTER + FACE_FRAUNCES)).toEqual([
      {
        family: 'Inter',
        src: 'url(/assets/inter-1.woff2)format("woff2")',
        descriptors: { display: 'swap' },
      },
      {
        family: 'Fraunces',
        src: 'url(/assets/fraunces-2.woff2)format("woff2")',
        descriptors: { style: 'italic', unicodeRange: 'U+20-7E' },
      },
    ])
  })
})

describe('the font loader', () => {
  const fonts = FACE_INTER + FACE_FRAUNCES
  const start = (browser: ReturnType<typeof fakeBrowser>) => {
    browser.run(AFTER_PAINT_SCRIPT)
    browser.run(fontLoaderScript(fonts))
  }

  it('loads the fonts only after the first contentful paint, applies them together, remembers them', async () => {
    const browser = fakeBrowser()
    start(browser)
    await browser.tick()
    expect(browser.loaded, 'before any paint').toEqual([])
    await browser.paint('first-paint')
    expect(browser.loaded, 'a paint that is not contentful').toEqual([])
    await browser.paint()
    expect(browser.loaded, 'the upright faces are fetched; the italic when used').toEqual([
      'Inter normal',
    ])
    expect(browser.added).toEqual(['Inter normal', 'Fraunces italic'])
    expect(browser.storage.get(FONTS_STORAGE_KEY)).toMatch(/^[\w-]{12}$/)
  })

  it('adds them at once where this version was loaded before', async () => {
    const first = fakeBrowser()
    start(first)
    await first.paint()
    const again = fakeBrowser({ stored: first.storage.get(FONTS_STORAGE_KEY) })
    start(again)
    expect(again.added).toEqual(['Inter normal', 'Fraunces italic'])

    const otherVersion = fakeBrowser({ stored: 'an-old-one00' })
    start(otherVersion)
    expect(otherVersion.added, 'new font files are not in the cache yet').toEqual([])
  })

  it('falls back to the load event without paint timing', async () => {
    const browser = fakeBrowser({ paintTiming: false })
    start(browser)
    await browser.tick()
    expect(browser.added).toEqual([])
    await browser.load()
    expect(browser.added).toEqual(['Inter normal', 'Fraunces italic'])
  })
})
