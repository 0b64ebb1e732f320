// @vitest-environment happy-dom
/**
 * The parts of the boot script (app/document/boot.ts), each against a fake window that records
 * what it does: the visitor mark, the first-paint signal, the web fonts after it, and the
 * hydration loader after both the paint and `load`.
 */
import { describe, expect, it } from 'vitest'
import { createAfterPaint, type PaintWindow } from './after-paint.ts'
import type { WebFontFace } from './document-assets.ts'
import { loadHydration, type LoaderWindow } from './hydration-loader.ts'
import { markVisitor } from './visitor.ts'
import { FONTS_STORAGE_KEY, loadWebFonts, type FontWindow } from './web-font-loader.ts'

/** Timers run in order when `tick` says so: each call of `tick` is one task. */
function taskQueue() {
  const queue: (() => void)[] = []
  let tasks = 0
  return {
    setTimeout: (callback: () => void) => queue.push(callback),
    /** Runs every task queued so far (and those they queue), counting them. */
    async drain() {
      for (let i = 0; i < 1000 && queue.length > 0; i++) {
        queue.shift()!()
        tasks++
        await Promise.resolve()
        await Promise.resolve()
      }
    },
    get tasks() {
      return tasks
    },
  }
}

/** A window with paint timing (or without), whose first contentful paint the test fires. */
function paintWindow(options: { paintTiming?: boolean } = {}) {
  const timers = taskQueue()
  const listeners: Record<string, () => void> = {}
  let observer:
    | ((list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void)
    | undefined
  class Observer {
    static supportedEntryTypes = options.paintTiming === false ? ['resource'] : ['paint']
    constructor(callback: NonNullable<typeof observer>) {
      observer = callback
    }
    observe() {}
  }
  const win = {
    PerformanceObserver: Observer,
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    setTimeout: timers.setTimeout,
  } as unknown as PaintWindow
  return {
    win,
    timers,
    listeners,
    paint(name = 'first-contentful-paint') {
      observer?.({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect() {} })
    },
  }
}

describe('markVisitor', () => {
  it('marks a member by the authorizedDocu cookie, anyone else as anonymous', () => {
    for (const [cookie, visitor] of [
      ['a=1; authorizedDocu=yes; b=2', 'member'],
      ['authorizedDocu=', 'member'],
      ['notauthorizedDocu=1', 'anonymous'],
      ['', 'anonymous'],
    ] as const) {
      const documentElement = document.createElement('html')
      markVisitor({ documentElement, cookie })
      expect(documentElement.dataset.visitor, cookie).toBe(visitor)
      expect(documentElement.dataset.js).toBe('')
    }
  })
})

describe('createAfterPaint', () => {
  it('runs callbacks a task after the first contentful paint, not an earlier paint', async () => {
    const { win, timers, paint } = paintWindow()
    const afterPaint = createAfterPaint(win)
    const ran: string[] = []
    afterPaint(() => ran.push('a'))
    paint('first-paint')
    await timers.drain()
    expect(ran).toEqual([])
    paint()
    expect(ran, 'a task later, not in the observer').toEqual([])
    await timers.drain()
    expect(ran).toEqual(['a'])
    afterPaint(() => ran.push('b'))
    await timers.drain()
    expect(ran).toEqual(['a', 'b'])
  })

  it('falls back to the load event without paint timing', async () => {
    const { win, timers, listeners } = paintWindow({ paintTiming: false })
    const afterPaint = createAfterPaint(win)
    const ran: string[] = []
    afterPaint(() => ran.push('a'))
    await timers.drain()
    expect(ran).toEqual([])
    listeners.load!()
    await timers.drain()
    expect(ran).toEqual(['a'])
  })
})

const FACES: WebFontFace[] = [
  {
    family: 'Inter',
    src: 'url(/assets/inter.woff2) format("woff2")',
    descriptors: { style: 'normal', weight: '400 700', display: 'swap', unicodeRange: 'U+20-7E' },
  },
  {
    family: 'Fraunces',
    src: 'url(/assets/fraunces-italic.woff2) format("woff2")',
    descriptors: { style: 'italic', weight: '600', display: 'swap', unicodeRange: 'U+20-7E' },
  },
]

function fontWindow(stored?: string) {
  const storage = new Map<string, string>(stored ? [[FONTS_STORAGE_KEY, stored]] : [])
  const loaded: string[] = []
  const added: string[] = []
  class FontFace {
    family: string
    style: string
    constructor(family: string, _src: string, descriptors: { style: string }) {
      this.family = family
      this.style = descriptors.style
    }
    load() {
      loaded.push(`${this.family} ${this.style}`)
      return Promise.resolve(this)
    }
  }
  const win = {
    FontFace,
    document: { fonts: { add: (f: FontFace) => added.push(`${f.family} ${f.style}`) } },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
  } as unknown as FontWindow
  return { win, storage, loaded, added }
}

describe('loadWebFonts', () => {
  it('loads the upright faces after the first paint, then adds every face at once and notes it', async () => {
    const { win, timers, paint } = paintWindow()
    const fonts = fontWindow()
    loadWebFonts(fonts.win, FACES, 'v1', createAfterPaint(win))
    await timers.drain()
    expect(fonts.loaded, 'before the paint').toEqual([])
    paint()
    await timers.drain()
    expect(fonts.loaded, 'the italic loads when used').toEqual(['Inter normal'])
    expect(fonts.added).toEqual(['Inter normal', 'Fraunces italic'])
    expect(fonts.storage.get(FONTS_STORAGE_KEY)).toBe('v1')
  })

  it('adds them at once where this version was loaded before, not an older one', async () => {
    const { win, timers } = paintWindow()
    const cached = fontWindow('v1')
    loadWebFonts(cached.win, FACES, 'v1', createAfterPaint(win))
    expect(cached.added).toEqual(['Inter normal', 'Fraunces italic'])
    const older = fontWindow('v0')
    loadWebFonts(older.win, FACES, 'v1', createAfterPaint(win))
    await timers.drain()
    expect(older.added, 'new files are not in the cache yet').toEqual([])
  })
})

function loaderWindow(readyState = 'interactive') {
  const timers = taskQueue()
  const listeners: Record<string, () => void> = {}
  const preloaded: { href: string; task: number }[] = []
  const document = {
    readyState,
    createElement: () => ({ rel: '', href: '' }),
    head: {
      appendChild: (link: { rel: string; href: string }) =>
        preloaded.push({ href: `${link.rel} ${link.href}`, task: timers.tasks }),
    },
  }
  const win: LoaderWindow = {
    document,
    addEventListener: (type, listener) => (listeners[type] = listener),
    setTimeout: timers.setTimeout,
  }
  return {
    win,
    timers,
    preloaded,
    load() {
      document.readyState = 'complete'
      listeners.load?.()
    },
  }
}

describe('loadHydration', () => {
  const CHUNKS = ['/a.js', '/b.js', '/c.js', '/d.js', '/e.js', '/entry.js']

  it('waits for the first paint and for load, preloads a few per task, imports one per task', async () => {
    const paint = paintWindow()
    const loader = loaderWindow()
    const imported: { url: string; task: number }[] = []
    loadHydration(loader.win, CHUNKS, createAfterPaint(paint.win), async (url) => {
      imported.push({ url, task: loader.timers.tasks })
    })
    paint.paint()
    await paint.timers.drain()
    await loader.timers.drain()
    expect(loader.preloaded, 'painted but not loaded').toEqual([])
    loader.load()
    await loader.timers.drain()
    expect(loader.preloaded.map((p) => p.href)).toEqual(CHUNKS.map((c) => `modulepreload ${c}`))
    expect(new Set(loader.preloaded.map((p) => p.task)).size, 'four per task').toBe(2)
    expect(
      imported.map((i) => i.url),
      'in the given order, the entry last',
    ).toEqual(CHUNKS)
    expect(new Set(imported.map((i) => i.task)).size, 'one per task').toBe(CHUNKS.length)
    expect(Math.min(...imported.map((i) => i.task))).toBeGreaterThan(
      Math.max(...loader.preloaded.map((p) => p.task)),
    )
  })

  it('starts at once when the page has already loaded by its first paint', async () => {
    const paint = paintWindow()
    const loader = loaderWindow('complete')
    const imported: string[] = []
    loadHydration(loader.win, CHUNKS, createAfterPaint(paint.win), async (url) => {
      imported.push(url)
    })
    await loader.timers.drain()
    expect(imported, 'loaded but not painted').toEqual([])
    paint.paint()
    await paint.timers.drain()
    await loader.timers.drain()
    expect(imported).toEqual(CHUNKS)
  })

  it('stops at a chunk that fails to load: the page stays as it is, without scripts', async () => {
    const paint = paintWindow()
    const loader = loaderWindow('complete')
    const imported: string[] = []
    const errors: unknown[] = []
    const consoleError = console.error
    console.error = (...args: unknown[]) => errors.push(args)
    try {
      loadHydration(loader.win, CHUNKS, createAfterPaint(paint.win), async (url) => {
        imported.push(url)
        if (url === '/c.js') throw new Error('gone')
      })
      paint.paint()
      await paint.timers.drain()
      await loader.timers.drain()
    } finally {
      console.error = consoleError
    }
    expect(imported).toEqual(['/a.js', '/b.js', '/c.js'])
    expect(errors).toHaveLength(1)
  })
})
