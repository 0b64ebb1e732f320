import { expect, test } from '@playwright/test'
import { FORM_PAGES, waitForHydration } from './helpers.ts'

test.describe('server and routing', () => {
  test('an unknown URL answers 404 with the error fallback', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
    await expect(page.getByText('404 Not Found')).toBeVisible()
    // Inside the site's header and footer.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  for (const javaScriptEnabled of [true, false]) {
    test(`no header item is the current page on the 404 page (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled })
      const page = await context.newPage()
      await page.goto('/no/such/page')
      if (javaScriptEnabled) await waitForHydration(page)
      const nav = page.getByRole('navigation', { name: 'Main' })
      await expect(nav.getByRole('link', { name: 'Home' })).toBeAttached()
      await expect(nav.locator('[aria-current]')).toHaveCount(0)
      await expect(nav.locator('.text-clay')).toHaveCount(0)
      await context.close()
    })
  }

  test('an unknown article slug answers 404 with the error fallback', async ({ page }) => {
    const response = await page.goto('/articles/nobody-here')
    expect(response?.status()).toBe(404)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
    await expect(page.getByText('404 Not Found')).toBeVisible()
  })

  test('unknown API paths answer 404 JSON and /api/health answers ok', async ({ request }) => {
    const health = await request.get('/api/health')
    expect(health.status()).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    const missing = await request.get('/api/does-not-exist')
    expect(missing.status()).toBe(404)
    expect(missing.headers()['content-type']).toContain('application/json')
  })

  test('both slash forms of an article load directly', async ({ request, page }) => {
    for (const url of ['/articles/marisol-vega', '/articles/marisol-vega/']) {
      const response = await request.get(url)
      expect(response.status(), url).toBe(200)
      await page.goto(url)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        'Before the First Brushstroke',
      )
    }
  })

  test('both slash forms work when followed from a page', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto('/articles')
    await waitForHydration(page)
    // A series card links with a trailing slash...
    const withSlash = page.locator('a[href$="/articles/terrence-hollis/"]')
    await expect(withSlash).toHaveCount(1)
    await withSlash.click()
    await expect(page).toHaveURL(/\/articles\/terrence-hollis\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0)
    // ...and an Art & Advocacy card without one.
    await page.goBack()
    const withoutSlash = page.locator('a[href$="/articles/marisol-vega"]')
    await withoutSlash.click()
    await expect(page).toHaveURL(/\/articles\/marisol-vega$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Before the First Brushstroke',
    )
    expect(errors).toEqual([])
  })

  test('every navigation lands at the top of the new page', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('heading', { level: 1, name: 'ABOUT' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('pages are compressed, cached and carry security headers', async ({ request }) => {
    const page = await request.get('/about', { headers: { 'accept-encoding': 'br, gzip' } })
    const headers = page.headers()
    expect(headers['content-encoding']).toBe('br')
    expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const html = await page.text()
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0]
    expect(asset).toBeTruthy()
    const js = await request.get(asset!, { headers: { 'accept-encoding': 'gzip' } })
    expect(js.headers()['content-encoding']).toBe('gzip')
    expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  test('videos can be fetched by byte range', async ({ request }) => {
    const response = await request.get('/media/video/hero.mp4', {
      headers: { range: 'bytes=0-99' },
    })
    expect(response.status()).toBe(206)
    expect(response.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/)
    expect((await response.body()).length).toBe(100)
  })

  test('the sitemap lists pages this server answers, each indexable at its own address', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    expect(locs.length).toBeGreaterThan(10)
    for (const loc of locs) {
      const response = await request.get(new URL(loc).pathname)
      expect(response.status(), loc).toBe(200)
      const html = await response.text()
      expect(html, loc).not.toMatch(/<meta name="robots" content="[^"]*noindex/)
      expect(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1], loc).toBe(loc)
    }
    for (const path of FORM_PAGES) expect(locs.some((loc) => loc.endsWith(path))).toBe(false)
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:')
    const rss = await (await request.get('/rss.xml')).text()
    expect(rss.match(/<item>/g)).toHaveLength(7)
  })
})
