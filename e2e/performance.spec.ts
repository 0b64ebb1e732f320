import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect, type Page } from '@playwright/test'
import {
  BUILD_CLIENT,
  observeLayoutShifts,
  PAGES,
  readLayoutShifts,
  waitForHydration,
} from './helpers.ts'
import { test } from './shared-page.ts'

// What a visitor's load costs, for one who did not ask for reduced motion (the suite's default,
// e2e/desktop.ts): the home and About pages' videos play.
test.use({ reducedMotion: 'no-preference' })

const JS_BUDGET_KB = 115
const BEFORE_LOAD_BUDGET_KB = 400
const CLS_BUDGET = 0.01
const VIDEO = /\.(mp4|webm)$/

const gzipKb = (scripts: Iterable<string>) =>
  [...scripts].reduce(
    (sum, s) => sum + zlib.gzipSync(fs.readFileSync(path.join(BUILD_CLIENT, s))).length,
    0,
  ) / 1024

/**
 * Tracks the page's requests; the returned function resolves once none has been in flight for
 * 700 ms (Playwright's own networkidle is already reached at the load event, before hydration
 * here starts fetching its scripts and their lazy chunks).
 */
function networkQuiet(page: Page) {
  let inFlight = 0
  let lastChange = Date.now()
  const change = (delta: number) => {
    inFlight += delta
    lastChange = Date.now()
  }
  page.on('request', () => change(1))
  page.on('requestfinished', () => change(-1))
  page.on('requestfailed', () => change(-1))
  return () =>
    expect
      .poll(() => inFlight === 0 && Date.now() - lastChange >= 700, { timeout: 15_000 })
      .toBe(true)
}

const INTL_FORMATTERS = [
  'NumberFormat',
  'DateTimeFormat',
  'RelativeTimeFormat',
  'PluralRules',
  'Collator',
  'ListFormat',
  'Segmenter',
  'DisplayNames',
] as const

/**
 * Counts the Intl formatters the page makes. A browser's first one loads locale data on the main
 * thread (a currency formatter took 44–57 ms in Chromium here, unthrottled), so no script a
 * public page runs while it loads may make one.
 */
async function countIntlFormatters(page: Page) {
  await page.addInitScript((names) => {
    const made: string[] = []
    ;(window as unknown as { __intlMade: string[] }).__intlMade = made
    const intl = Intl as unknown as Record<string, object>
    for (const name of names) {
      const count = () => made.push(name)
      intl[name] = new Proxy(intl[name]!, {
        construct(target, args) {
          count()
          return Reflect.construct(target as new () => object, args)
        },
        apply(target, self, args) {
          count()
          return Reflect.apply(target as () => unknown, self, args)
        },
      })
    }
  }, INTL_FORMATTERS)
  return () => page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade)
}

/** Every resource the page started before its load event, from the browser's own timings. */
async function startedBeforeLoad(page: Page) {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    return [
      { name: navigation.name, transferSize: navigation.transferSize },
      ...resources
        .filter((r) => r.startTime < navigation.loadEventStart)
        .map((r) => ({ name: r.name, transferSize: r.transferSize })),
    ]
  })
}

