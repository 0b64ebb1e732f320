/**
 * The back office's editing in Chromium, on a server of its own (./content-server.ts): the media
 * library (what it refuses and why, alt text, focal point, where a picture is used, deletion),
 * leaving with unsaved changes, and pasting from another program. Publishing: ./publishing.spec.ts.
 */
import { expect } from '@playwright/test'
import { adminBrowser, draftArticle } from './back-office-helpers.ts'
import { photo, signedInOn, test, watchErrors } from './content-server.ts'

test.use({ launchOptions: adminBrowser.launchOptions })

test('the media library: what is refused and why, alt text, focal point, where a picture is used, deletion', async ({
  page,
  content,
}) => {
  test.slow()
  await page.goto(`${content.base}/admin/sign-in`)
  await signedInOn(content, page, 'editor')
  await page.goto(`${content.base}/admin/media`)
  const upload = page.getByRole('region', { name: 'Upload a picture' })
  const file = upload.getByLabel('Picture', { exact: true })

  // Refused in the browser: an SVG, and a picture without alt text.
  await file.setInputFiles({
    name: 'drawing.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  })
  await expect(upload.getByText(/SVG drawings can carry scripts/)).toBeVisible()
  // Refused by the server, in its words: a page that calls itself a JPEG.
  await file.setInputFiles({
    name: 'holiday.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  })
  await upload.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(
    upload.getByText('Describe the picture for people who cannot see it (alt text).'),
  ).toBeVisible()
  await upload.getByLabel('Alt text').fill('A holiday photograph')
  await upload.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(upload.getByText(/^The file is an HTML document, not a /)).toBeVisible()
  await expect(file).toHaveAttribute('aria-invalid', 'true')

  const stamp = Date.now()
  await file.setInputFiles(await photo(`river-${stamp}.jpg`, ['#6b2d5c', '#9cc5c9']))
  await upload.getByLabel('Alt text').fill(`A river bend at dusk ${stamp}`)
  await upload.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The picture is uploaded.' }),
  ).toBeVisible({
    timeout: 60_000,
  })
  const item = page.getByRole('list', { name: 'Pictures' }).getByRole('button', {
    name: new RegExp(`A river bend at dusk ${stamp}`),
  })
  await expect(item).toContainText('Not used')

  await item.click()
  const dialog = page.getByRole('dialog', { name: `A river bend at dusk ${stamp}` })
  await dialog.getByLabel('Alt text').fill(`A river bend at dusk, with a heron ${stamp}`)
  await dialog.getByRole('button', { name: 'Save alt text' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The alt text is saved.' })).toBeVisible()
  // The dialog is named by the alt text, now the new one.
  const renamed = page.getByRole('dialog', { name: `A river bend at dusk, with a heron ${stamp}` })
  const fromTop = renamed.getByRole('slider', { name: /From the top/ })
  await fromTop.focus()
  await page.keyboard.press('Home')
  await renamed.getByRole('button', { name: 'Save focal point' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The focal point is saved.' }),
  ).toBeVisible()
  await renamed.getByRole('button', { name: 'Delete this picture' }).click()
  await page
    .getByRole('dialog', { name: 'Delete this picture?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The picture is deleted.' }),
  ).toBeVisible()
  await expect(item).toHaveCount(0)

  // A picture an article shows: the library says where, and does not offer to delete it.
  await file.setInputFiles(await photo(`bridge-${stamp}.jpg`, ['#e0a53a', '#1d1a2f']))
  await upload.getByLabel('Alt text').fill(`A footbridge in fog ${stamp}`)
  await upload.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The picture is uploaded.' }),
  ).toBeVisible({
    timeout: 60_000,
  })
  const id = await draftArticle(page, `bridge-${stamp}`, `The Bridge Keepers ${stamp}`)
  await page.evaluate(
    async ({ id, stamp }) => {
      const json = { accept: 'application/json', 'content-type': 'application/json' }
      const media = await (await fetch(`/admin/api/media?q=${stamp}`, { headers: json })).json()
      const article = await (await fetch(`/admin/api/articles/${id}`, { headers: json })).json()
      const data = article.draft.data
      const saved = await fetch(`/admin/api/articles/${id}/draft`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          baseVersion: article.version,
          data: { ...data, cover: { image: media.items[0].contentId, alt: 'A footbridge' } },
          body: article.draft.body,
        }),
      })
      if (!saved.ok) throw new Error(`draft: ${saved.status} ${await saved.text()}`)
    },
    { id, stamp },
  )
  await page.reload()
  await page
    .getByRole('list', { name: 'Pictures' })
    .getByRole('button', { name: new RegExp(`A footbridge in fog ${stamp}`) })
    .click()
  const used = page.getByRole('dialog', { name: `A footbridge in fog ${stamp}` })
  await expect(used.getByRole('region', { name: 'Used by' })).toContainText(
    `The Bridge Keepers ${stamp}`,
  )
  await expect(used.getByText('In use: replace it where it is used')).toBeVisible()
  await expect(used.getByRole('button', { name: 'Delete this picture' })).toHaveCount(0)
  await used.getByRole('link', { name: `The Bridge Keepers ${stamp}` }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `The Bridge Keepers ${stamp}` }),
  ).toBeVisible()
})

