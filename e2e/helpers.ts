import path from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import { articleSlugs, NOINDEX_PAGES, pagePaths } from '#app/page-paths.ts'

export const BUILD_CLIENT = path.resolve(import.meta.dirname, '../build/client')

/** The site's own list of pages (app/page-paths.ts), as prerendering and the sitemap read it. */
export const ARTICLE_SLUGS = articleSlugs()
export const PAGES = pagePaths()
/** The pages around the forms: prerendered, noindex, not in the sitemap. */
export const FORM_PAGES: readonly string[] = NOINDEX_PAGES

/** Marks the visitor as a member the way the dashboard does: the authorizedDocu cookie. */
export async function becomeMember(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: 'authorizedDocu', value: '1', url: baseURL ?? 'http://127.0.0.1:4173' },
  ])
}

/** Waits until every island of the page is hydrated (app/islands/hydrate-islands.tsx). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}
