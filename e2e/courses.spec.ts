/**
 * The Courses page in a real browser: every state with the API intercepted (loading, error with
 * Try Again and Refresh, timeout, unexpected answer), the cards, and the real server with the
 * sample catalogue.
 */
import { expect, test, type Page, type Request, type Route } from '@playwright/test'
import { axeViolations, waitForHydration } from './helpers.ts'

const LIST_API = /\/api\/core\/[^/]+\/courses\/?$/
const STORE = 'https://store.example.org'

const fixture = [
  {
    id: 'la-pc-24-hour-package',
    title: 'Louisiana P&C 24-Hour CE Package',
    description: 'All 24 credit hours for a two-year renewal, ethics and flood included.',
    price: 149,
    url: `${STORE}/products/la-pc-24-hour-package`,
    image_url: '/media/courses/la-pc-24-hour-package-800.webp',
  },
  {
    id: '3-course-bundle',
    title: '3 Course Bundle',
    description: 'Pick any three 3-hour courses.',
    price: 69,
    url: `${STORE}/products/3-course-bundle`,
    image_url: '/media/courses/3-course-bundle-800.webp',
  },
  {
    id: 'no-picture',
    title: 'Course Without a Picture',
    description: '',
    price: 24.5,
    url: `${STORE}/products/no-picture`,
    image_url: '',
  },
  {
    id: 'broken-picture',
    title: 'Course With a Broken Picture',
    description: 'Its picture is gone.',
    price: 32,
    url: `${STORE}/products/broken-picture`,
    image_url: '/media/courses/does-not-exist-800.webp',
  },
]

const json = (body: unknown, status = 200) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
})

/** Answers the catalogue API calls in turn; records every call. */
async function interceptCatalogue(
  page: Page,
  ...answers: ((route: Route, request: Request) => Promise<void> | void)[]
) {
  const calls: Request[] = []
  await page.route(LIST_API, async (route, request) => {
    calls.push(request)
    const answer = answers[Math.min(calls.length, answers.length) - 1]!
    await answer(route, request)
  })
  return calls
}

const cards = (page: Page) => page.getByTestId('course-card')
const refreshButton = (page: Page) => page.getByRole('button', { name: 'Refresh courses' })

/**
 * The intercepted page's tests, in three describe() blocks of one title by what they check: the
 * states, the cards, and the ways out with their accessibility.
 */
const INTERCEPTED = 'Courses page with the API intercepted'

