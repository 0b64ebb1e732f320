/**
 * The contact form and the newsletter sign-up against the real server: what the visitor sees
 * stays as docs/requirements.md#forms describes (native checks, no navigation, the toast for 3 seconds
 * whatever the answer), and behind it the message reaches the API, or waits in the browser's
 * resend queue until it can.
 *
 * These tests send a few real submissions from 127.0.0.1; the web server of the e2e run should
 * allow more than the default 5 per 10 minutes (FORM_RATE_LIMIT_MAX, see
 * docs/forms-and-mail.md).
 */
import { expect, test, type Page } from '@playwright/test'
import { waitForHydration } from './helpers.ts'

const RESEND_QUEUE_KEY = 'docucommons:form-outbox'

async function openContact(page: Page) {
  await page.goto('/contact')
  await waitForHydration(page)
  return {
    name: page.getByLabel(/^Name/),
    email: page.getByLabel(/^Email/),
    website: page.getByLabel(/^Website/),
    message: page.getByLabel(/^Message/),
    send: page.getByRole('button', { name: 'Send message' }),
    toast: page.getByRole('status').filter({ hasText: 'Response Submitted!' }),
  }
}

const resendQueue = (page: Page) =>
  page.evaluate(
    (key) =>
      JSON.parse(localStorage.getItem(key) ?? '[]') as {
        id: string
        body: Record<string, unknown>
      }[],
    RESEND_QUEUE_KEY,
  )

// The contact form's tests are two describe() blocks of one title: what a submission shows, and
// the resend queue behind it.

// A valid message, the browser's checks and the server's field errors.
test.describe('contact form', () => {
  test('a valid message is stored (201), the form is cleared and the toast shows for 3 seconds without navigating', async ({
    page,
  }) => {
    // The page's clock is the test's to move: paused before the message is sent, so that the
    // toast's 3 seconds pass only when the test says, however long a slow machine takes to check
    // what happens meanwhile (with the clock running, a loaded machine had used up 2 s of them
    // between the toast appearing and the test reading when it did).
    await page.clock.install()
    const c = await openContact(page)
    await c.name.fill('Ada Brooks')
    await c.email.fill("ada.o'brien+docucommons@example.org")
    await c.website.fill('https://ada-brooks.example.org')
    await c.message.fill(
      'We would like to talk about a storytelling workshop for our youth centre.',
    )

    // The page notes when the toast appears and disappears, on its (installed) clock.
    await page.evaluate(() => {
      const times: number[] = []
      ;(window as unknown as { toastTimes: number[] }).toastTimes = times
      let shown = false
      new MutationObserver(() => {
        const now = document.body.innerText.includes('Response Submitted!')
        if (now !== shown) times.push(Date.now())
        shown = now
      }).observe(document.body, { childList: true, subtree: true, characterData: true })
    })
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/contact/') && r.request().method() === 'POST',
    )
    await c.send.click()
    await expect(c.toast).toBeVisible()
    const toastTimes = () =>
      page.evaluate(() => (window as unknown as { toastTimes: number[] }).toastTimes)
    const [shownAt] = await toastTimes()
    const response = await answered
    expect(response.status()).toBe(201)
    expect(await response.json()).toEqual({ ok: true })
    expect(response.request().postDataJSON()).toMatchObject({
      name: 'Ada Brooks',
      email: "ada.o'brien+docucommons@example.org",
      website: 'https://ada-brooks.example.org',
      fax: '',
      startedAt: expect.any(Number),
      submissionId: expect.any(String),
    })
    await expect(page).toHaveURL(/\/contact$/)
    await expect(c.name).toHaveValue('')
    await expect(c.email).toHaveValue('')
    await expect(c.message).toHaveValue('')

    // Still there just before its 3 seconds are up, gone just after.
    await page.clock.runFor(2_900)
    await expect(c.toast).toBeVisible()
    await page.clock.runFor(200)
    await expect(c.toast).toBeHidden()
    const [, hiddenAt] = await toastTimes()
    expect(hiddenAt! - shownAt!).toBeGreaterThanOrEqual(2_900)
    expect(hiddenAt! - shownAt!).toBeLessThanOrEqual(3_100)
    expect(await resendQueue(page)).toEqual([])
  })

  test('the browser’s own checks stop an invalid form: nothing is sent and no toast shows', async ({
    page,
  }) => {
    const c = await openContact(page)
    let requests = 0
    page.on('request', (r) => {
      if (r.url().includes('/api/contact')) requests += 1
    })
    await c.send.click()
    expect(await c.name.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true)
    await c.name.fill('Ada Brooks')
    await c.email.fill('not-an-address')
    await c.send.click()
    expect(await c.email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true)
    await c.email.fill('ada@example.org')
    await c.website.fill('not a url')
    await c.send.click()
    expect(await c.website.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true)
    await expect(c.toast).toHaveCount(0)
    expect(requests).toBe(0)
  })

  test('the server’s 400 shows field errors next to their fields, and the toast still shows', async ({
    page,
  }) => {
    const c = await openContact(page)
    await c.name.fill('Hana Whitecloud')
    // Both pass the browser's checks but not the server's: no dot in the domain, and not http(s).
    await c.email.fill('hana@localhost')
    await c.website.fill('ftp://files.example.org')
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/contact/'))
    await c.send.click()
    expect((await answered).status()).toBe(400)
    await expect(c.toast).toBeVisible()

    await expect(c.email).toHaveAttribute('aria-invalid', 'true')
    await expect(c.email).toHaveAccessibleDescription(/valid e-mail address/i)
    await expect(c.website).toHaveAttribute('aria-invalid', 'true')
    await expect(c.website).toHaveAccessibleDescription(/http:\/\/ or https:\/\//)
    await expect(c.name).not.toHaveAttribute('aria-invalid')
    await expect(c.email).toBeFocused()
    await expect(c.email).toHaveValue('hana@localhost')
    expect(await resendQueue(page)).toEqual([])

    await c.email.fill('hana@example.org')
    await expect(c.email).not.toHaveAttribute('aria-invalid')
    await expect(c.website).toHaveAttribute('aria-invalid', 'true')
  })
})

