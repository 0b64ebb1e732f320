/**
 * The back office stays out of the public site: no public file names /admin (so no page links to
 * it, lists it in the sitemap or loads its scripts and styles), and /admin itself says noindex and
 * no-store. That no public page requests anything under /admin when it loads and hydrates is read
 * from the load e2e/performance.spec.ts makes of every page (one load a page answers both).
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { BUILD_CLIENT } from './helpers.ts'

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (/\.(html|js|css|xml|txt|json|webmanifest|data|svg)$/.test(entry.name)) yield full
  }
}

test('no file of the public build refers to the back office', () => {
  const root = fs.realpathSync(BUILD_CLIENT)
  const referring = [...files(root)]
    .filter((file) => fs.readFileSync(file, 'utf8').includes('/admin'))
    .map((file) => path.relative(root, file))
  expect(referring).toEqual([])
  // The staff app is built beside the site, not inside it.
  expect(fs.existsSync(path.join(root, 'admin'))).toBe(false)
  expect(fs.existsSync(path.join(path.dirname(root), 'admin', 'index.html'))).toBe(true)
})

test('the back office answers noindex and no-store, and is not in the sitemap', async ({
  request,
}) => {
  for (const url of ['/admin', '/admin/sign-in', '/admin/api/session']) {
    const answer = await request.get(url, { maxRedirects: 0 })
    expect(answer.headers()['x-robots-tag'], url).toBe('noindex, nofollow')
    expect(answer.headers()['cache-control'], url).toBe('no-store')
    expect(answer.headers()['content-security-policy'], url).toMatch(/default-src 'none'/)
  }
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/admin')
})
