import { expect, type Locator } from '@playwright/test'
import { ARTICLE_SLUGS, PAGES, servedPage, waitForHydration } from './helpers.ts'
import { test } from './shared-page.ts'

/**
 * Cards at the top of a page: the first portrait is the largest paint on a phone (fetched at once,
 * at high priority), every later one lazily.
 */
async function expectFirstPortraitFirst(portraits: Locator) {
  const count = await portraits.count()
  expect(count).toBeGreaterThan(1)
  for (let index = 0; index < count; index++) {
    const portrait = portraits.nth(index)
    await expect(portrait).toHaveAttribute('loading', index === 0 ? 'eager' : 'lazy')
    if (index === 0) await expect(portrait).toHaveAttribute('fetchpriority', 'high')
    else await expect(portrait).not.toHaveAttribute('fetchpriority')
  }
}

// The home page's tests are two describe() blocks of one title: its content and links, and its
// motion (the hero video, the award strip). Tests that only read a page navigate the tab their
// worker keeps (e2e/shared-page.ts); those that change what the tab would keep open their own.

// The counts, the category cards and the links.
test.describe('home', () => {
  test('shows the counts the spec fixes: 13 awards, 4 changemakers, 4 documentaries of 6 images, 4 categories, 3 testimonials', async ({
    visitorTab: page,
  }) => {
    await page.goto('/')
    await expect(page.locator('[data-testid="award-track"] ul:not([data-copy]) img')).toHaveCount(
      13,
    )
    // The loop's copy is hidden from assistive technology.
    await expect(page.locator('[data-testid="award-track"] ul[data-copy]')).toHaveAttribute(
      'aria-hidden',
      'true',
    )
    await expect(
      page.getByRole('img', { name: /.+/ }).and(page.locator('[data-testid="award-track"] img')),
    ).toHaveCount(13)
    await expect(page.getByTestId('changemaker-cards').getByRole('listitem')).toHaveCount(4)
    const documentaries = page.getByTestId('documentaries').getByRole('article')
    await expect(documentaries).toHaveCount(4)
    for (let i = 0; i < 4; i++) {
      const block = documentaries.nth(i)
      await expect(block.locator('video')).toHaveAttribute('poster', /.+/)
      // Clips download only when pressed: nothing of them competes with the page loading.
      await expect(block.locator('video')).toHaveAttribute('preload', 'none')
      await expect(block.locator('li img')).toHaveCount(6)
      await expect(block.getByRole('heading', { level: 3 })).toBeVisible()
    }
    // The flag puts the video on the left or the right.
    const flags = await documentaries.evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-video-left')),
    )
    expect(new Set(flags)).toEqual(new Set(['true', 'false']))
    await expect(page.getByTestId('testimonials').getByRole('listitem')).toHaveCount(3)
  })

  test('category cards carry /art, /justice, /family, /health but are not active links', async ({
    visitorTab: page,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    const cards = page.getByTestId('category-cards').locator('a')
    await expect(cards).toHaveCount(4)
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('href')))).toEqual([
      '/art',
      '/justice',
      '/family',
      '/health',
    ])
    await expect(cards.first()).toHaveAttribute('aria-disabled', 'true')
    await cards.first().click({ force: true })
    await expect(page).toHaveURL(/\/$/)
  })

  test('the get-access link goes to the sign-up route and get-in-touch to /contact', async ({
    visitorTab: page,
  }) => {
    await page.goto('/')
    await expect(page.getByTestId('hero-get-access')).toHaveAttribute('href', /\/auth\/signup$/)
    await expect(
      page.getByRole('region', { name: /./ }).getByRole('link', { name: /get in touch/i }),
    ).toHaveAttribute('href', '/contact')
  })
})