// A message the server could not take, or written offline, waits in the resend queue.
test.describe('contact form', () => {
  test('a message the server could not take waits in the resend queue and is delivered on the next visit', async ({
    page,
  }) => {
    const c = await openContact(page)
    await page.route('**/api/contact/', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"Service Unavailable","message":"down"}',
      }),
    )
    await c.name.fill('Lorraine Mitchell')
    await c.email.fill('lorraine@example.org')
    await c.message.fill('Saved while the server was down.')
    await c.send.click()
    await expect(c.toast).toBeVisible()
    await expect.poll(() => resendQueue(page)).toHaveLength(1)
    const [saved] = await resendQueue(page)
    expect(saved!.body).toMatchObject({
      name: 'Lorraine Mitchell',
      message: 'Saved while the server was down.',
    })

    // The server is back; the visitor comes back later (here: to the home page).
    await page.unroute('**/api/contact/')
    const delivered = page.waitForResponse(
      (r) => r.url().endsWith('/api/contact/') && r.request().method() === 'POST',
    )
    await page.goto('/')
    const response = await delivered
    expect(response.status()).toBe(201)
    expect(response.request().postDataJSON()).toMatchObject({
      submissionId: saved!.id,
      message: 'Saved while the server was down.',
    })
    await expect.poll(() => resendQueue(page)).toEqual([])
  })

  test('a message written offline is sent when the browser is back online', async ({
    page,
    context,
  }) => {
    const c = await openContact(page)
    await context.setOffline(true)
    await c.name.fill('Terrence Hollis')
    await c.email.fill('terrence@example.org')
    await c.send.click()
    await expect(c.toast).toBeVisible()
    await expect.poll(() => resendQueue(page)).toHaveLength(1)
    const [saved] = await resendQueue(page)

    // Answer the resend here so this test does not spend the rate limit the others use.
    const resent = new Promise<Record<string, unknown>>((resolve) =>
      page.route('**/api/contact/', async (route) => {
        resolve(route.request().postDataJSON())
        await route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true}' })
      }),
    )
    await context.setOffline(false)
    expect(await resent).toMatchObject({ submissionId: saved!.id, name: 'Terrence Hollis' })
    await expect.poll(() => resendQueue(page)).toEqual([])
    await expect(page).toHaveURL(/\/contact$/)
  })
})

test.describe('newsletter sign-up', () => {
  test('signs up from the footer and announces the result', async ({ page }) => {
    await page.goto('/about')
    await waitForHydration(page)
    const footer = page.getByRole('contentinfo')
    const email = footer.getByRole('textbox', { name: 'Your email address' })
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true)

    await email.fill('Reader.One@Example.org')
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/newsletter/subscribe/'))
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    expect((await answered).status()).toBe(201)
    await expect(footer.getByRole('status').filter({ hasText: /thank you/i })).toBeVisible()
    await expect(email).toHaveValue('')
    await expect(page).toHaveURL(/\/about$/)
  })

  test('shows the server’s error for an address the browser accepts but the server does not', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    const footer = page.getByRole('contentinfo')
    const email = footer.getByRole('textbox', { name: 'Your email address' })
    await email.fill('reader@localhost')
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription(/valid e-mail address/i)
  })

  test('a confirmation link from an older mail opens the confirm page and confirms nothing', async ({
    page,
  }) => {
    await page.goto('/api/newsletter/confirm?token=not-a-real-token')
    await expect(page).toHaveURL(/\/newsletter\/confirm\?token=not-a-real-token$/)
  })
})
