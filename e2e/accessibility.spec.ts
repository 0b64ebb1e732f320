import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { becomeMember, FORM_PAGES, PAGES, waitForHydration } from './helpers.ts'

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

for (const width of [390, 1440]) {
  for (const visitor of ['anonymous', 'member'] as const) {
    test.describe(`axe at ${width}px, ${visitor}`, () => {
      test.use({ viewport: { width, height: 900 } })
      // The pages around the forms, with the query the server adds (fields and reason flagged).
      const formPages = FORM_PAGES.map((path) =>
        path.endsWith('/not-sent') ? `${path}?fields=email&reason=rate-limit` : path,
      )
      for (const path of [...PAGES, ...formPages]) {
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
          const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
          const summary = results.violations.map(
            (v) =>
              `${v.id}: ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')}`,
          )
          expect(summary).toEqual([])
        })
      }
    })
  }
}