test.describe('page weight and stability', () => {
  for (const pagePath of PAGES) {
    // One load answers several questions: what it fetched before `load`, what the first paint
    // needed, all the JavaScript it used until the network was quiet, and that nothing it asked
    // for is the back office's (e2e/admin-isolation.spec.ts checks the build's files).
    test(`${pagePath}: at most ${BEFORE_LOAD_BUDGET_KB} KB and no video or script before load; the first paint needs only the HTML; all JavaScript within ${JS_BUDGET_KB} KB gzip; nothing under /admin; no layout shift at 1440 px; no Intl formatter made`, async ({
      page,
      request,
    }) => {
      // The scripts the prerendered HTML names (hydration), each of which must really be used.
      const html = await (await request.get(pagePath)).text()
      const named = new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))
      const requested: string[] = []
      const loaded = new Set<string>()
      page.on('request', (r) => requested.push(new URL(r.url()).pathname))
      page.on('response', (response) => {
        const url = new URL(response.url())
        if (url.pathname.endsWith('.js')) loaded.add(url.pathname)
      })
      const quiet = networkQuiet(page)
      await page.setViewportSize({ width: 1440, height: 823 })
      await observeLayoutShifts(page)
      const intlMade = await countIntlFormatters(page)
      await page.goto(pagePath, { waitUntil: 'load' })

      const before = await startedBeforeLoad(page)
      const kb = before.reduce((sum, r) => sum + r.transferSize, 0) / 1024
      console.log(`${pagePath}: ${before.length} requests, ${kb.toFixed(1)} KB before load`)
      expect(before.filter((r) => VIDEO.test(new URL(r.name).pathname))).toEqual([])
      expect(kb).toBeLessThanOrEqual(BEFORE_LOAD_BUDGET_KB)
      expect(
        before.filter((r) => new URL(r.name).pathname.endsWith('.js')),
        'hydration scripts wait for the load event',
      ).toEqual([])

      // Nothing of the back office, checked before waiting for quiet as well: a request under
      // /admin from here is redirected to the back office's origin and blocked, and the network
      // would never be quiet.
      const nothingOfTheBackOffice = () =>
        expect(
          requested.filter((p) => p.startsWith('/admin')),
          'requests under /admin',
        ).toEqual([])
      // Everything the page fetches until the network is quiet, lazy chunks included.
      await waitForHydration(page)
      nothingOfTheBackOffice()
      await quiet()
      expect(
        requested.filter((p) => p.endsWith('.css')),
        'the stylesheet is inline',
      ).toEqual([])
      // The page and more than itself (scripts, fonts, pictures), and nothing of the back office.
      expect(requested.length).toBeGreaterThan(1)
      nothingOfTheBackOffice()
      const timings = await page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
        const late = (pattern: RegExp) =>
          resources
            .filter((r) => pattern.test(new URL(r.name).pathname))
            .map((r) => ({ path: new URL(r.name).pathname, afterPaint: r.startTime >= fcp }))
        return { fonts: late(/\.woff2$/), scripts: late(/\.js$/) }
      })
      expect(timings.fonts.length, 'the web fonts are loaded').toBeGreaterThan(0)
      expect(timings.scripts.length).toBeGreaterThan(0)
      for (const { path, afterPaint } of [...timings.fonts, ...timings.scripts])
        expect(afterPaint, `${path} starts after the first contentful paint`).toBe(true)
      const fontsInUse = await page.evaluate(() =>
        [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
      )
      expect(fontsInUse).toEqual(expect.arrayContaining(['Inter', 'Fraunces']))

      for (const script of named)
        expect(loaded, `${script} is named by the page but never used`).toContain(script)
      const all = gzipKb(loaded)
      console.log(
        `${pagePath}: ${named.size} scripts named ${gzipKb(named).toFixed(1)} KB gzip; all loaded ${loaded.size} scripts ${all.toFixed(1)} KB`,
      )
      expect(named.size).toBeGreaterThan(0)
      expect(all).toBeLessThanOrEqual(JS_BUDGET_KB)
      expect(await intlMade(), 'Intl formatters made while loading and hydrating').toEqual([])

      // Loading, hydrating and the fonts swapping in moved nothing on a desktop's screen.
      const cls = await readLayoutShifts(page)
      expect(cls.value, cls.shifted.join('\n')).toBeLessThanOrEqual(CLS_BUDGET)
    })

    // A column whose width came from the font (a `ch` max-width) changes width when the fonts
    // swap, and re-wraps what is in it; the layout-shift budget only sees what is on screen.
    // Without JavaScript (the noscript copy of the font rules applies), so that both loads are the
    // same static page, not the page at two moments of its hydration; each in a tab its worker
    // keeps for these loads (e2e/shared-page.ts), one refused the web fonts.
    test(`${pagePath}: every column is as wide in the fallback fonts as in the web fonts`, async ({
      staticTab,
      fallbackFontsTab,
    }) => {
      const widths = async (page: Page) => {
        // The whole page and its stylesheet's fonts: without script nothing is asked for after the
        // load event (a wait for the network to go quiet added half a second per load, idle).
        await page.emulateMedia({ reducedMotion: 'no-preference' })
        await page.goto(pagePath, { waitUntil: 'load' })
        await page.evaluate(() => document.fonts.ready)
        return page.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .filter((element) => {
              const style = getComputedStyle(element)
              return style.maxWidth !== 'none' && style.display === 'block'
            })
            .map(
              (element) =>
                `${element.className}: ${Math.round(element.getBoundingClientRect().width)}`,
            ),
        )
      }
      const fallback = await widths(fallbackFontsTab)
      expect(fallback.length).toBeGreaterThan(0)
      expect(fallback).toEqual(await widths(staticTab))
    })

    // The web fonts swap in after the first paint: at a phone's width (a desktop's is read in the
    // load above), the metric-matched fallbacks must keep every line where it was.
    test(`${pagePath}: no layout shift while loading, fonts swapping in, at 412 px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 412, height: 823 })
      await observeLayoutShifts(page)
      await page.goto(pagePath)
      await page.waitForLoadState('networkidle')
      await waitForHydration(page)
      const cls = await readLayoutShifts(page)
      expect(cls.value, cls.shifted.join('\n')).toBeLessThanOrEqual(CLS_BUDGET)
    })
  }
})

test("the home page's largest paint is its hero poster, preloaded at high priority", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp?: string }
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1) as PerformanceEntry & { url: string }
      w.__lcp = last.url
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  await page.goto('/', { waitUntil: 'load' })
  const preload = page.locator('head link[rel="preload"][as="image"]')
  await expect(preload).toHaveCount(1)
  await expect(preload).toHaveAttribute('fetchpriority', 'high')
  const href = await preload.getAttribute('href')
  await expect(page.getByTestId('hero-video')).toHaveAttribute('poster', href!)
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __lcp?: string }).__lcp))
    .toBe(new URL(href!, page.url()).href)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('pages still get the web fonts', async ({ page }) => {
    await page.goto('/about', { waitUntil: 'load' })
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
        ),
      )
      .toEqual(expect.arrayContaining(['Inter', 'Fraunces']))
  })
})

test('documentary posters are fetched as each clip nears the screen, not with the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const posters: string[] = []
  page.on('request', (r) => {
    if (/\/media\/documentaries\/[^/]+\/poster/.test(r.url())) posters.push(r.url())
  })
  await page.goto('/', { waitUntil: 'load' })
  await waitForHydration(page)
  expect(posters, 'no documentary poster with the first screen').toEqual([])
  const videos = page.getByTestId('documentaries').locator('video')
  for (let i = 0; i < 4; i++) {
    const video = videos.nth(i)
    await video.scrollIntoViewIfNeeded()
    await expect(video).toHaveAttribute('poster', /^\/media\/documentaries\/[^/]+\/poster-\d+\./)
  }
  await expect.poll(() => posters.length).toBe(4)
})
