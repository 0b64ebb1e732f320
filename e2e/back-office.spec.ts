/**
 * The back office in Chromium with a virtual passkey authenticator (the DevTools protocol's
 * WebAuthn domain): an administrator invited from the command registers a passkey, signs in,
 * reads a message a visitor sent through the public contact form, marks it handled, downloads the
 * inbox as CSV, invites an editor, forgets a person, reads the audit log and signs out; the
 * editor is refused every administrator page and API.
 */
import fs from 'node:fs'
import { expect, test, type Browser, type Page } from '@playwright/test'
import {
  acceptInvitation,
  ADMIN_BASE,
  addVirtualAuthenticator,
  adminBrowser,
  backOfficeMenu,
  inviteFromCommand,
} from './back-office-helpers.ts'
import { waitForHydration } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

test.use(adminBrowser)

const ADMIN_PAGES = ['/messages', '/subscribers', '/forget', '/staff', '/audit']
const SOME_ID = '01900000-0000-7000-8000-000000000000'
/** Every administrator-only route of the API (the table test in server/ walks all of them). */
const ADMIN_API: [method: string, path: string][] = [
  ['GET', '/staff'],
  ['POST', '/staff'],
  ['PATCH', `/staff/${SOME_ID}`],
  ['DELETE', `/staff/${SOME_ID}`],
  ['POST', `/staff/${SOME_ID}/link`],
  ['GET', '/audit'],
  ['GET', '/messages'],
  ['GET', '/messages/export.csv'],
  ['GET', `/messages/${SOME_ID}`],
  ['POST', `/messages/${SOME_ID}/handled`],
  ['POST', `/messages/${SOME_ID}/spam`],
  ['POST', `/messages/${SOME_ID}/send-again`],
  ['GET', '/subscribers'],
  ['GET', '/subscribers/export.csv'],
  ['POST', `/subscribers/${SOME_ID}/unsubscribe`],
  ['GET', '/erasure'],
  ['POST', '/erasure/preview'],
  ['POST', '/erasure'],
]

/** A visitor sends a message through the public contact form (on the site, not the back office). */
async function sendContactMessage(page: Page, name: string, email: string, text: string) {
  await page.goto(`http://127.0.0.1:${E2E_PORT}/contact`)
  await waitForHydration(page)
  await page.getByLabel(/^Name/).fill(name)
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel(/^Message/).fill(text)
  const stored = page.waitForResponse(
    (r) => r.url().endsWith('/api/contact/') && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Send message' }).click()
  expect((await stored).status()).toBe(201)
}

type Visitor = { name: string; email: string }

/**
 * Script errors and policy violations (CSP, Trusted Types) on the page, gathered into the list it
 * returns; the 401 and 403 answers the back office gives on purpose are logged by Chromium as
 * failed resources, which are left out.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Invited from the command; the link registers a passkey in this browser, then signs in with it. */
async function registerAndSignIn(page: Page, stamp: number) {
  const authenticator = await addVirtualAuthenticator(page)
  await acceptInvitation(page, inviteFromCommand(`director.${stamp}@example.org`, 'admin'))
  await expect(page.getByRole('status')).toContainText('Your passkey is ready')
  expect(await authenticator.credentials()).toHaveLength(1)

  // Signing out and in again: the passkey is all it takes.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await page.goto('/admin/messages')
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fmessages$/)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
}

/** The visitor's message, newest first; opened, then marked handled. */
async function handleMessage(page: Page, visitor: Visitor) {
  await page.getByRole('link', { name: new RegExp(visitor.name) }).click()
  await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible()
  await expect(page.getByText('oral histories from longtime neighbours')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
    'href',
    `mailto:${visitor.email}?subject=Re%3A%20your%20message%20to%20DocuCommons`,
  )
  await page.getByRole('button', { name: 'Mark as handled' }).click()
  await expect(page.getByRole('status')).toContainText('Marked as handled.')
  await expect(page.getByRole('button', { name: 'Mark as new' })).toBeVisible()
}

/** The handled view, downloaded as CSV. */
async function downloadHandled(page: Page, visitor: Visitor) {
  await page.getByRole('link', { name: '← All messages' }).click()
  await page.getByRole('link', { name: /^Handled/ }).click()
  await expect(page.getByRole('link', { name: new RegExp(visitor.name) })).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: /Download CSV/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^messages-handled-\d{4}-\d\d-\d\d\.csv$/)
  const csv = fs.readFileSync((await download.path())!, 'utf8')
  expect(csv.split('\r\n')[0]).toBe(
    'id,receivedAt,name,email,website,message,spam,spamReason,checkReason,deliveryStatus,deliveryAttempts,nextAttemptAt,lastError,deliveredAt,handledAt',
  )
  expect(csv).toContain(`${visitor.name},${visitor.email}`)
}

