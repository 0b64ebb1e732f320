/**
 * The pages around the two forms (issue 9): the privacy notice, the newsletter's confirm and
 * unsubscribe pages (one button that posts natively to the page's own URL), the result pages
 * the server redirects to, and the forms themselves posting without JavaScript. Each runs with
 * JavaScript on and off: a visitor on a slow phone sees the page before hydration, which is the
 * no-JavaScript page.
 */
import { expect, type Page } from '@playwright/test'
import type { DefaultTreeAdapterTypes as Html } from 'parse5'
import { FORM_PAGES, servedPage, waitForHydration } from './helpers.ts'
import { test } from './shared-page.ts'

const isInside = (element: Html.Element, ancestor: Html.Element): boolean => {
  let node: Html.ParentNode | null = element.parentNode
  while (node && 'tagName' in node) {
    if (node === ancestor) return true
    node = node.parentNode
  }
  return false
}

async function open(page: Page, path: string, js: boolean) {
  await page.goto(path)
  if (js) await waitForHydration(page)
}

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    // Without JavaScript the page is its HTML: the parser's test below reads it. With it, the
    // pages are read one after another in a tab each worker keeps (e2e/shared-page.ts).
    if (js)
      for (const path of FORM_PAGES) {
        test(`${path} has its banner heading, noindex, and the site’s header and footer`, async ({
          visitorTab: page,
        }) => {
          await open(page, path, js)
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
          await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
          await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached()
          await expect(
            page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).last(),
          ).toHaveAttribute('href', '/privacy')
        })
      }

    test('the confirm page posts to its own URL, token included, and follows the server’s 303', async ({
      page,
    }) => {
      const posted: { url: string; method: string }[] = []
      // Stands in for the server's confirm route: records the request and redirects.
      await page.route('**/newsletter/confirm?token=*', async (route) => {
        if (route.request().method() !== 'POST') return route.continue()
        posted.push({ url: route.request().url(), method: route.request().method() })
        await route.fulfill({ status: 303, headers: { location: '/newsletter/confirmed' } })
      })
      await open(page, '/newsletter/confirm?token=abc-123', js)
      await expect(page.getByRole('main').getByText('About once a month')).toBeVisible()
      await page.getByRole('button', { name: 'Confirm my subscription' }).click()
      await expect(page).toHaveURL(/\/newsletter\/confirmed$/)
      await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible()
      expect(posted).toEqual([
        { url: expect.stringMatching(/\/newsletter\/confirm\?token=abc-123$/), method: 'POST' },
      ])
    })

    test('the unsubscribe page posts to its own URL and lands on the result page', async ({
      page,
    }) => {
      const posted: string[] = []
      await page.route('**/newsletter/unsubscribe?token=*', async (route) => {
        if (route.request().method() !== 'POST') return route.continue()
        posted.push(route.request().url())
        await route.fulfill({ status: 303, headers: { location: '/newsletter/unsubscribed' } })
      })
      await open(page, '/newsletter/unsubscribe?token=xyz', js)
      await page.getByRole('button', { name: 'Unsubscribe' }).click()
      await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/)
      await expect(page.getByText(/sign up again/i).first()).toBeVisible()
      expect(posted).toEqual([expect.stringMatching(/\/newsletter\/unsubscribe\?token=xyz$/)])
    })

    test('the privacy page is in the sitemap, linked beside both forms, and names the deletion address', async ({
      page,
      request,
    }) => {
      const sitemap = await (await request.get('/sitemap.xml')).text()
      expect(sitemap).toContain('/privacy</loc>')
      // No form page (noindex): the newsletter's archive is there, its confirmations are not.
      for (const formPage of FORM_PAGES) expect(sitemap).not.toContain(`${formPage}</loc>`)
      expect(sitemap).not.toContain('/contact/')
      expect(sitemap).toContain('/newsletter/archive</loc>')

      await open(page, '/contact', js)
      const form = page.getByRole('form', { name: 'Send us a message' })
      await expect(form.getByRole('link', { name: /how we handle/i })).toHaveAttribute(
        'href',
        '/privacy',
      )
      const newsletter = page.getByRole('region', { name: 'Newsletter' })
      await newsletter.getByRole('link', { name: 'Privacy' }).click()
      await expect(page).toHaveURL(/\/privacy$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible()
      for (const heading of [
        'What we keep',
        'How long we keep it',
        'Who sees it',
        'Leaving the newsletter',
        'Asking us to delete your details',
      ])
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
      await expect(
        page.getByRole('region', { name: 'Asking us to delete your details' }).getByRole('link'),
      ).toHaveAttribute('href', /^mailto:.+@.+/)
    })
  })
}

