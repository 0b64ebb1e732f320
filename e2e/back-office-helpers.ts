/**
 * For the back office's browser tests: the back office at http://localhost:<port> (passkeys need a
 * host name; Chromium maps localhost to 127.0.0.1, where the test server listens), a virtual
 * passkey authenticator through the DevTools protocol's WebAuthn domain, and `npm run staff` on
 * the test server's database for invitations.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS, findTestChromium } from '../scripts/chromium.ts'
import { E2E_PORT } from './ports.ts'
import { childEnv } from '#server/test/child-env.ts'

export const ADMIN_BASE = `http://localhost:${E2E_PORT}`

/** Browser options for a back-office spec: `test.use(adminBrowser)`. */
export const adminBrowser = {
  baseURL: ADMIN_BASE,
  launchOptions: {
    executablePath: findTestChromium() ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP localhost 127.0.0.1'],
  },
}

/**
 * A platform authenticator for this page (a phone's or laptop's passkey store): discoverable
 * credentials, user verification that always succeeds, presence simulated.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    async credentials() {
      return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
    },
  }
}

/** `npm run staff -- …` against the test server's database; returns its output. */
export function staffCommand(...args: string[]) {
  const result = spawnSync(process.execPath, ['server/cli/staff.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: childEnv({
      DATA_DIR: process.env.E2E_DATA_DIR!,
      ADMIN_ORIGIN: ADMIN_BASE,
    }),
    encoding: 'utf8',
  })
  expect(result.stderr).toBe('')
  expect(result.status).toBe(0)
  return result.stdout
}

/** Invites someone from the command line; the one-time link it printed. */
export function inviteFromCommand(email: string, role: 'admin' | 'editor'): string {
  const link = /^http\S+#token=\S+$/m.exec(staffCommand('invite', email, '--role', role))?.[0]
  expect(link).toBeDefined()
  return link!
}

/** Opens an invitation link and creates a passkey; ends on the overview, signed in. */
export async function acceptInvitation(page: Page, link: string) {
  await page.goto(link)
  await expect(page.getByText(/You are invited as/)).toBeVisible()
  await page.getByRole('button', { name: 'Create my passkey' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible()
}

/** A new administrator (or editor), signed in on this page with a passkey of its own. */
export async function signedInStaff(page: Page, role: 'admin' | 'editor', name = role) {
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`
  await addVirtualAuthenticator(page)
  await acceptInvitation(page, inviteFromCommand(email, role))
  return email
}

/**
 * The back office's menu (the layout's navigation), opened first on a narrow window; returns once
 * the chosen page is the current one. The page before stays on screen until the next one's data
 * is in: a field both have (the Staff page's "E-mail address" and Forget a person's) was filled
 * on the wrong page.
 */
export async function backOfficeMenu(page: Page, label: string) {
  const toggle = page.getByRole('button', { name: 'Menu' })
  if (await toggle.isVisible()) await toggle.click()
  const link = page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: label })
  await link.click()
  await expect(link).toHaveAttribute('aria-current', 'page')
}

/** A new draft article, made through the API from a sample's fields, and its id. */
export async function draftArticle(page: Page, slug: string, headline: string): Promise<string> {
  return page.evaluate(
    async ({ slug, headline }) => {
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`/admin/api${path}`, {
          method,
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`)
        return response.json()
      }
      const sample = await call('GET', '/articles/marisol-vega')
      const created = await call('POST', '/articles', {
        slug,
        data: { ...sample.published.data, headline },
        body: 'A first paragraph, written for this test.\n',
      })
      return (created.key as string).replace(/^article\//, '')
    },
    { slug, headline },
  )
}
