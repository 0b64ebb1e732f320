/**
 * Screenshots every page at 390, 768 and 1440 px into screenshots/ (full page), for a person to
 * look at. Needs a running server: `npm start` in another terminal, or BASE_URL=…
 *   npm run screenshots            # all pages, anonymous
 *   npm run screenshots -- member  # with the member cookie
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { NOINDEX_PAGES, pagePaths } from '#app/page-paths.ts'
import { CHROMIUM_FLAGS, ensureChromium } from './chromium.ts'

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000'
const member = process.argv.includes('member')
const out = path.resolve(import.meta.dirname, '..', 'screenshots')
fs.mkdirSync(out, { recursive: true })

const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS })
try {
  for (const width of [390, 768, 1440]) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      reducedMotion: 'reduce',
    })
    if (member) await context.addCookies([{ name: 'authorizedDocu', value: '1', url: base }])
    const page = await context.newPage()
    for (const pagePath of [...pagePaths(), ...NOINDEX_PAGES]) {
      await page.goto(base + pagePath, { waitUntil: 'networkidle' })
      // Lazy images below the fold: scroll through the page so they load before the shot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y)
          await new Promise((r) => setTimeout(r, 60))
        }
        window.scrollTo(0, 0)
      })
      await page.waitForLoadState('networkidle')
      const name = `${pagePath === '/' ? 'home' : pagePath.slice(1).replace(/\//g, '_')}-${width}${member ? '-member' : ''}.png`
      await page.screenshot({ path: path.join(out, name), fullPage: true })
      console.log(name)
    }
    await context.close()
  }
} finally {
  await browser.close()
}
