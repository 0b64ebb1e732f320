/**
 * Publishing, in a browser, against a server of its own (it changes what the site publishes, so
 * it cannot share the suite's server): an editor signed in with a passkey uploads two pictures
 * (one a cover with a focal point), writes an article through the back office's API, opens its
 * private preview, publishes it, and a visitor then reads it at its address, in /articles, the
 * sitemap and the feed; the article page is accessible at 390 and 1440 px. (A setting on every
 * page, rendered again in full, is server/content/live-site.test.ts's; the staff app's screens
 * are tested in their own spec.)
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import sharp from 'sharp'
import type { ArticleFrontmatter } from '../common/content/articles.ts'
import type { DocumentAnswer, MediaItemAnswer } from '../common/content-admin.ts'
import { freePort } from '../scripts/free-port.ts'
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../server/test/server-process.ts'
import { addVirtualAuthenticator, adminBrowser } from './back-office-helpers.ts'
import { axeViolations } from './helpers.ts'
import { childEnv } from '#server/test/child-env.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

let server: ServerProcess
let dataDir: string
let base: string

test.describe.configure({ mode: 'serial' })
// The back office's browser (localhost mapped to 127.0.0.1); the base URL is this spec's server.
test.use({ launchOptions: adminBrowser.launchOptions })

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-publishing-'))
  const port = await freePort()
  base = `http://localhost:${port}`
  server = await startServerProcess({
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_ORIGIN: base,
      STAFF_SIGN_IN_RATE_LIMIT_MAX: '1000',
    },
    timeoutMs: 60_000,
  })
})

test.afterAll(async () => {
  if (server) await stopServerProcess(server)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A new editor, signed in with a passkey on this page (the invitation from `npm run staff`). */
async function signInEditor(page: Page) {
  const result = spawnSync(
    process.execPath,
    ['server/cli/staff.ts', 'invite', `editor-${Date.now()}@example.org`, '--role', 'editor'],
    {
      cwd: ROOT,
      env: childEnv({ DATA_DIR: dataDir, ADMIN_ORIGIN: base }),
      encoding: 'utf8',
    },
  )
  const link = /^http\S+#token=\S+$/m.exec(result.stdout)?.[0]
  expect(link, result.stderr).toBeDefined()
  await addVirtualAuthenticator(page)
  await page.goto(link!)
  await page.getByRole('button', { name: 'Create my passkey' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible()
}

/** A back-office API call with the page's session, as the staff app makes it. */
function api(request: APIRequestContext) {
  const headers = { origin: base, 'sec-fetch-site': 'same-origin' }
  return {
    get: (url: string) => request.get(`${base}/admin/api${url}`, { headers }),
    post: (url: string, data: unknown) =>
      request.post(`${base}/admin/api${url}`, { headers, data }),
    upload: (fields: Record<string, string>, file: { name: string; buffer: Buffer }) =>
      request.post(`${base}/admin/api/media`, {
        headers,
        multipart: { ...fields, file: { ...file, mimeType: 'image/jpeg' } },
      }),
  }
}

/** A photo-like picture with its subject (a light disc) away from the middle. */
async function picture(width: number, height: number, subject: { x: number; y: number }) {
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#2d4a5a"/><circle cx="${subject.x * width}" cy="${subject.y * height}" r="${Math.min(width, height) / 6}" fill="#f2c14e"/></svg>`,
  )
  return sharp(disc).jpeg({ quality: 85 }).toBuffer()
}

test('an editor uploads, writes, previews and publishes an article; visitors read it everywhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000)
  await signInEditor(page)
  const call = api(page.request)

  const cover = await call.upload(
    { alt: 'A porch light at dusk over a row of brick houses', focalX: '0.75', focalY: '0.3' },
    { name: 'porch-light.jpg', buffer: await picture(1600, 1400, { x: 0.75, y: 0.3 }) },
  )
  expect(cover.status()).toBe(201)
  const photo = await call.upload(
    { alt: 'Neighbours around a folding table on a sidewalk' },
    { name: 'sidewalk-meeting.jpg', buffer: await picture(1200, 800, { x: 0.5, y: 0.5 }) },
  )
  expect(photo.status()).toBe(201)
  const coverItem = ((await cover.json()) as MediaItemAnswer).item
  const photoItem = ((await photo.json()) as MediaItemAnswer).item

  const template = (await (
    await call.get('/articles/marisol-vega')
  ).json()) as DocumentAnswer<ArticleFrontmatter>
  const data: ArticleFrontmatter = {
    ...template.published!.data,
    bannerTitle: 'Returning & Redemption',
    headline: 'The Porch Light Stays On Until Everyone Is Home',
    name: 'Lena Ortiz',
    city: 'Kansas City, Missouri',
    location: 'Kansas City, MO',
    byline: 'Words by Nadia Okafor',
    date: '2026-11-25',
    series: 'returning-redemption',
    cardTitle: 'The Neighbour Who Leaves the Light On',
    summary:
      'Lena Ortiz turned her front porch into the block’s meeting place for people coming home.',
    cover: { image: coverItem.contentId, alt: 'A porch light at dusk over a row of brick houses' },
  }
  const body = `Lena Ortiz keeps her porch light on every night.

::photo[Neighbours meet at a folding table every Thursday.]{image=${photoItem.contentId} alt="Neighbours around a folding table on a sidewalk"}

## The first Thursday

Nine neighbours came, and a pot of coffee.
`
  const created = await call.post('/articles', { slug: 'lena-ortiz', data, body })
  expect(created.status(), await created.text()).toBe(201)
  const draft = (await created.json()) as DocumentAnswer

  // The preview: the draft through the site's renderer, for staff only.
  await page.goto(`${base}${draft.previewUrl}`)
  await expect(page.getByTestId('preview-banner')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.headline)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.screenshot({
    path: 'test-results/publishing-server/preview-1440.png',
    fullPage: false,
  })

  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  expect((await visitor.goto(`${base}/articles/lena-ortiz`))!.status()).toBe(404)
  expect((await visitor.goto(`${base}${draft.previewUrl}`))!.status()).toBe(401)

  const published = await call.post(
    `/articles/${draft.ref.kind === 'article' ? draft.ref.id : ''}/publish`,
    {
      baseVersion: draft.version,
    },
  )
  expect(published.status()).toBe(200)
  // Live within seconds (10 s is the promise `npm run bench` measures; a slow machine may take
  // longer): the process renders the affected pages in its worker.
  await expect
    .poll(async () => (await visitor.goto(`${base}/articles/lena-ortiz`))!.status(), {
      timeout: 60_000,
    })
    .toBe(200)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(data.headline)
  await expect(visitor.locator('article figure img').first()).toHaveCSS(
    'object-position',
    '75% 30%',
  )
  await expect(visitor.locator('.article-figure img')).toHaveAttribute(
    'alt',
    'Neighbours around a folding table on a sidewalk',
  )
  for (const width of [390, 1440]) {
    await visitor.setViewportSize({ width, height: 900 })
    await visitor.screenshot({
      path: `test-results/publishing-server/article-${width}.png`,
      fullPage: true,
    })
    expect(await axeViolations(visitor)).toEqual([])
  }
  await visitor.goto(`${base}/articles`)
  await expect(visitor.getByTestId('returning-redemption-cards')).toContainText('Lena Ortiz')
  expect(await (await visitor.request.get(`${base}/sitemap.xml`)).text()).toContain(
    '/articles/lena-ortiz</loc>',
  )
  expect(await (await visitor.request.get(`${base}/rss.xml`)).text()).toContain(
    '/articles/lena-ortiz</link>',
  )

  await visitorContext.close()
})
