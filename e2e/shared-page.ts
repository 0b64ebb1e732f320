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

type Tab = 'visitor' | 'member' | 'static' | 'static, fallback fonts'

async function sharedTab(browser: Browser, tab: Tab, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({
    ...DESKTOP,
    javaScriptEnabled: !tab.startsWith('static'),
  })
  if (tab === 'member') await becomeMember(context, DESKTOP.baseURL)
  if (tab === 'static, fallback fonts') await context.route(/\.woff2$/, (route) => route.abort())
  const page = await context.newPage()
  await use(page)
  await context.close()
}

interface SharedTabs {
  /** An anonymous visitor. */
  visitorTab: Page
  /** A member (the authorizedDocu cookie). */
  memberTab: Page
  /** Without JavaScript: the served page as it stands, the web fonts from its noscript rules. */
  staticTab: Page
  /** Without JavaScript and refused the web fonts: the fallback fonts only. */
  fallbackFontsTab: Page
}

export const test = base.extend<object, SharedTabs>({
  visitorTab: [({ browser }, use) => sharedTab(browser, 'visitor', use), { scope: 'worker' }],
  memberTab: [({ browser }, use) => sharedTab(browser, 'member', use), { scope: 'worker' }],
  staticTab: [({ browser }, use) => sharedTab(browser, 'static', use), { scope: 'worker' }],
  fallbackFontsTab: [
    ({ browser }, use) => sharedTab(browser, 'static, fallback fonts', use),
    { scope: 'worker' },
  ],
})
