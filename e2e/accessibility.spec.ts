import type { Page } from '@playwright/test'
import {
  checkAtEachWidth,
  FORM_PAGES,
  PAGES,
  pagesWithMemberVariants,
  waitForHydration,
  WIDTHS,
} from './helpers.ts'
import { test } from './shared-page.ts'

// The pages around the forms, with the query the server adds (fields and reason flagged).
const formPages = FORM_PAGES.map((path) =>
  path.endsWith('/not-sent') ? `${path}?fields=email&reason=rate-limit` : path,
)
const everyPage = [...PAGES, ...formPages]
// A member sees the same HTML with its member variants shown instead of the anonymous ones
// (app/document/visitor.ts). The header's are the same on every page: a member is checked on
// every page whose own content has a variant (read from the build, so a page that gains one is
// checked without editing a list) and on the first page for the header.
const memberPages = pagesWithMemberVariants(everyPage)

// One load per page and visitor: axe scans it at a phone's width, then at a desktop's (the same
// hydrated page, resized: what shows at each width is what axe checks), so a page costs one load
// and hydration, not two (docs/testing.md). The scans only read: each visitor's pages are loaded
// one after another in one tab per worker (e2e/shared-page.ts), not a new browser context each.
async function scan(page: Page, path: string) {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(path)
  await waitForHydration(page)
  if (path === '/courses')
    await page
      .getByRole('status')
      .filter({ hasText: 'Loading courses...' })
      .waitFor({ state: 'detached' })
      .catch(() => {})
  await checkAtEachWidth(page, path)
}

// Each test asks only for its visitor's tab: a worker opens the member's tab only if it runs a
// member's scan.
test.describe(`axe at ${WIDTHS.join(' and ')} px, anonymous`, () => {
  for (const path of everyPage)
    test(`${path} has no WCAG 2.2 A/AA violations`, ({ visitorTab }) => scan(visitorTab, path))
})

test.describe(`axe at ${WIDTHS.join(' and ')} px, member`, () => {
  for (const path of memberPages)
    test(`${path} has no WCAG 2.2 A/AA violations`, ({ memberTab }) => scan(memberTab, path))
})
