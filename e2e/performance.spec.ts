import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect, test } from '@playwright/test'
import { BUILD_CLIENT, PAGES, waitForHydration } from './helpers.ts'

const BUDGET_KB = 125

test.describe('page weight and stability', () => {
  for (const pagePath of PAGES) {
    test(`${pagePath}: first-load JavaScript stays within ${BUDGET_KB} KB gzip`, async ({
      page,
      request,
    }) => {
      // First-load JavaScript: every script the prerendered HTML loads or preloads to render and
      // hydrate the page (what a visitor downloads before the page works).
      const html = await (await request.get(pagePath)).text()
      const firstLoad = new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))
      const gzipKb = (scripts: Iterable<string>) =>
        [...scripts].reduce(
          (sum, s) => sum + zlib.gzipSync(fs.readFileSync(path.join(BUILD_CLIENT, s))).length,
          0,
        ) / 1024
      // Everything the page fetches until the network is quiet, lazy chunks included: reported.
      const loaded = new Set<string>()
      page.on('response', (response) => {
        const url = new URL(response.url())
        if (url.pathname.endsWith('.js')) loaded.add(url.pathname)
      })
      await page.goto(pagePath, { waitUntil: 'networkidle' })
      for (const script of firstLoad)
        expect(loaded, `${script} is preloaded but never used`).toContain(script)
      const first = gzipKb(firstLoad)
      console.log(
        `${pagePath}: first load ${firstLoad.size} scripts ${first.toFixed(1)} KB gzip; all loaded ${loaded.size} scripts ${gzipKb(loaded).toFixed(1)} KB`,
      )
      expect(firstLoad.size).toBeGreaterThan(0)
      expect(first).toBeLessThanOrEqual(BUDGET_KB)
    })

    test(`${pagePath}: no layout shift while loading`, async ({ page }) => {
      await page.addInitScript(() => {
        ;(window as unknown as { __cls: number }).__cls = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number
            hadRecentInput: boolean
          })[]) {
            if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value
          }
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.goto(pagePath, { waitUntil: 'networkidle' })
      await waitForHydration(page)
      await page.waitForTimeout(300)
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
      expect(cls).toBeLessThan(0.02)
    })
  }
})
