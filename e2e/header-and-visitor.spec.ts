import { expect, test } from '@playwright/test'
import { becomeMember, waitForHydration } from './helpers.ts'

test.describe('header and footer', () => {
  test('anonymous visitors: nav items in order, social icons, Get Access', async ({ page }) => {
    await page.goto('/about')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText(['Home', 'About Us', 'Articles', 'Contact Us'])
    await expect(page.getByRole('link', { name: 'DocuCommons home' })).toHaveAttribute('href', '/')
    const header = page.getByRole('banner')
    for (const name of ['Facebook', 'Twitter', 'Instagram', 'LinkedIn', 'YouTube']) {
      await expect(header.getByRole('link', { name: new RegExp(`^${name}`) }).first()).toBeVisible()
    }
    const getAccess = header.getByRole('link', { name: 'Get Access' }).first()
    await expect(getAccess).toBeVisible()
    await expect(getAccess).toHaveAttribute('href', /^https:\/\/dashboard\./)
    await expect(page.getByRole('link', { name: 'My Module' })).toHaveCount(0)
  })

  test('members see My Module after About Us, linking to the dashboard courses', async ({
    page,
    context,
    baseURL,
  }) => {
    await becomeMember(context, baseURL)
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'About Us',
      'My Module',
      'Articles',
      'Contact Us',
    ])
    await expect(nav.getByRole('link', { name: 'My Module' })).toHaveAttribute('href', /\/courses$/)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Access' })).toHaveCount(0)
  })

  test('the visitor state is applied before any JavaScript bundle runs (no flash)', async ({
    page,
    context,
    baseURL,
  }) => {
    await becomeMember(context, baseURL)
    // Block the app's bundles: only the inline head script can act.
    await page.route('**/assets/**/*.js', (route) => route.abort())
    await page.goto('/about')
    await expect(page.locator('html')).toHaveAttribute('data-visitor', 'member')
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Module' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: /^Content/ }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: /^Join/ })).toHaveCount(0)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Access' })).toHaveCount(0)
  })

  test('About buttons read Join for anonymous visitors and Content for members', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/about')
    await expect(page.getByRole('link', { name: /^Join/ })).toHaveCount(4)
    await expect(page.getByRole('link', { name: /^Content/ })).toHaveCount(0)
    await becomeMember(context, baseURL)
    await page.reload()
    await expect(page.getByRole('link', { name: /^Content/ })).toHaveCount(4)
    await expect(page.getByRole('link', { name: /^Join/ })).toHaveCount(0)
  })

  test('footer: description, contact details, quick links and the current year', async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date('2031-06-01T12:00:00Z'))
    await page.goto('/')
    await waitForHydration(page)
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('Kansas City, Missouri')
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1)
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1)
    const quick = footer.getByRole('navigation', { name: 'Quick links' })
    await expect(quick.getByRole('link')).toHaveText(['About', 'Article', 'Contact', 'Get Access'])
    // The page was prerendered earlier, but the visitor's year wins.
    await expect(footer).toContainText('© 2031')
  })
})

/**
 * A slow connection paints the header while it is still being parsed: a frame may hold the logo
 * and the navigation without the actions, or the actions' first link without the rest. What a
 * frame shows must not move when the rest arrives (in a row that shared out its free space, the
 * navigation moved 170 px when the social links and Get Access arrived). The test takes the
 * parsed header apart from its end, as the parser would have had it, and compares.
 */
test.describe('the header parsed in parts', () => {
  for (const member of [false, true])
    for (const width of [390, 1440])
      test(`${member ? 'a member' : 'a visitor'} at ${width} px: nothing painted moves when the rest arrives`, async ({
        page,
        context,
        baseURL,
      }) => {
        if (member) await becomeMember(context, baseURL)
        await page.setViewportSize({ width, height: 800 })
        await page.goto('/listen')
        const moved = await page.evaluate(() => {
          const header = document.querySelector('header')!
          const row = header.firstElementChild!
          // What paints: elements without element children (icons' shapes, links' text), as
          // the browser's layout-shift sources are; the boxes around them only hold them.
          const shown = () =>
            [...row.querySelectorAll('*')]
              .filter(
                (element) => element.children.length === 0 && element.getClientRects().length > 0,
              )
              .map((element) => {
                const box = element.getBoundingClientRect()
                return [element, `${Math.round(box.x)},${Math.round(box.y)}`] as const
              })
          const whole = new Map(shown())
          const problems: string[] = []
          // Every element in document order, from the last: removing it and all after it leaves
          // the header as the parser had it just before that element.
          const order = [...row.querySelectorAll('*')]
          for (let at = order.length - 1; at > 0; at--) {
            const cut = order[at]!
            for (const later of order.slice(at)) later.remove()
            for (const [element, place] of shown()) {
              const before = whole.get(element)
              if (before && before !== place)
                problems.push(
                  `without ${cut.tagName.toLowerCase()}.${cut.getAttribute('class') ?? ''}: ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} at ${place}, not ${before}`,
                )
            }
            if (problems.length > 0) break
          }
          return problems
        })
        expect(moved).toEqual([])
      })
})

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('opens and closes by keyboard, traps focus and locks the page', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const button = page.getByRole('button', { name: 'Open menu' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await button.focus()
    await page.keyboard.press('Enter')
    const closeButton = page.getByRole('button', { name: 'Close menu' })
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true')
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await expect(dialog).toBeVisible()
    // Focus moved into the panel and stays there.
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    )
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      'hidden',
    )
  })

  test('a link in the panel navigates and closes it', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Articles' }).click()
    await expect(page).toHaveURL(/\/articles$/)
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  })
})

test.describe('mobile menu without JavaScript', () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })

  test('opens, closes and navigates as the target of plain links', async ({ page }) => {
    await page.goto('/about')
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await expect(dialog).toBeHidden()
    await page.getByRole('link', { name: 'Open menu' }).click()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Articles' })).toBeInViewport()
    await page.getByRole('link', { name: 'Close menu' }).click()
    await expect(dialog).toBeHidden()

    await page.getByRole('link', { name: 'Open menu' }).click()
    await dialog.getByRole('link', { name: 'Articles' }).click()
    await expect(page).toHaveURL(/\/articles$/)
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
  })
})

test.describe('mobile menu once hydrated', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the no-JavaScript links give way to the React button', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expect(page.getByRole('link', { name: 'Open menu' })).toBeHidden()
    await expect(page.getByRole('link', { name: 'Close menu' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
  })
})
