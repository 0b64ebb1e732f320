import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'

export const ARTICLES_DIR = path.resolve(import.meta.dirname, '../content/articles')
export const BUILD_CLIENT = path.resolve(import.meta.dirname, '../build/client')

export const ARTICLE_SLUGS = fs
  .readdirSync(ARTICLES_DIR)
  .filter((f) => f.endsWith('.mdx'))
  .map((f) => f.slice(0, -4))
  .sort()

export const PAGES = [
  '/',
  '/about',
  '/articles',
  '/contact',
  '/courses',
  ...ARTICLE_SLUGS.map((s) => `/articles/${s}`),
]

/** Marks the visitor as a member the way the dashboard does: the authorizedDocu cookie. */
export async function becomeMember(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: 'authorizedDocu', value: '1', url: baseURL ?? 'http://127.0.0.1:4173' },
  ])
}

/** Waits until React has hydrated (the router's client state exists). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !==
        undefined && document.documentElement.dataset.hydrated === 'true',
  )
}