test.describe('JavaScript off, read by a parser', () => {
  for (const path of FORM_PAGES) {
    test(`${path} has its banner heading, noindex, and the site’s header and footer`, async ({
      request,
    }) => {
      const page = await servedPage(request, path)
      expect(page.status).toBe(200)
      expect(page.find('h1').filter((h1) => !page.hidden(h1))).toHaveLength(1)
      expect(page.find('meta', ['name', 'robots']).map((m) => page.attr(m, 'content'))).toEqual([
        'noindex',
      ])
      expect(page.find('nav', ['aria-label', 'Main'])).toHaveLength(1)
      const [footer] = page.find('footer')
      const privacy = page.elements.filter(
        (a) =>
          a.tagName === 'a' &&
          page.text(a).trim() === 'Privacy' &&
          footer !== undefined &&
          isInside(a, footer),
      )
      expect(privacy.length).toBeGreaterThan(0)
      expect(page.attr(privacy.at(-1)!, 'href')).toBe('/privacy')
    })
  }
})

test.describe('not-sent pages', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test('list every field’s rule, flag none, and link back to the form', async ({ page }) => {
      await page.goto('/contact/not-sent?fields=email&reason=rate-limit')
      const rules = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: /Required|Optional/ })
      await expect(rules).toHaveCount(4)
      await expect(page.getByText('Please check this one')).toHaveCount(0)
      await page.getByRole('link', { name: 'Back to the contact form' }).click()
      await expect(page).toHaveURL(/\/contact$/)
    })
  })

  test('with JavaScript, mark the fields and the rate limit the server named', async ({ page }) => {
    await page.goto('/contact/not-sent?fields=name,website&reason=rate-limit')
    await waitForHydration(page)
    const main = page.getByRole('main')
    const rule = (label: string) =>
      main.getByRole('listitem').filter({ hasText: new RegExp(`^${label}`) })
    await expect(rule('Name')).toContainText('Please check this one')
    await expect(rule('Website')).toContainText('Please check this one')
    await expect(rule('Email')).not.toContainText('Please check this one')
    await expect(rule('Message')).not.toContainText('Please check this one')
    await expect(main.getByText(/wait a few minutes/)).toContainText('Please check this one')

    await page.goto('/newsletter/not-sent?fields=email')
    await waitForHydration(page)
    await expect(rule('Your email address')).toContainText('Please check this one')
    await expect(main.getByText(/wait a few minutes/)).not.toContainText('Please check this one')
  })
})

/**
 * The forms posted by the browser itself (JavaScript off, or before hydration): the server
 * stores the submission and answers with a 303 to a result page (the consent-server half of
 * issue 9).
 */
test.describe('forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the contact form posts to the API and lands on “Response Submitted!”', async ({ page }) => {
    await page.goto('/contact')
    await page.getByLabel(/^Name/).fill('Rosa Delgado')
    await page.getByLabel(/^Email/).fill('rosa.delgado@example.org')
    await page
      .getByLabel(/^Message/)
      .fill('Could you run a storytelling workshop for our tenants’ union?')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page).toHaveURL(/\/contact\/sent$/)
    await expect(page.getByRole('heading', { name: 'Response Submitted!' })).toBeVisible()
  })

  test('a contact form the server refuses lands on the not-sent page with the rules', async ({
    page,
  }) => {
    await page.goto('/contact')
    await page.getByLabel(/^Name/).fill('Rosa Delgado')
    // Passes the browser's check, not the server's (no dot in the domain).
    await page.getByLabel(/^Email/).fill('rosa@localhost')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page).toHaveURL(/\/contact\/not-sent\?.*fields=email/)
    await expect(page.getByRole('heading', { name: 'Your message was not sent yet' })).toBeVisible()
  })

  test('the footer sign-up posts to the API and lands on a result page', async ({ page }) => {
    await page.goto('/articles')
    const footer = page.getByRole('contentinfo')
    await footer
      .getByRole('textbox', { name: 'Your email address' })
      .fill('no-js.reader@example.org')
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page).toHaveURL(/\/newsletter\/(check-your-inbox|subscribed)$/)
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      /Please check your inbox|Thank you for subscribing!/,
    )
  })
})
