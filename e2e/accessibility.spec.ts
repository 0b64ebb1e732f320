import { expect, test } from '@playwright/test'
import {
  axeViolations,
  becomeMember,
  FORM_PAGES,
  PAGES,
  pagesWithMemberVariants,
  waitForHydration,
} from './helpers.ts'

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

for (const width of [390, 1440]) {
  for (const visitor of ['anonymous', 'member'] as const) {
    test.describe(`axe at ${width}px, ${visitor}`, () => {
      test.use({ viewport: { width, height: 900 } })
      for (const path of visitor === 'member' ? memberPages : everyPage) {
        test(`${path} has no WCAG 2.2 A/AA violations`, async ({ page, context, baseURL }) => {
          if (visitor === 'member') await becomeMember(context, baseURL)
          await page.emulateMedia({ reducedMotion: 'reduce' })
          await page.goto(path)
          await waitForHydration(page)
          if (path === '/courses')
            await page
              .getByRole('status')
              .filter({ hasText: 'Loading courses...' })
              .waitFor({ state: 'detached' })
              .catch(() => {})
          expect(await axeViolations(page)).toEqual([])
        })
      }
    })
  }
}