// The hero video's spinner and controls, reduced motion, Save-Data, and the moving award strip:
// as a visitor who did not ask for reduced motion (e2e/desktop.ts).
test.describe('home', () => {
  test.use({ reducedMotion: 'no-preference' })
  test('a spinner covers the hero video until its data has loaded, and returns when loading starts again', async ({
    page,
  }) => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/media\/video\/hero\.(webm|mp4)/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await waitForHydration(page)
    await expect(page.getByTestId('hero-video-loading')).toBeVisible()
    release()
    await expect(page.getByTestId('hero-video-loading')).toBeHidden({ timeout: 15_000 })
    // A second load may come from the media cache in a few milliseconds: watch the DOM for the
    // spinner coming back rather than hoping to catch it on screen.
    const spinnerReturned = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const observer = new MutationObserver(() => {
            if (document.querySelector('[data-testid="hero-video-loading"]')) {
              observer.disconnect()
              resolve(true)
            }
          })
          observer.observe(document.body, { childList: true, subtree: true })
          setTimeout(() => resolve(false), 10_000)
        }),
    )
    await page.getByTestId('hero-video').evaluate((v: HTMLVideoElement) => v.load())
    expect(await spinnerReturned).toBe(true)
    await expect(page.getByTestId('hero-video-loading')).toBeHidden({ timeout: 15_000 })
  })

  test('the hero video loops muted and can be paused', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const video = page.getByTestId('hero-video')
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.autoplay, v.paused]))
      .toEqual([true, true, true, false])
    await page.getByRole('button', { name: 'Pause background video' }).click()
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
    await page.getByRole('button', { name: 'Play background video' }).click()
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false)
  })

  test('with reduced motion no video plays by itself and the award strip stands still', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const videoRequests: string[] = []
    page.on('request', (r) => {
      if (/\.(mp4|webm)$/.test(r.url())) videoRequests.push(r.url())
    })
    await page.goto('/')
    await waitForHydration(page)
    // The still poster, no spinner, and a button to start it: nothing was downloaded.
    await expect(page.getByRole('button', { name: 'Play background video' })).toBeVisible()
    await expect(page.getByTestId('hero-video-loading')).toBeHidden()
    expect(await page.getByTestId('hero-video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(
      true,
    )
    expect(videoRequests).toEqual([])
    await page.getByRole('button', { name: 'Play background video' }).click()
    await expect.poll(() => videoRequests.length).toBeGreaterThan(0)
    expect(
      await page.getByTestId('award-track').evaluate((el) => getComputedStyle(el).animationName),
    ).toBe('none')
    // The About page's short film waits on its poster too, until it is played.
    videoRequests.length = 0
    await page.goto('/about')
    await waitForHydration(page)
    const about = page.getByTestId('about-video')
    await about.scrollIntoViewIfNeeded()
    await expect(about).toBeInViewport()
    // Its observer reports it on screen at the next frames: what it would start, it has by then.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    expect(await about.evaluate((v: HTMLVideoElement) => [v.paused, v.autoplay])).toEqual([
      true,
      false,
    ])
    expect(videoRequests).toEqual([])
  })

  test('under Save-Data no video downloads until pressed', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true } }),
    )
    const videoRequests: string[] = []
    page.on('request', (r) => {
      if (/\.(mp4|webm)$/.test(r.url())) videoRequests.push(new URL(r.url()).pathname)
    })
    await page.goto('/')
    await waitForHydration(page)
    await expect(page.getByRole('button', { name: 'Play background video' })).toBeVisible()
    await page.goto('/about')
    await waitForHydration(page)
    const about = page.getByTestId('about-video')
    await about.scrollIntoViewIfNeeded()
    expect(await about.evaluate((v: HTMLVideoElement) => [v.paused, v.autoplay])).toEqual([
      true,
      false,
    ])
    expect(videoRequests).toEqual([])
    await about.evaluate((v: HTMLVideoElement) => v.play())
    await expect
      .poll(() => videoRequests.some((u) => u.startsWith('/media/video/about')))
      .toBe(true)
  })

  test('the award strip moves, and pauses on hover', async ({ page }) => {
    await page.goto('/')
    const track = page.getByTestId('award-track')
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none')
    expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('running')
    // The moving track never holds still for Playwright's hover; hover its section instead.
    await page.locator('#awards-title').hover()
    expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused')
  })
})

