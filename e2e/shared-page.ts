/**
 * One tab per worker for tests that only read the public site, each test navigating it anew.
 *
 * A fresh page per test costs a new tab and its renderer process (measured here: ten page visits
 * in a new tab each took 36–41 s, in a new context or not, and more CPU than the same ten visits
 * in one tab, 21 s), which is most of what a test that loads a page and reads it spends. A test
 * may use the shared tab when it leaves nothing behind that another could see: no cookie,
 * storage, permission, init script, route or listener. Each test gets the tab at the desktop's
 * size and media (reduced motion, e2e/desktop.ts). What a tab keeps between visits is what a
 * visitor's browser keeps (HTTP cache, the web fonts' note), so tests of a first visit, of loading
 * or of layout shifts keep their own context. Playwright records no trace of a kept tab on a retry.
 */
import { test as base, type Browser, type Page } from '@playwright/test'
import { DESKTOP } from './desktop.ts'
import { becomeMember } from './helpers.ts'

type Tab = 'visitor' | 'member' | 'static' | 'static, fallback fonts'

async function keptTab(browser: Browser, tab: Tab, use: (page: Page) => Promise<void>) {
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

/** Each test gets the kept tab at the desktop's size and media (e2e/desktop.ts). */
async function handOver(page: Page, use: (page: Page) => Promise<void>) {
  await page.setViewportSize(DESKTOP.viewport)
  await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: DESKTOP.reducedMotion })
  await use(page)
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
type KeptTabs = { [Name in keyof SharedTabs as `kept${Capitalize<Name>}`]: Page }

export const test = base.extend<SharedTabs, KeptTabs>({
  keptVisitorTab: [({ browser }, use) => keptTab(browser, 'visitor', use), { scope: 'worker' }],
  keptMemberTab: [({ browser }, use) => keptTab(browser, 'member', use), { scope: 'worker' }],
  keptStaticTab: [({ browser }, use) => keptTab(browser, 'static', use), { scope: 'worker' }],
  keptFallbackFontsTab: [
    ({ browser }, use) => keptTab(browser, 'static, fallback fonts', use),
    { scope: 'worker' },
  ],
  visitorTab: ({ keptVisitorTab }, use) => handOver(keptVisitorTab, use),
  memberTab: ({ keptMemberTab }, use) => handOver(keptMemberTab, use),
  staticTab: ({ keptStaticTab }, use) => handOver(keptStaticTab, use),
  fallbackFontsTab: ({ keptFallbackFontsTab }, use) => handOver(keptFallbackFontsTab, use),
})
