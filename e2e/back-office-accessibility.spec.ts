/**
 * Every page of the back office, at 390 and 1440 px, has no WCAG 2.2 A/AA violation that axe can
 * find: the sign-in and invitation pages, each administrator page with data in it (a message, a
 * subscriber), one message, the editor's refusal page, and the dialogs that ask before erasing or
 * removing. And every page works with the keyboard alone: the tests reach each control by Tab.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import {
  addVirtualAuthenticator,
  adminBrowser,
  inviteFromCommand,
  signedInStaff,
} from './back-office-helpers.ts'
import { axeViolations, checkAtEachWidth, WIDTHS } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

test.use(adminBrowser)

/** Something to show: a message and a newsletter address, sent as a visitor would. */
async function seed(stamp: number) {
  const site = `http://127.0.0.1:${E2E_PORT}`
  const answers = await Promise.all([
    fetch(`${site}/api/contact/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Rosa Delgado ${stamp}`,
        email: `rosa.${stamp}@example.org`,
        website: 'https://rosa-delgado.example.org',
        message: 'We run a tenants’ association and would like to film our meetings.\nCan we talk?',
      }),
    }),
    fetch(`${site}/api/newsletter/subscribe/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `reader.${stamp}@example.org` }),
    }),
  ])
  for (const answer of answers) expect(answer.status).toBe(201)
}

/** Opens each page, waits for its heading, and checks it at each width. */
async function checkPages(page: Page, pages: readonly (readonly [string, string | RegExp])[]) {
  for (const [path, heading] of pages) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await checkAtEachWidth(page, path, { fits: true })
  }
}

test.describe(`back office at ${WIDTHS.join(' and ')} px`, () => {
  test.use({ viewport: { width: WIDTHS[0], height: 900 } })
  // Each test scans its pages at both widths: three times the default minute.
  test.beforeEach(() => test.slow())

  test('the pages before signing in have no WCAG 2.2 A/AA violations', async ({
    page,
    context,
  }) => {
    await page.goto('/admin/sign-in')
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible()
    await checkAtEachWidth(page, 'sign-in')
    await page.goto(inviteFromCommand(`guest-${Date.now()}@example.org`, 'editor'))
    await expect(page.getByRole('button', { name: 'Create my passkey' })).toBeVisible()
    await checkAtEachWidth(page, 'invitation')
    // A new tab (the invitation page keeps its token for this tab only) without the link's token.
    const bare = await context.newPage()
    await bare.goto('/admin/welcome')
    await expect(bare.getByText('This page needs the whole link')).toBeVisible()
    await checkAtEachWidth(bare, 'invitation without its token')
  })

  // Each test within its own timeout: the administrator's pages, then the states inside them.
  test('every administrator page has no WCAG 2.2 A/AA violations', async ({ page }) => {
    await seed(Date.now())
    await signedInStaff(page, 'admin')
    await checkPages(page, [
      ['/admin', /^Hello,/],
      ['/admin/messages', 'Messages'],
      ['/admin/messages?filter=spam', 'Messages'],
      ['/admin/subscribers?status=all', 'Subscribers'],
      ['/admin/forget', 'Forget a person'],
      ['/admin/staff', 'Staff'],
      ['/admin/audit', 'Audit log'],
      ['/admin/account', 'Your account'],
      ['/admin/no-such-page', 'Not found'],
    ])
  })

  test('one message, a toast, the menu and the dialogs have no WCAG 2.2 A/AA violations', async ({
    page,
  }) => {
    const stamp = Date.now()
    await seed(stamp)
    await signedInStaff(page, 'admin')
    await page.goto(`/admin/messages?q=${stamp}`)
    await page.getByRole('link', { name: new RegExp(`Rosa Delgado ${stamp}`) }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: `Rosa Delgado ${stamp}` }),
    ).toBeVisible()
    await checkAtEachWidth(page, 'one message')

    // A toast shown, then the menu open (it is there below 1024 px), and each confirmation
    // dialog open.
    await page.getByRole('button', { name: 'Mark as handled' }).click()
    await expect(page.getByRole('status')).toContainText('Marked as handled.')
    await checkAtEachWidth(page, 'toast')
    await page.getByRole('button', { name: 'Menu' }).click()
    expect(await axeViolations(page), `menu at ${WIDTHS[0]} px`).toEqual([])

    await page.goto('/admin/forget')
    await page.getByLabel('E-mail address').fill(`rosa.${stamp}@example.org`)
    await page.getByRole('button', { name: 'Find their data' }).click()
    await page.getByRole('button', { name: 'Erase 1 record' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await checkAtEachWidth(page, 'erasure dialog')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()

    await page.goto('/admin/staff')
    await page.getByLabel('E-mail address').fill(`colleague.${stamp}@example.org`)
    await page.getByRole('button', { name: 'Invite', exact: true }).click()
    await expect(page.getByTestId('invitation-link')).toBeVisible()
    await checkAtEachWidth(page, 'invitation link', { fits: true })

    await page.goto('/admin/subscribers?status=all')
    await page.getByRole('button', { name: new RegExp(`Unsubscribe reader\\.${stamp}`) }).click()
    await checkAtEachWidth(page, 'unsubscribe dialog')
  })

  test('the articles and their editor have no WCAG 2.2 A/AA violations', async ({ page }) => {
    await signedInStaff(page, 'editor')
    await checkPages(page, [
      ['/admin/articles', 'Articles'],
      ['/admin/articles?status=draft', 'Articles'],
      ['/admin/articles/new', 'New article'],
      ['/admin/articles/marisol-vega', 'Before the First Brushstroke, She Knocks on Every Door'],
      ['/admin/articles/marisol-vega/history', /^History: /],
    ])
  })

  test('the pages, the settings and the media library have no WCAG 2.2 A/AA violations', async ({
    page,
  }) => {
    await signedInStaff(page, 'editor')
    await checkPages(page, [
      ['/admin/pages', 'Pages and settings'],
      ['/admin/pages/home', 'Home'],
      ['/admin/pages/articles', /^Articles page/],
      ['/admin/pages/settings', /^Site settings/],
      ['/admin/pages/consent', 'Form and newsletter pages'],
      ['/admin/media', 'Media library'],
    ])
  })

  test("the article editor's dialogs have no WCAG 2.2 A/AA violations", async ({ page }) => {
    await signedInStaff(page, 'editor')
    // Unpublish, address, a picture, its upload form, a link, a photo.
    await page.goto('/admin/articles/marisol-vega')
    await page.getByRole('button', { name: 'Unpublish' }).click()
    await checkAtEachWidth(page, 'unpublish dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Change address' }).click()
    await expect(page.getByRole('dialog', { name: 'Change the address' })).toBeVisible()
    await checkAtEachWidth(page, 'address dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Change picture for Cover' }).click()
    const picker = page.getByRole('dialog', { name: 'Choose: Cover' })
    await expect(picker.getByRole('list', { name: 'Pictures' })).toBeVisible()
    await checkAtEachWidth(page, 'picture dialog')
    await picker.getByRole('button', { name: 'Upload a new picture' }).click()
    await checkAtEachWidth(page, 'upload form')
    await page.keyboard.press('Escape')
    await page.getByRole('textbox', { name: 'Article text' }).click()
    await page.keyboard.press('Control+k')
    await expect(page.getByRole('dialog', { name: 'Add a link' })).toBeVisible()
    await checkAtEachWidth(page, 'link dialog')
    await page.keyboard.press('Escape')
    await page.goto('/admin/articles/new')
    await page.getByRole('textbox', { name: 'Article text' }).click()
    await page.getByRole('button', { name: 'Photo', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Choose a picture' })).toBeVisible()
    await checkAtEachWidth(page, 'photo picker')
  })

  test("an editor's pages, the refusal included, have no WCAG 2.2 A/AA violations", async ({
    page,
  }) => {
    await signedInStaff(page, 'editor')
    await checkAtEachWidth(page, 'overview')
    await page.goto('/admin/messages')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Not available to you' }),
    ).toBeVisible()
    await checkAtEachWidth(page, 'refused')
  })
})

test('the back office works with the keyboard alone', async ({ page }) => {
  const stamp = Date.now()
  await seed(stamp)
  await addVirtualAuthenticator(page)
  await page.goto(inviteFromCommand(`keys-${stamp}@example.org`, 'admin'))
  await expect(page.getByRole('button', { name: 'Create my passkey' })).toBeVisible()
  // Tab to the button and press Enter: no mouse anywhere below.
  const tabTo = async (name: string | RegExp, role: 'button' | 'link' = 'button') => {
    const target = page.getByRole(role, { name }).first()
    for (let i = 0; i < 40; i++) {
      if (await target.evaluate((element) => element === document.activeElement)) return
      await page.keyboard.press('Tab')
    }
    throw new Error(`could not reach ${String(name)} with Tab`)
  }
  await tabTo('Create my passkey')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible()
  await tabTo('Messages', 'link')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeFocused()
  await tabTo(new RegExp(`Rosa Delgado ${stamp}`), 'link')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: `Rosa Delgado ${stamp}` })).toBeFocused()
  await tabTo('Mark as handled')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status')).toContainText('Marked as handled.')
  await tabTo('Spam')
  await page.keyboard.press('Space')
  await expect(page.getByRole('status')).toContainText('Moved to spam.')
})

/** Presses Tab until the element has focus (at most 60 times). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`could not reach ${target.toString()} with Tab`)
}

test('an article is written with the keyboard alone: fields, text, toolbar and a link', async ({
  page,
}) => {
  await signedInStaff(page, 'editor')
  await page.goto('/admin/articles/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible()
  await tabTo(page, page.getByLabel('Headline'))
  await page.keyboard.type('Keys Only')
  const text = page.getByRole('textbox', { name: 'Article text' })
  await tabTo(page, text)
  await page.keyboard.type('Typed without a mouse. ')

  // Alt+F10 reaches the toolbar; the arrow keys move along it; Escape goes back to the text.
  await page.keyboard.press('Alt+F10')
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' })
  await expect(toolbar.getByRole('button', { name: 'Heading', exact: true })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  const bold = toolbar.getByRole('button', { name: 'Bold' })
  await expect(bold).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(text).toBeFocused()
  await expect(bold).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.type('Bold words.')
  await expect(text.locator('strong')).toHaveText('Bold words.')
  await page.keyboard.press('Alt+F10')
  await expect(bold).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(text).toBeFocused()

  // Ctrl+K: a link, refused when it may not be one, then placed.
  await page.keyboard.press('Control+b')
  await page.keyboard.type(' ')
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog', { name: 'Add a link' })
  await expect(dialog.getByLabel('Link text')).toBeFocused()
  await page.keyboard.type('our site')
  await page.keyboard.press('Tab')
  await page.keyboard.type('javascript:alert(1)')
  await page.keyboard.press('Enter')
  await expect(dialog.getByText(/This kind of address is not allowed/)).toBeVisible()
  await dialog.getByLabel('Address').fill('/about')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(text.getByRole('link', { name: 'our site' })).toHaveAttribute('href', '/about')
  await expect(text).toBeFocused()

  // Tab leaves the text (no trap), to the fields below it.
  await page.keyboard.press('Tab')
  await expect(text).not.toBeFocused()
})
