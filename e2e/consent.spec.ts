/**
 * The newsletter's consent journey end to end (issue 9), against the real server and a loopback
 * SMTP server: sign up in the footer, receive the confirmation mail, open its link (a link
 * scanner's GET confirms nothing), press Confirm, then leave with the mail's one-click
 * unsubscribe (RFC 8058) and receive nothing more.
 *
 * The SMTP server listens on E2E_SMTP_PORT (e2e/ports.ts), where playwright.config.ts points the
 * site's SMTP_URL; the tests here share it, so they run one after another.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'
import { waitForHydration } from './helpers.ts'
import { E2E_SMTP_PORT } from './ports.ts'

// Whole journeys with mail round trips: longer than one page's test.
test.describe.configure({ mode: 'serial', timeout: 270_000 })

let smtp: TestSmtpServer
test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT)
})
test.afterAll(async () => {
  await smtp?.stop()
})

/**
 * A link from a mail, on this test server: mail links start with the build's PUBLIC_SITE_URL
 * (playwright.config.ts), which need not be the address the tests serve on.
 */
function onThisServer(link: string, baseURL: string | undefined) {
  const url = new URL(link)
  return new URL(url.pathname + url.search, baseURL).href
}

const mailTo = (address: string) =>
  smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()))

async function firstMailTo(address: string) {
  await expect.poll(() => mailTo(address).length, { timeout: 60_000 }).toBeGreaterThan(0)
  return mailTo(address)[0]!
}

async function signUpInFooter(page: Page, address: string) {
  await page.goto('/articles')
  await waitForHydration(page)
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('textbox', { name: 'Your email address' }).fill(address)
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await expect(footer.getByRole('status').filter({ hasText: /check your inbox/i })).toBeVisible()
}

/** Opens every link of a mail the way a mail security scanner does: a plain GET, nothing else. */
async function scanLinks(request: APIRequestContext, text: string, baseURL: string | undefined) {
  for (const link of text.match(/https?:\/\/[^\s<>]+/g) ?? []) {
    const url = onThisServer(link, baseURL)
    const response = await request.get(url, { maxRedirects: 5 })
    expect(response.status(), url).toBeLessThan(500)
  }
}

test('sign up, confirm by pressing the button, then leave in one click and receive nothing more', async ({
  page,
  request,
  baseURL,
}) => {
  const address = `reader.${Date.now()}@example.org`
  await signUpInFooter(page, address)

  const confirmation = await firstMailTo(address)
  const found = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(confirmation.text)?.[0]
  expect(found, confirmation.text).toBeTruthy()
  const link = onThisServer(found!, baseURL)

  // A scanner opening every link confirms nobody: pressing the button afterwards is what
  // confirms, for the first time.
  await scanLinks(request, confirmation.text, baseURL)

  await page.goto(link)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your subscription' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page).toHaveURL(/\/newsletter\/confirmed$/)
  await expect(page.getByRole('heading', { name: 'You are on the list. Thank you!' })).toBeVisible()

  // The same link again: already confirmed.
  await page.goto(link)
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page).toHaveURL(/\/newsletter\/already-confirmed$/)

  // RFC 8058: List-Unsubscribe carries an https (here: the test site's http) URL and a mailto;
  // a POST of "List-Unsubscribe=One-Click" to the URL unsubscribes at once.
  const listUnsubscribe = confirmation.headers.get('list-unsubscribe') ?? ''
  expect(confirmation.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
  expect(listUnsubscribe).toMatch(/<mailto:[^>]+>/)
  const oneClick = /<(https?:\/\/[^>]+)>/.exec(listUnsubscribe)?.[1]
  expect(oneClick, listUnsubscribe).toBeTruthy()
  const unsubscribed = await request.post(onThisServer(oneClick!, baseURL), {
    form: { 'List-Unsubscribe': 'One-Click' },
    maxRedirects: 0,
  })
  expect(unsubscribed.status()).toBeLessThan(400)

  // Confirming with the old link does not bring the address back.
  await page.goto(link)
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page).not.toHaveURL(/\/newsletter\/confirmed$/)

  // Nothing more reaches the address: a later sign-up of someone else goes through the same
  // resend queue, and once its mail has arrived, anything queued for the address before it has too.
  const sentinel = `sentinel.${Date.now()}@example.org`
  await signUpInFooter(page, sentinel)
  await firstMailTo(sentinel)
  expect(mailTo(address)).toHaveLength(1)

  // Until the reader signs up again, which starts a new double opt-in with a new link (an
  // address still on the list would get no mail at all).
  await signUpInFooter(page, address)
  await expect.poll(() => mailTo(address).length, { timeout: 60_000 }).toBe(2)
  expect(mailTo(address)[1]!.text).not.toContain(new URL(link).search)
})

test('the unsubscribe link in a mail opens a page whose button unsubscribes', async ({
  page,
  request,
  baseURL,
}) => {
  const address = `leaver.${Date.now()}@example.org`
  await signUpInFooter(page, address)
  const confirmation = await firstMailTo(address)
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(confirmation.text)![0]
  await page.goto(onThisServer(link, baseURL))
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page).toHaveURL(/\/newsletter\/confirmed$/)

  // The page link in the text, or the List-Unsubscribe URL opened in a browser: both lead to
  // the page with the button.
  const unsubscribePage =
    /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/.exec(confirmation.text)?.[0] ??
    /<(https?:\/\/[^>]+)>/.exec(confirmation.headers.get('list-unsubscribe') ?? '')?.[1]
  expect(unsubscribePage, confirmation.text).toBeTruthy()
  // Opening it (as a scanner would) changes nothing; the button does.
  await request.get(onThisServer(unsubscribePage!, baseURL))
  await page.goto(onThisServer(unsubscribePage!, baseURL))
  await expect(page).toHaveURL(/\/newsletter\/unsubscribe\?token=/)
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/)
  await expect(page.getByRole('heading', { name: 'You are off the list' })).toBeVisible()
})