/** An editor is invited from the Staff page; returns their invitation link. */
async function inviteEditor(page: Page, stamp: number): Promise<string> {
  await backOfficeMenu(page, 'Staff')
  await page.getByLabel('E-mail address').fill(`editor.${stamp}@example.org`)
  await page.getByRole('radio', { name: /^Editor/ }).check()
  await page.getByRole('button', { name: 'Invite', exact: true }).click()
  await expect(page.getByRole('status')).toContainText(`editor.${stamp}@example.org is invited`)
  const editorLink = (await page.getByTestId('invitation-link').textContent())!
  expect(editorLink.startsWith(`${ADMIN_BASE}/admin/welcome#token=`)).toBe(true)
  // A role changes only once confirmed: the question says what it grants; Cancel changes nothing.
  const role = page.getByLabel(`Role of editor.${stamp}@example.org`)
  await role.selectOption('admin')
  const question = page.getByRole('dialog', { name: 'Make this person an administrator?' })
  await expect(question).toContainText('invite and remove staff')
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(question).toBeHidden()
  await expect(role).toHaveValue('editor')
  return editorLink
}

/** The visitor asks to be forgotten. */
async function forgetVisitor(page: Page, visitor: Visitor) {
  await backOfficeMenu(page, 'Forget a person')
  await page.getByLabel('E-mail address').fill(visitor.email)
  await page.getByRole('button', { name: 'Find their data' }).click()
  await expect(
    page.getByRole('heading', { name: `Stored for ${visitor.email}: 1 record` }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Erase 1 record' }).click()
  const dialog = page.getByRole('dialog', { name: "Erase this person's data?" })
  await dialog.getByLabel('Type the address again to confirm').fill(visitor.email)
  await dialog.getByRole('button', { name: 'Erase for good' }).click()
  await expect(page.getByRole('status')).toContainText('Erased 1 record.')
  await page.getByLabel('E-mail address').fill(visitor.email)
  await page.getByRole('button', { name: 'Find their data' }).click()
  await expect(
    page.getByRole('heading', { name: `Nothing is stored for ${visitor.email}` }),
  ).toBeVisible()
}

/** The audit log tells what happened, naming the erased person by hash only. */
async function readAuditLog(page: Page, visitor: Visitor) {
  await backOfficeMenu(page, 'Audit log')
  const log = page.getByRole('list', { name: 'Audit entries, newest first' })
  for (const text of [
    /erased a person's data: 1 contact message \(address hash [0-9a-f]{12}…\)/,
    /invited editor\.\d+@example\.org as editor/,
    /exported \d+ contact messages? as CSV \(view: handled\)/,
    /marked contact message [0-9a-f-]{36} handled/,
    /signed in/,
  ])
    await expect(log.getByText(text).first()).toBeVisible()
  await expect(log).not.toContainText(visitor.email)
  await expect(log).not.toContainText(visitor.name)
  await page.getByLabel('Action').selectOption('erasure')
  await expect(page).toHaveURL(/action=erasure/)
  await expect(log.getByRole('listitem').first()).toContainText("erased a person's data")
}

/** Signing out leaves the back office's pages behind the sign-in. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('You have signed out.')).toBeVisible()
  await page.goto('/admin/audit')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
}

/** The editor: their own browser and passkey; every administrator page and API refused. */
async function editorIsRefused(browser: Browser, editorLink: string) {
  const editor = await browser.newPage()
  await addVirtualAuthenticator(editor)
  await acceptInvitation(editor, editorLink)
  const menu = editor.getByRole('navigation', { name: 'Back office' })
  await expect(menu.getByRole('link')).toHaveText([
    'Overview',
    'Newsletter',
    'Articles',
    'Podcast',
    'Pages and settings',
    'Media library',
    'Your account',
  ])
  for (const path of ADMIN_PAGES) {
    const response = await editor.goto(`/admin${path}`)
    expect(response?.status(), path).toBe(403)
    await expect(
      editor.getByRole('heading', { level: 1, name: 'Not available to you' }),
    ).toBeVisible()
  }
  const statuses = await editor.evaluate(async (routes) => {
    const answers: string[] = []
    for (const [method, path] of routes) {
      const response = await fetch(`/admin/api${path}`, {
        method,
        headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      })
      answers.push(`${method} ${path} ${response.status}`)
    }
    return answers
  }, ADMIN_API)
  expect(statuses).toEqual(ADMIN_API.map(([method, path]) => `${method} ${path} 403`))
  await editor.close()
}

test('an administrator invited from the command runs the inbox, invites an editor, forgets a person and signs out', async ({
  page,
  browser,
}) => {
  test.slow()
  const errors = collectErrors(page)

  const stamp = Date.now()
  const visitor = { name: `Noor Haddad ${stamp}`, email: `noor.${stamp}@example.org` }
  const visitorPage = await browser.newPage()
  await sendContactMessage(
    visitorPage,
    visitor.name,
    visitor.email,
    'Could your team help our library record oral histories from longtime neighbours?',
  )
  await visitorPage.close()

  await registerAndSignIn(page, stamp)
  await handleMessage(page, visitor)
  await downloadHandled(page, visitor)
  const editorLink = await inviteEditor(page, stamp)
  await forgetVisitor(page, visitor)
  await readAuditLog(page, visitor)
  await signOut(page)
  expect(errors).toEqual([])

  await editorIsRefused(browser, editorLink)
})