// Loading, the error states with Try Again and Refresh, the timeout and an unexpected answer.
test.describe(INTERCEPTED, () => {
  test('shows the spinner while loading, then the cards', async ({ page }) => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await interceptCatalogue(page, async (route) => {
      await held
      await route.fulfill(json({ data: fixture, count: fixture.length }))
    })
    await page.goto('/courses')
    const status = page.getByRole('status').filter({ hasText: 'Loading courses...' })
    await expect(status).toBeVisible()
    await expect(refreshButton(page)).toBeDisabled()
    await expect(refreshButton(page).locator('svg')).toHaveClass(/animate-spin-slow/)
    release()
    await expect(cards(page)).toHaveCount(fixture.length)
    await expect(status).toHaveCount(0)
    await expect(refreshButton(page)).toBeEnabled()
    await expect(refreshButton(page).locator('svg')).not.toHaveClass(/animate-spin-slow/)
  })

  test('loads the list once when the page opens, and no second time on its own', async ({
    page,
  }) => {
    const calls = await interceptCatalogue(
      page,
      (route) => route.fulfill(json({ data: fixture, count: 4 })),
      (route) => route.fulfill(json({ data: fixture, count: 4, message: 'Refreshed' })),
    )
    await page.goto('/courses')
    await expect(cards(page)).toHaveCount(4)
    // The next call is the one the visitor asks for: a load the page repeated on its own would
    // come before it. Its answer, not the request: the browser reports a request before the
    // route that records it has run (on a slow machine the check read ['GET'] alone).
    const refreshed = page.waitForResponse(
      (response) => LIST_API.test(response.url()) && response.request().method() === 'POST',
    )
    await refreshButton(page).click()
    await refreshed
    expect(calls.map((call) => call.method())).toEqual(['GET', 'POST'])
    // The first is the page's own preload; the API client's requests carry its JSON type.
    expect(calls[1]!.headers()['content-type']).toBe('application/json')
    expect(calls[0]!.headers().authorization).toBeUndefined()
  })

  test('error, then Try Again loads the list again with GET', async ({ page }) => {
    const calls = await interceptCatalogue(
      page,
      (route) =>
        route.fulfill(
          json({ error: 'Bad Gateway', message: 'The store could not be reached.' }, 502),
        ),
      (route) => route.fulfill(json({ data: fixture, count: 4 })),
    )
    await page.goto('/courses')
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('The store could not be reached.')
    await expect(alert).toHaveClass(/bg-danger-soft/)
    await alert.getByRole('button', { name: 'Try Again' }).click()
    await expect(cards(page)).toHaveCount(4)
    await expect(alert).toHaveCount(0)
    expect(calls.map((call) => call.method())).toEqual(['GET', 'GET'])
    // The API client's own requests carry its JSON content type (the first was the preload's).
    expect(calls[1]!.headers()['content-type']).toBe('application/json')
  })

  test('error, then Refresh asks the server to refresh with POST and shows the list it returns', async ({
    page,
  }) => {
    const calls = await interceptCatalogue(
      page,
      (route) =>
        route.fulfill({
          status: 503,
          contentType: 'text/html',
          body: '<h1>Service Unavailable</h1>',
        }),
      (route) =>
        route.fulfill(
          json({ data: fixture.slice(0, 2), count: 2, message: 'Courses refreshed successfully' }),
        ),
    )
    await page.goto('/courses')
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('HTTP error! status: 503')
    await alert.getByRole('button', { name: 'Refresh' }).click()
    await expect(cards(page)).toHaveCount(2)
    await expect(page.getByText('Courses refreshed successfully')).toBeVisible()
    expect(calls.map((call) => call.method())).toEqual(['GET', 'POST'])
    expect(calls[1]!.headers()['content-type']).toBe('application/json')
    expect(calls[1]!.postData()).toBeNull()
  })

  test('shows "Request timeout" when the API does not answer within 30 seconds', async ({
    page,
  }) => {
    await page.clock.install()
    const calls = await interceptCatalogue(page, () => {
      // never answers
    })
    await page.goto('/courses')
    await expect(page.getByRole('status').filter({ hasText: 'Loading courses...' })).toBeVisible()
    // The HTML asks for the list at once (its preload); the island's timer starts when it makes
    // its own request, once hydrated: wait for that before moving the clock. (The exact 30 000 ms
    // boundary is checked with fake timers in app/lib/api-client.test.ts; here the page clock
    // also flows with real time.)
    await waitForHydration(page)
    expect(calls).toHaveLength(1)
    await page.clock.runFor(30_000)
    await expect(page.getByRole('alert')).toContainText('Request timeout')
    await expect(page.getByRole('alert').getByRole('button', { name: 'Try Again' })).toBeVisible()
  })

  test('shows the unexpected-error message when the answer is not a course list', async ({
    page,
  }) => {
    await interceptCatalogue(page, (route) => route.fulfill(json({ data: 'not a list' })))
    await page.goto('/courses')
    await expect(page.getByRole('alert')).toContainText(
      'Unable to load courses. Please try again later.',
    )
    await expect(page.getByRole('alert').getByRole('button', { name: 'Try Again' })).toBeVisible()
  })
})