test('leaving with unsaved changes asks first, inside the app and when the tab closes', async ({
  page,
  content,
}) => {
  await page.goto(`${content.base}/admin/sign-in`)
  await signedInOn(content, page, 'editor')
  await page.goto(`${content.base}/admin/pages/contact`)
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
  // Hold the draft saves, so the change stays unsaved while the page is left.
  const held: (() => Promise<void>)[] = []
  let holding = true
  await page.route('**/admin/api/pages/contact/draft', (route) => {
    if (holding) held.push(() => route.continue())
    else void route.continue()
  })
  await page.getByLabel('Banner').fill('Contact us today')
  await expect(page.getByTestId('save-status')).toHaveText(/^(Unsaved changes|Saving…)$/)

  await page.getByRole('link', { name: '← Pages and settings' }).click()
  const leave = page.getByRole('dialog', { name: 'Leave with unsaved changes?' })
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
  await expect(page.getByLabel('Banner')).toHaveValue('Contact us today')

  // Closing the tab: the browser's own question.
  const asked = page.waitForEvent('dialog')
  void page.close({ runBeforeUnload: true })
  const dialog = await asked
  expect(dialog.type()).toBe('beforeunload')
  await dialog.dismiss()
  // Released before the route goes (unrouting hands a held request on by itself, and releasing
  // it then fails); a save that comes meanwhile goes straight through.
  holding = false
  await Promise.all(held.map((release) => release()))
  await page.unroute('**/admin/api/pages/contact/draft')
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved at /)

  // Saved now: nothing to ask.
  await page.getByRole('link', { name: '← Pages and settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pages and settings' })).toBeVisible()
})

test('pasting from another program keeps the formatting an article may have, and nothing else', async ({
  page,
  content,
}) => {
  const errors = watchErrors(page)
  await page.goto(`${content.base}/admin/sign-in`)
  await signedInOn(content, page, 'editor')
  await page.goto(`${content.base}/admin/articles/new`)
  const text = page.getByRole('textbox', { name: 'Article text' })
  await text.click()
  // What a word processor puts on the clipboard, with things an article must never carry.
  await text.evaluate((element) => {
    const data = new DataTransfer()
    data.setData(
      'text/html',
      '<meta charset="utf-8"><h1>A title</h1><p style="color:red">Pasted <b>bold</b>, <i>italic</i>, ' +
        '<a href="https://example.org/">a good link</a>, <a href="javascript:alert(1)">a bad one</a>' +
        '<img src="x" onerror="alert(1)"><script>alert(2)</script></p><ul><li>one</li></ul>',
    )
    data.setData('text/plain', 'Pasted bold, italic')
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  })
  await expect(text.locator('strong')).toHaveText('bold')
  await expect(text.locator('em')).toHaveText('italic')
  await expect(text.getByRole('link', { name: 'a good link' })).toHaveAttribute(
    'href',
    'https://example.org/',
  )
  await expect(text.getByText('a bad one')).toBeVisible()
  await expect(text.locator('a[href^="javascript"], img, script, [style], h1')).toHaveCount(0)
  await expect(text.locator('ul li')).toHaveText('one')
  // Read inertly through the editor's Trusted Types policy, the only one the CSP allows: nothing
  // tried to run or to break the policy.
  expect(errors).toEqual([])
})
