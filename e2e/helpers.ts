import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { parse, type DefaultTreeAdapterTypes as Html } from 'parse5'
import { readPageFiles } from '#server/render/page-files.ts'
import { articleSlugs, NOINDEX_PAGES, pagePaths } from '#app/page-paths.ts'

export const BUILD_CLIENT = path.resolve(import.meta.dirname, '../build/client')

/** The site's own list of pages (app/page-paths.ts), as prerendering and the sitemap read it. */
export const ARTICLE_SLUGS = articleSlugs()
export const PAGES = pagePaths()
/** The pages around the forms: prerendered, noindex, not in the sitemap. */
export const FORM_PAGES: readonly string[] = NOINDEX_PAGES

/** Marks the visitor as a member the way the dashboard does: the authorizedDocu cookie. */
export async function becomeMember(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: 'authorizedDocu', value: '1', url: baseURL ?? 'http://127.0.0.1:4173' },
  ])
}

/** Waits until every island of the page is hydrated (app/islands/hydrate-islands.tsx). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

const VARIANT_CLASSES = ['member-only', 'anonymous-only']

/** Whether an element outside the site header shows only to members or only to others. */
function hasOwnVariant(node: Html.ParentNode): boolean {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue
    // The header island: the site header and its mobile menu.
    if (child.attrs.some((a) => a.name === 'data-island' && a.value === 'site-header')) continue
    const classes = child.attrs.find((a) => a.name === 'class')?.value.split(/\s+/) ?? []
    if (classes.some((name) => VARIANT_CLASSES.includes(name))) return true
    if (hasOwnVariant(child)) return true
  }
  return false
}

/**
 * Of `paths`, the first (for the header's member variant) and every page of the current build
 * whose own content has a member or anonymous variant.
 */
export function pagesWithMemberVariants(paths: readonly string[]): string[] {
  const release = path.dirname(fs.realpathSync(BUILD_CLIENT))
  const bodies = new Map(readPageFiles(release).pages.map((p) => [p.path, p.body.toString('utf8')]))
  return paths.filter((pagePath, index) => {
    if (index === 0) return true
    const html = bodies.get(pagePath.split('?', 1)[0]!.replace(/(.)\/$/, '$1'))
    if (html === undefined) throw new Error(`The build has no page ${pagePath}`)
    return hasOwnVariant(parse(html))
  })
}

/**
 * Counts the page's layout shifts from its first byte (call before `goto`); readLayoutShifts()
 * gives their sum and what moved, once the fonts have swapped in and two frames were laid out.
 */