// The cards: what they read from the answer, how they are drawn, and their pictures.
test.describe(INTERCEPTED, () => {
  test('reads a store-shaped answer: numeric ids, a price as text, no picture, one invalid course left out', async ({
    page,
  }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      // The page's own warnings (Chromium also warns when a busy machine takes more than three
      // seconds after load to use the preloaded list).
      if (message.type() === 'warning' && !message.text().includes('preload'))
        warnings.push(message.text())
    })
    const [first, second] = fixture
    await interceptCatalogue(page, (route) =>
      route.fulfill(
        json({
          data: [
            { ...first, id: 7001, price: '149.00', image_url: null, vendor: 'DocuCommons' },
            { ...second, id: 7002, title: '' },
            { ...second, id: 7003, description: null },
          ],
          count: 3,
        }),
      ),
    )
    await page.goto('/courses')
    await expect(cards(page)).toHaveCount(2)
    await expect(page.getByRole('heading', { name: first!.title })).toBeVisible()
    await expect(page.getByRole('heading', { name: second!.title })).toBeVisible()
    await expect(cards(page).first().getByText('$149.00')).toBeVisible()
    await expect(cards(page).first().locator('img')).toHaveAttribute('src', /fallback-800\.webp$/)
    await expect(
      cards(page).nth(1).getByText('Professional continuing education course'),
    ).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    expect(warnings).toEqual([expect.stringMatching(/^Course 1 .* left out: title /)])
  })

  test('renders the cards: capitals over the picture, prices, default description, Most Popular', async ({
    page,
  }) => {
    await interceptCatalogue(page, (route) => route.fulfill(json(fixture)))
    await page.goto('/courses')
    await expect(cards(page)).toHaveCount(4)
    const bundle = cards(page).filter({
      has: page.getByRole('heading', { name: '3 Course Bundle' }),
    })
    await expect(bundle.getByText('Most Popular')).toBeVisible()
    await expect(cards(page).getByText('Most Popular')).toHaveCount(1)
    const bundleBorder = await bundle.evaluate((el) => getComputedStyle(el).borderTopWidth)
    const otherBorder = await cards(page)
      .first()
      .evaluate((el) => getComputedStyle(el).borderTopWidth)
    expect(parseFloat(bundleBorder)).toBeGreaterThan(parseFloat(otherBorder))

    await expect(cards(page).first().getByText('$149.00')).toBeVisible()
    await expect(cards(page).nth(2).getByText('$24.50')).toBeVisible()
    await expect(
      cards(page).nth(2).getByText('Professional continuing education course'),
    ).toBeVisible()
    const overlay = cards(page).first().locator('[aria-hidden="true"] p')
    expect(await overlay.evaluate((el) => getComputedStyle(el).textTransform)).toBe('uppercase')
    // Titles and descriptions are clamped to two lines.
    for (const element of [
      cards(page).first().getByRole('heading'),
      cards(page).first().locator('h3 + p'),
    ]) {
      expect(await element.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('2')
    }
  })

  test('replaces a missing or broken picture by the fallback picture', async ({ page }) => {
    await interceptCatalogue(page, (route) => route.fulfill(json({ data: fixture, count: 4 })))
    await page.goto('/courses')
    for (const index of [2, 3]) {
      const image = cards(page).nth(index).locator('img')
      await expect(image).toHaveAttribute('src', '/media/courses/fallback-800.webp')
      await image.scrollIntoViewIfNeeded()
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0)
    }
    const own = cards(page).first().locator('img')
    await own.scrollIntoViewIfNeeded()
    await expect
      .poll(() => own.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    expect(await own.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/media\/courses\/la-pc-24-hour-package-\d+\.(avif|webp)$/,
    )
  })
})

