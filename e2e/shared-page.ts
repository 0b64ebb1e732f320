/**
 * One tab per worker for tests that only read the public site, each test navigating it anew.
 *
 * A fresh context per test costs a browser process and its start (measured here: ten page
 * visits in a fresh context each took 39 s and more CPU than the same ten visits in one tab, 21 s),
 * which is most of what a test that loads a page and reads it spends. A test may use the shared
 * tab when it leaves nothing behind that another could see: no cookie, storage, permission, init
 * script, route or listener (a viewport or an emulated media query is set by every test that
 * cares). What a tab keeps between visits is what a visitor's browser keeps (HTTP cache, the web
 * fonts' note), so tests of a first visit, of loading or of layout shifts keep their own context.
 */
import { test as base, type Browser, type Page } from '@playwright/test'
import { DESKTOP } from './desktop.ts'
import { becomeMember } from './helpers.ts'

async function sharedTab(browser: Browser, member: boolean, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext(DESKTOP)
  if (member) await becomeMember(context, DESKTOP.baseURL)
  const page = await context.newPage()
  await use(page)
  await context.close()
}

export const test = base.extend<object, { visitorTab: Page; memberTab: Page }>({
  visitorTab: [({ browser }, use) => sharedTab(browser, false, use), { scope: 'worker' }],
  memberTab: [({ browser }, use) => sharedTab(browser, true, use), { scope: 'worker' }],
})