export async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __cls: number
      __clsObserver: PerformanceObserver
      __clsAdd: (entries: PerformanceEntryList) => void
      __shifted: string[]
    }
    w.__cls = 0
    w.__shifted = []
    w.__clsAdd = (entries) => {
      for (const entry of entries as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
      })[]) {
        if (entry.hadRecentInput) continue
        w.__cls += entry.value
        // What moved, for the failure message.
        for (const source of entry.sources ?? []) {
          const node = source.node as Element | undefined
          const at = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`
          w.__shifted.push(
            `${entry.value.toFixed(4)} ${node?.nodeName ?? '?'}.${node?.className ?? ''} ${at(source.previousRect)} -> ${at(source.currentRect)} at ${entry.startTime.toFixed(0)} ms`,
          )
        }
      }
    }
    w.__clsObserver = new PerformanceObserver((list) => w.__clsAdd(list.getEntries()))
    w.__clsObserver.observe({ type: 'layout-shift', buffered: true })
  })
}

export async function readLayoutShifts(page: Page) {
  // The shifts not yet handed to the observer's callback are taken from it directly.
  return page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const w = window as unknown as {
      __cls: number
      __clsObserver: PerformanceObserver
      __clsAdd: (entries: PerformanceEntryList) => void
      __shifted: string[]
    }
    w.__clsAdd(w.__clsObserver.takeRecords())
    return { value: w.__cls, shifted: w.__shifted }
  })
}

/** The rules axe checks everywhere: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/**
 * axe-core's script, the version @axe-core/playwright itself would inject (its own dependency).
 * The scans below use axe-core directly rather than through AxeBuilder, whose every `analyze()`
 * evaluated the 638 KB script in the page twice before it ran (1.0–2.2 s a scan on this machine,
 * against 0.3–0.7 s to inject and 0.25–0.9 s to run).
 */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    source: string
  }
).source

/**
 * Puts axe in every frame of the page's current document, once: a second scan of the same
 * document (at another width, of another part) runs the axe already there. Configured as
 * AxeBuilder's legacy mode configures it (same-origin frames, which are all our pages have).
 */
async function withAxe(page: Page) {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true)
    if (present) continue
    await frame.evaluate(AXE_SOURCE)
    await frame.evaluate(() =>
      (window as unknown as { axe: { configure(spec: object): void } }).axe.configure({
        allowedOrigins: ['<same_origin>'],
        branding: { application: 'playwright' },
      }),
    )
  }
}

/**
 * What axe finds on the page, checked as every scan of the suite checks (WCAG_22_AA), one line
 * per rule with its first three elements; [] when nothing. `include` narrows a scan to part of
 * the page. Only violations are assembled (not the passes), in the page itself.
 */
export async function axeViolations(page: Page, include?: string) {
  await withAxe(page)
  return page.evaluate(
    async ({ include, tags }) => {
      type Found = { id: string; nodes: { target: string[] }[] }
      const { axe } = window as unknown as {
        axe: { run(context: unknown, options: object): Promise<{ violations: Found[] }> }
      }
      // Colours are read at rest: a button that has just changed state fades to its new colours
      // (`transition-colors`, 150 ms), and a scan during the fade reads a mix of the two.
      // (Running ones with an end: an infinite or a paused animation would never finish.)
      const fading = document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === 'running' &&
            Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
        )
      await Promise.all(fading.map((a) => a.finished.catch(() => undefined)))
      const results = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })
      return results.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      )
    },
    { include, tags: WCAG_22_AA },
  )
}

/** A phone's width and a desktop's: the widths every axe scan of the suite reads a page at. */
export const WIDTHS = [390, 1440] as const

/** Nothing on the page is wider than the window (no sideways scrolling). */
export async function fitsTheWindow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

/**
 * axe at a phone's width, then at a desktop's, on the page as it stands (resized, not loaded
 * again: what shows at each width is what axe checks); with `fits`, nothing is wider than the
 * window at either. One load a page and state, two scans; each failure names its width. The
 * window is given back at the size it had, so the test goes on where it was.
 */
export async function checkAtEachWidth(page: Page, label: string, { fits = false } = {}) {
  const before = page.viewportSize()
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    // The resize's layout and its media-query listeners, before axe reads the page.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect.soft(await axeViolations(page), `${label} at ${width} px`).toEqual([])
    if (fits) expect.soft(await fitsTheWindow(page), `${label} at ${width} px`).toBe(true)
  }
  if (before) await page.setViewportSize(before)
}

/**
 * A page as the server sends it, parsed (parse5, as a browser parses it) for checks that need no
 * script and no layout: a page without JavaScript is its HTML, so its landmarks, headings,
 * links and metadata are read here without a browser (docs/testing.md).
 */
export async function servedPage(request: APIRequestContext, pagePath: string) {
  const response = await request.get(pagePath)
  const document = parse(await response.text())
  const elements = [...elementsOf(document)]
  const attr = (element: Html.Element, name: string) =>
    element.attrs.find((a) => a.name === name)?.value
  /**
   * Elements no reader gets: under the hidden attribute or aria-hidden (what CSS hides at some
   * widths only, a parser cannot tell: that is the browser tests' part).
   */
  const hidden = (element: Html.Element): boolean =>
    attr(element, 'hidden') !== undefined ||
    attr(element, 'aria-hidden') === 'true' ||
    ('parentNode' in element &&
      element.parentNode !== null &&
      'tagName' in element.parentNode &&
      hidden(element.parentNode as Html.Element))
  return {
    status: response.status(),
    elements,
    attr,
    hidden,
    /** Elements by tag name, with `attribute=value` when given. */
    find: (tag: string, attribute?: [string, string]) =>
      elements.filter(
        (e) => e.tagName === tag && (!attribute || attr(e, attribute[0]) === attribute[1]),
      ),
    /** The text a reader gets from an element: its text nodes, without scripts and styles. */
    text: (element: Html.ParentNode) => textOf(element),
  }
}

function* elementsOf(node: Html.ParentNode): Generator<Html.Element> {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue
    yield child
    if (child.tagName === 'template') continue
    yield* elementsOf(child)
  }
}

function textOf(node: Html.ParentNode): string {
  return node.childNodes
    .map((child) => {
      if (child.nodeName === '#text') return (child as Html.TextNode).value
      if (!('tagName' in child) || ['script', 'style', 'template'].includes(child.tagName))
        return ''
      return textOf(child)
    })
    .join('')
}