// The links to the store, the breadcrumb and heading, and axe.
test.describe(INTERCEPTED, () => {
  test('PURCHASE, View Details and Continue to Full Catalog open the store in a new tab without an opener', async ({
    page,
    context,
  }) => {
    await context.route(/^https:\/\/store\.(example|docucommons\.example)\.org\//, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>Store</title><p>Store page</p>',
      }),
    )
    await interceptCatalogue(page, (route) => route.fulfill(json({ data: fixture, count: 4 })))
    await page.goto('/courses')
    const bundle = cards(page).filter({
      has: page.getByRole('heading', { name: '3 Course Bundle' }),
    })
    for (const name of [/^PURCHASE/, /^View Details/]) {
      const link = bundle.getByRole('link', { name })
      await expect(link).toHaveAttribute('rel', 'noopener')
      const [popup] = await Promise.all([context.waitForEvent('page'), link.click()])
      await popup.waitForLoadState()
      expect(popup.url()).toBe(`${STORE}/products/3-course-bundle`)
      expect(await popup.evaluate(() => window.opener)).toBeNull()
      await popup.close()
    }
    const full = page.getByRole('link', { name: /^Continue to Full Catalog/ })
    const [popup] = await Promise.all([context.waitForEvent('page'), full.click()])
    await popup.waitForLoadState()
    expect(popup.url()).toMatch(/^https:\/\/store\.docucommons\.example\.org\/?$/)
    await popup.close()
    await expect(page).toHaveURL(/\/courses$/)
  })

  test('has an accessible breadcrumb and heading, and no axe violations in the loaded and error states', async ({
    page,
  }) => {
    await interceptCatalogue(
      page,
      (route) => route.fulfill(json({ data: fixture, count: 4 })),
      (route) =>
        route.fulfill(
          json(
            {
              error: 'Too Many Requests',
              message: 'Too many refresh requests. Please try again in 42 seconds.',
            },
            429,
          ),
        ),
    )
    await page.goto('/courses')
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(breadcrumb.getByRole('listitem')).toHaveText([
      'Continuing Education',
      /Insurance CE/,
      /Louisiana/,
      /P&C Producer/,
    ])
    await expect(breadcrumb).toHaveText('Continuing Education-Insurance CE-Louisiana-P&C Producer')
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('P&C Producer')
    await expect(
      page.getByRole('heading', { level: 2, name: 'Select a Catalog Offering' }),
    ).toBeVisible()
    await expect(cards(page)).toHaveCount(4)
    expect(await axeViolations(page, '#main')).toEqual([])

    await refreshButton(page).click()
    await expect(page.getByRole('alert')).toContainText('Too many refresh requests.')
    expect(await axeViolations(page, '#main')).toEqual([])
  })
})

test.describe('Courses page with the real server and the sample catalogue', () => {
  test('asks for the list when its HTML arrives, not after load and hydration', async ({
    page,
  }) => {
    const requests: Request[] = []
    page.on('request', (request) => {
      if (LIST_API.test(request.url())) requests.push(request)
    })
    await page.goto('/courses', { waitUntil: 'load' })
    await expect(cards(page)).toHaveCount(12)
    await waitForHydration(page)
    expect(requests).toHaveLength(1)
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming
      const list = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
        (entry) => entry.name.includes('/courses/'),
      )!
      return {
        initiator: list.initiatorType,
        started: list.startTime,
        load: navigation.loadEventStart,
      }
    })
    // Started by the boot script in <head> (a fetch, not a preload), with the spec's default
    // header like every later call, and before the load event.
    expect(timing.initiator).toBe('fetch')
    expect(requests[0]!.headers()['content-type']).toBe('application/json')
    expect(timing.started).toBeLessThan(timing.load)
  })

  test('lists the sample courses with their pictures, and Refresh keeps them', async ({ page }) => {
    await page.goto('/courses')
    await expect(cards(page)).toHaveCount(12)
    await expect(page.getByRole('heading', { name: '3 Course Bundle' })).toBeVisible()
    await expect(cards(page).getByText('Most Popular')).toHaveCount(1)
    await expect(cards(page).first()).toContainText('$149.00')
    const links = await cards(page)
      .getByRole('link', { name: /^PURCHASE/ })
      .evaluateAll((els) => els.map((el) => el.getAttribute('href')))
    expect(links).toContain('https://store.docucommons.example.org/products/3-course-bundle')
    for (const image of await cards(page).locator('img').all()) {
      await image.scrollIntoViewIfNeeded()
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0)
      await expect(image).not.toHaveAttribute('src', /fallback/)
    }

    const refreshed = page.waitForResponse(
      (response) => LIST_API.test(response.url()) && response.request().method() === 'POST',
    )
    await refreshButton(page).click()
    expect((await refreshed).status()).toBe(200)
    await expect(cards(page)).toHaveCount(12)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('the catalogue API answers the page and refuses a refresh without JSON', async ({
    request,
  }) => {
    const list = await request.get('/api/core/sample/courses/')
    expect(list.status()).toBe(200)
    expect((await list.json()).count).toBe(12)
    const etag = list.headers().etag!
    expect(
      (
        await request.get('/api/core/sample/courses', { headers: { 'if-none-match': etag } })
      ).status(),
    ).toBe(304)
    expect((await request.get('/api/core/sample/courses/3-course-bundle/')).status()).toBe(200)
    expect((await request.get('/api/core/shopify/courses/')).status()).toBe(404)
    const form = await request.post('/api/core/sample/courses/', { form: { a: '1' } })
    expect(form.status()).toBe(415)
  })
})