test.describe('about, articles and article pages', () => {
  test('about: banner, video, Learn More, partners opening in new tabs, share links', async ({
    visitorTab: page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 1, name: 'ABOUT' })).toBeVisible()
    const video = page.getByTestId('about-video')
    // It starts by itself once the page has loaded and it is on screen.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => [v.autoplay, v.controls, v.muted]))
      .toEqual([true, true, true])
    await expect(page.getByRole('link', { name: /^Learn More/ })).toHaveAttribute(
      'href',
      /^https:\/\/dashboard\./,
    )
    await expect(page.getByRole('heading', { name: 'Gain Insight' })).toBeVisible()
    await expect(page.getByText(/^Free Membership/)).toBeVisible()
    for (const name of ['Listen', 'Learn', 'Lead'])
      await expect(page.getByText(name, { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Brought to you by' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'In Partnership With' })).toBeVisible()
    const partners = page.locator('a:has(img[alt*="opens in a new tab"])')
    await expect(partners).toHaveCount(3)
    for (const link of await partners.all()) {
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', /noopener/)
    }
    await expect(page.getByRole('heading', { name: 'Share With Friends' })).toBeVisible()
  })

  test('articles: the three groups with their cards', async ({ visitorTab: page }) => {
    await page.goto('/articles')
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible()
    await expect(page.getByText(/Art & Advocates/)).toBeVisible()
    await expect(page.getByTestId('art-advocacy-cards').getByRole('article')).toHaveCount(3)
    await expect(page.getByTestId('returning-redemption-cards').getByRole('article')).toHaveCount(2)
    await expect(page.getByTestId('bails-bonds-cards').getByRole('article')).toHaveCount(2)
    const card = page.getByTestId('bails-bonds-cards').getByRole('article').first()
    await expect(card.getByRole('img')).toBeVisible()
    await expect(card.getByRole('link', { name: /^Read More/ })).toBeVisible()
    await expectFirstPortraitFirst(page.getByRole('main').locator('article img'))
  })

  test('a series: its cards, the first portrait fetched first', async ({ visitorTab: page }) => {
    await page.goto('/articles/series/art-advocacy')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const portraits = page.getByTestId('series-cards').locator('article img')
    await expectFirstPortraitFirst(portraits)
  })

  for (const slug of ARTICLE_SLUGS) {
    test(`article ${slug}: headline, name, city, byline, captioned photos, long text`, async ({
      visitorTab: page,
    }) => {
      await page.goto(`/articles/${slug}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('figure figcaption')).not.toHaveCount(0)
      expect(await page.locator('figure:has(figcaption)').count()).toBeGreaterThanOrEqual(2)
      await expect(page.getByText(/^Words by /)).toBeVisible()
      const words = await page
        .locator('.article-body')
        .evaluate((el) => el.textContent?.split(/\s+/).filter(Boolean).length ?? 0)
      expect(words).toBeGreaterThanOrEqual(900)
      const jsonLd = await page.locator('script[type="application/ld+json"]').textContent()
      expect(jsonLd).toContain('"Article"')
    })
  }
})

test.describe('contact', () => {
  test('native checks stop an invalid submit; a valid one shows the toast for 3 seconds without navigating', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/contact')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
    await expect(page.getByTestId('services').getByRole('listitem')).not.toHaveCount(0)
    // The fields the browser's own checks refuse, as it refuses them ('invalid' events): the
    // proof that a click was a submit, stopped by the checks, before asserting that no toast
    // came of it.
    await page.evaluate(() => {
      const refused: string[] = []
      Object.assign(window, { refused })
      document.addEventListener(
        'invalid',
        (event) => refused.push((event.target as HTMLInputElement).name),
        true,
      )
    })
    const refusedSince = async (count: number) =>
      (await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).slice(count)
    const send = page.getByRole('button', { name: 'Send message' })
    await send.click()
    await expect.poll(() => refusedSince(0)).toEqual(['name', 'email'])
    await expect(page.getByText('Response Submitted!')).toHaveCount(0)
    expect(
      await page.getByLabel(/^Name/).evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true)
    await page.getByLabel(/^Name/).fill('Ada Brooks')
    await page.getByLabel(/^Email/).fill('not-an-address')
    await send.click()
    await expect.poll(() => refusedSince(2)).toEqual(['email'])
    await expect(page.getByText('Response Submitted!')).toHaveCount(0)
    await page.getByLabel(/^Email/).fill('ada@example.org')
    await page.getByLabel(/^Website/).fill('not a url')
    await send.click()
    await expect.poll(() => refusedSince(3)).toEqual(['website'])
    await expect(page.getByText('Response Submitted!')).toHaveCount(0)
    await page.getByLabel(/^Website/).fill('')
    // Stop the page's clock so the toast's 3000 ms are counted exactly, however busy the machine.
    await page.clock.pauseAt(Date.now() + 1000)
    await send.click()
    await expect(page.getByRole('status').filter({ hasText: 'Response Submitted!' })).toBeVisible()
    await expect(page).toHaveURL(/\/contact$/)
    await page.clock.runFor(2900)
    await expect(page.getByText('Response Submitted!')).toBeVisible()
    await page.clock.runFor(200)
    await expect(page.getByText('Response Submitted!')).toHaveCount(0)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('/courses says the catalogue needs JavaScript and links to the store, with no spinner', async ({
    page,
  }) => {
    await page.goto('/courses')
    await expect(page.getByText(/The catalog loads with JavaScript/)).toBeVisible()
    await expect(page.getByRole('link', { name: /Continue to Full Catalog/ })).toBeVisible()
    await expect(page.getByText('Loading courses...')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Refresh courses' })).toBeHidden()
  })

  // Without JavaScript a page is its HTML: read by a parser, no browser needed.
  for (const path of PAGES) {
    test(`${path} is readable`, async ({ request }) => {
      const page = await servedPage(request, path)
      expect(page.status).toBe(200)
      expect(page.find('h1').filter((h1) => !page.hidden(h1))).toHaveLength(1)
      const nav = page.find('nav', ['aria-label', 'Main'])
      expect(nav.filter((element) => !page.hidden(element))).toHaveLength(1)
      expect(page.find('footer').filter((footer) => !page.hidden(footer)).length).toBe(1)
      const [main] = page.find('main')
      const text = page.text(main!).replace(/\s+/g, ' ').trim()
      expect(text.length).toBeGreaterThan(path === '/courses' ? 100 : 400)
    })
  }
})

// One test a page, each within its own timeout (a walk through every page at one width took 39 s
// of its 60 on a slow machine). 320 px is WCAG's reflow width (1.4.10). The page is loaded once
// and the window resized, as a phone turned or a window dragged does: the layout follows the
// media queries without a new load. The test only reads: the pages are loaded one after another
// in a tab each worker keeps (e2e/shared-page.ts).
test.describe('no sideways scrolling', () => {
  for (const pagePath of PAGES) {
    test(`${pagePath} is no wider than a 320, 390, 768 or 1440 px window`, async ({
      visitorTab: page,
    }) => {
      await page.setViewportSize({ width: 320, height: 900 })
      await page.goto(pagePath, { waitUntil: 'load' })
      for (const width of [320, 390, 768, 1440]) {
        await page.setViewportSize({ width, height: 900 })
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }))
        expect(scrollWidth, `${pagePath} at ${width} px`).toBeLessThanOrEqual(clientWidth)
      }
    })
  }
})
