import { expect, test, type Page } from '@playwright/test'
import { checkAtEachWidth, waitForHydration, WIDTHS } from './helpers.ts'

/**
 * Site search (docs/search.md): a sentence said in an episode finds the moment it is said, with
 * and without JavaScript and with the keyboard alone; the results page passes axe.
 * The sample's "A Cuff in Every Bag" has the line "… an automatic blood-pressure cuff, still in
 * its box." at 0:27.
 */
const SENTENCE = 'an automatic blood-pressure cuff, still in its box'
const MOMENT = /\/listen\/a-cuff-in-every-bag#t=27$/

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the header link, the form and the result link to the second', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/search$/)
    await page.getByRole('searchbox').fill(`"${SENTENCE}"`)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/search\?q=/)
    const result = page.getByRole('link', { name: /A Cuff in Every Bag ?, at 0:27/ })
    await expect(result).toHaveAttribute('href', MOMENT)
    await expect(page.locator('mark').first()).toBeVisible()
    // A page of results is not indexed.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  })

  test('nothing found says so, with suggestions; a filter keeps the query', async ({ page }) => {
    await page.goto('/search?q=zzqxvw')
    await expect(page.getByRole('heading', { name: /Nothing found for “zzqxvw”/ })).toBeVisible()
    const main = page.getByRole('main')
    const episodes = main.getByRole('link', { name: 'episodes', exact: true })
    await expect(episodes).toHaveAttribute('href', '/listen')
    await page.goto('/search?q=Abernathy')
    await page.getByRole('link', { name: 'Articles', exact: true }).last().click()
    await expect(page).toHaveURL(/kind=article/)
    await expect(page.getByText('Article', { exact: true }).first()).toBeVisible()
    await expect(page.getByText('Episode', { exact: true })).toHaveCount(0)
  })

  test('a hostile query is only text', async ({ page }) => {
    const response = await page.goto(
      `/search?q=${encodeURIComponent('<img src=x onerror=alert(1)> NEAR( "a* OR b:')}`,
    )
    expect(response?.status()).toBe(200)
    await expect(page.locator('img[src="x"]')).toHaveCount(0)
    await expect(page.getByRole('searchbox')).toHaveValue(/<img src=x/)
  })
})

/**
 * On /about with the keyboard: / opens the search, the sentence is typed once the box has the
 * focus (keys typed before it are lost), and ArrowDown moves to the episode's first result.
 */
async function searchAndMoveToFirstResult(page: Page) {
  await page.goto('/about')
  await waitForHydration(page)
  await page.keyboard.press('/')
  const dialog = page.getByRole('dialog', { name: /Search episodes/ })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('searchbox')).toBeFocused()
  // On a busy machine the keys arrive with pauses, and the dialog asks at each pause: move only
  // once the answer to the whole sentence is in, or a later answer replaces the result moved to.
  const whole = page.waitForResponse((response) => {
    const url = new URL(response.url())
    return url.pathname === '/api/search' && url.searchParams.get('q') === `"${SENTENCE}"`
  })
  await page.keyboard.type(`"${SENTENCE}"`)
  await whole
  await expect(dialog.getByRole('status')).toContainText(/results?\./)
  const first = dialog.getByRole('link').filter({ hasText: 'A Cuff in Every Bag' }).first()
  await expect(first).toHaveAttribute('href', MOMENT)
  await page.keyboard.press('ArrowDown')
  await expect(first).toBeFocused()
  return { dialog, first }
}

test('with JavaScript, with the keyboard alone: / opens, arrows move, Enter opens', async ({
  page,
}) => {
  const { first } = await searchAndMoveToFirstResult(page)
  await expect(first).toHaveAttribute('href', MOMENT)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(MOMENT)
})

test('a result moved to keeps the focus while the answer to more typing comes in', async ({
  page,
}) => {
  const { dialog, first } = await searchAndMoveToFirstResult(page)
  // The next search (a visitor who typed on, as a loaded machine may deliver the keys late) is
  // held: the results on screen stay, and so does the focus.
  const held: (() => Promise<void>)[] = []
  await page.route('**/api/search?*', (route) => {
    held.push(() => route.continue())
  })
  await dialog.getByRole('searchbox').press('End')
  await page.keyboard.type(' cuff')
  await expect.poll(() => held.length, { timeout: 15_000 }).toBe(1)
  await expect(dialog.getByRole('status')).toHaveText('Searching…')
  await first.focus()
  await expect(first).toBeFocused()
  // Released before the route goes: unrouting hands a held request on by itself.
  await held[0]!()
  await page.unroute('**/api/search?*')
  await expect(dialog.getByRole('status')).toContainText(/results?\./)
  await expect(first).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(MOMENT)
})

test('with JavaScript: Ctrl+K opens, Escape closes and gives the focus back', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog', { name: /Search episodes/ })
  await expect(dialog).toBeVisible()
  await page.keyboard.type('abernaty')
  await expect(dialog.getByRole('status')).toContainText('for “abernathy”')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Search' })).toBeFocused()
})

// Each page and state loaded once, scanned at 390 px and, resized, at 1440 px.
test('axe finds nothing on /search, its results, no result, or the search dialog', async ({
  page,
}) => {
  test.slow()
  await page.setViewportSize({ width: WIDTHS[0], height: 900 })
  for (const path of ['/search', '/search?q=Abernathy', '/search?q=zzqxvw']) {
    await page.goto(path)
    await waitForHydration(page)
    await checkAtEachWidth(page, path)
  }
  await page.goto('/search?q=cuff')
  await waitForHydration(page)
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click()
  await page.getByRole('dialog').getByRole('searchbox').fill('cuff')
  await expect(page.getByRole('dialog').getByRole('status')).toContainText('results')
  await checkAtEachWidth(page, 'the search dialog')
})
