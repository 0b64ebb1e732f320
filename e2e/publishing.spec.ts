/**
 * Issue 19's journey in Chromium with a virtual passkey authenticator, on a server of its own
 * (./content-server.ts): an editor writes a new article with two uploaded photos (one, with a
 * focal point, its cover), previews it, publishes it, and finds it on /articles, in the sitemap
 * and in the RSS feed; edits a testimonial of the home page, publishes it and restores the
 * previous revision; and meets the refused second save in a second browser. An editor is never
 * offered an administrator's action, and the server refuses it anyway. The media library and the
 * editor's own behaviour: ./editing.spec.ts.
 */
import { expect, type Page } from '@playwright/test'
import { adminBrowser, backOfficeMenu, draftArticle } from './back-office-helpers.ts'
import { photo, signedInOn, test, watchErrors } from './content-server.ts'
import { axeViolations } from './helpers.ts'

test.use({ launchOptions: adminBrowser.launchOptions })

/** Uploads a picture from a picture field's dialog and chooses it. */
async function uploadInto(
  page: Page,
  field: string,
  file: Awaited<ReturnType<typeof photo>>,
  alt: string,
) {
  await page
    .getByRole('button', { name: new RegExp(`^(Choose|Change) picture for ${field}$`) })
    .click()
  const dialog = page.getByRole('dialog', { name: `Choose: ${field}` })
  await dialog.getByRole('button', { name: 'Upload a new picture' }).click()
  await dialog.getByLabel('Picture', { exact: true }).setInputFiles(file)
  await dialog.getByLabel('Alt text').fill(alt)
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(dialog).toBeHidden({ timeout: 60_000 })
}

test('an editor writes, previews and publishes an article with two uploaded photos; it is on /articles, in the sitemap and the feed', async ({
  page,
  content,
}) => {
  test.slow()
  const errors = watchErrors(page)
  const stamp = Date.now()
  const name = `Rosalind Okafor ${stamp}`
  const slug = `rosalind-okafor-${stamp}`
  await page.goto(`${content.base}/admin/sign-in`)
  await signedInOn(content, page, 'editor')

  await backOfficeMenu(page, 'Articles')
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible()
  await page.getByRole('link', { name: 'New article' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible()

  // A headline, who it is about and a first paragraph: enough for a draft.
  await page.getByLabel('Headline').fill('The Seamstress Who Mends Coats for the Whole Block')
  await page.getByLabel('Who it is about').fill(name)
  await expect(page.getByLabel('Address')).toHaveValue(slug)
  const text = page.getByRole('textbox', { name: 'Article text' })
  await text.click()
  await page.keyboard.type('Every November the porch fills with coats. ')
  await page.keyboard.press('Control+b')
  await page.keyboard.type('Nobody pays.')
  await page.keyboard.press('Control+b')
  await page.getByRole('button', { name: 'Save draft' }).first().click()
  await expect(page).toHaveURL(/\/admin\/articles\/[0-9a-f-]{36}$/)
  await expect(page.getByText(`/articles/${slug}`, { exact: true })).toBeVisible()
  // Unfinished: the page says what publishing still needs.
  const needs = page.getByRole('region', { name: 'Before it can be published' })
  await expect(needs).toContainText('Summary')
  await expect(needs).toContainText('Cover')

  // The rest, saved as it is typed.
  await page.getByLabel('City', { exact: true }).fill('Topeka, Kansas')
  await page.getByLabel('Place on the card').fill('Topeka, KS')
  await page.getByLabel('Byline').fill('Words by Lena Marsh')
  await page.getByLabel('Card title').fill('Mending Coats, Mending Winters')
  await page
    .getByLabel('Summary')
    .fill(
      'In Topeka, a retired seamstress opens her porch every November so no child walks to school in a torn coat.',
    )

  // The text goes on: a heading and a paragraph, with the keyboard and the toolbar.
  await text.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Heading', exact: true }).click()
  await page.keyboard.type('The first coat')
  await page.keyboard.press('Enter')
  await page.keyboard.type('She learned to sew from her grandmother.')

  const portrait = await photo('portrait.jpg', ['#b8462a', '#1f6f6b'])
  const cover = await photo('cover.jpg', ['#1f6f6b', '#e0a53a'], { width: 2400, height: 1200 })
  await uploadInto(page, 'Portrait', portrait, `Illustrated portrait of ${name}`)
  await uploadInto(page, 'Cover', cover, 'A porch with coats on a rail at dusk')
  await expect(
    page.getByRole('group', { name: 'Cover' }).getByText('Uploaded picture'),
  ).toBeVisible()

  // The cover's focal point, with the keyboard: the picture's subject is up and to the right.
  await page.getByRole('button', { name: 'Focal point of Cover' }).click()
  const focal = page.getByRole('dialog', { name: 'Focal point' })
  const fromLeft = focal.getByRole('slider', { name: /From the left/ })
  await fromLeft.focus()
  for (let i = 0; i < 22; i++) await page.keyboard.press('ArrowRight')
  await expect(fromLeft).toHaveValue('72')
  const fromTop = focal.getByRole('slider', { name: /From the top/ })
  await fromTop.focus()
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft')
  await focal.getByRole('button', { name: 'Save focal point' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The focal point is saved.' }),
  ).toBeVisible()

  // The portrait, placed in the text as a photo with a caption.
  await text.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Photo', exact: true }).click()
  const picker = page.getByRole('dialog', { name: 'Choose a picture' })
  await picker.getByRole('button', { name: `Choose Illustrated portrait of ${name}` }).click()
  const placing = page.getByRole('dialog', { name: 'Place a photo' })
  await expect(placing.getByLabel('Alt text')).toHaveValue(`Illustrated portrait of ${name}`)
  await placing.getByLabel('Caption').fill('She keeps *every* button in a jar.')
  await placing.getByRole('button', { name: 'Place photo' }).click()
  await expect(page.locator('figure[data-photo]')).toHaveCount(1)
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved at /)
  await expect(needs).toBeHidden()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'The Seamstress Who Mends Coats for the Whole Block',
  )
  await expect(page.getByText('Draft', { exact: true })).toBeVisible()

  // An edit is saved by itself.
  await text.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('The porch opens at seven.')
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved at /)

  // The private preview shows the draft.
  const previewing = page.context().waitForEvent('page')
  await page.getByRole('link', { name: /^Preview/ }).click()
  const preview = await previewing
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(
    'The Seamstress Who Mends Coats for the Whole Block',
  )
  await expect(preview.getByText('The porch opens at seven.')).toBeVisible()
  await preview.close()

  // Published: live within seconds.
  await page.getByRole('button', { name: 'Publish now' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Live on the site' })).toBeVisible({
    timeout: 60_000,
  })
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible()

  const visitor = await page.context().browser()!.newPage()
  await visitor.goto(`${content.site}/articles/${slug}`)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
    'The Seamstress Who Mends Coats for the Whole Block',
  )
  await expect(visitor.locator('figure.article-figure figcaption')).toHaveText(
    'She keeps every button in a jar.',
  )
  await visitor.goto(`${content.site}/articles`)
  await expect(
    visitor.getByRole('link', { name: /Read More.*Mending Coats, Mending Winters/ }),
  ).toHaveAttribute('href', `/articles/${slug}`)
  const sitemap = await (await visitor.request.get(`${content.site}/sitemap.xml`)).text()
  expect(sitemap).toContain(`/articles/${slug}</loc>`)
  const feed = await (await visitor.request.get(`${content.site}/rss.xml`)).text()
  expect(feed).toContain(`/articles/${slug}`)
  expect(feed).toContain('Mending Coats, Mending Winters')
  await visitor.close()

  expect(errors).toEqual([])
})

test('an editor changes a home testimonial, publishes it, restores the previous revision, and meets the refused second save', async ({
  page,
  browser,
  content,
}) => {
  test.slow()
  const errors = watchErrors(page)
  await page.goto(`${content.base}/admin/sign-in`)
  const editor = await signedInOn(content, page, 'editor', 'ada')

  await backOfficeMenu(page, 'Pages and settings')
  await page.getByRole('link', { name: 'Home' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  const quote = page.getByRole('group', { name: 'Testimonial 1' }).getByLabel('Quote')
  const before = await quote.inputValue()
  const changed = `${before} (Updated ${Date.now()}.)`
  await quote.fill(changed)
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved at /)
  await page.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'live on the site' })).toBeVisible({
    timeout: 60_000,
  })
  const home = await browser.newPage()
  await home.goto(`${content.site}/`)
  await expect(home.getByTestId('testimonials')).toContainText(changed.slice(-30))

  // Back to what it said before: the previous revision, restored as a new one.
  await page.getByRole('link', { name: 'History' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'History: Home' })).toBeVisible()
  const revisions = page
    .getByRole('list', { name: 'Revisions, newest first' })
    .getByRole('listitem')
  await expect(revisions.first()).toContainText('Live')
  await page.getByLabel('Older').selectOption({ index: 1 })
  await page.getByLabel('Newer').selectOption({ index: 0 })
  await page.getByRole('button', { name: 'Compare' }).click()
  await expect(page.getByRole('list', { name: 'Changed fields' })).toContainText(
    'Testimonials › Testimonial 1 › Quote',
  )
  await revisions
    .nth(1)
    .getByRole('button', { name: /^Restore/ })
    .click()
  await page.getByRole('dialog').getByRole('button', { name: 'Restore and publish' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Testimonial 1' }).getByLabel('Quote')).toHaveValue(
    before,
  )
  await expect(async () => {
    await home.reload()
    await expect(home.getByTestId('testimonials')).not.toContainText(changed.slice(-30), {
      timeout: 1000,
    })
  }).toPass({ timeout: 60_000 })
  await home.close()

  // Two people on the same page: the second save is refused, and says who and when.
  const other = await browser.newContext({ baseURL: content.base })
  const second = await other.newPage()
  await second.goto(`${content.base}/admin/sign-in`)
  await signedInOn(content, second, 'editor', 'grace')
  await second.goto(`${content.base}/admin/pages/home`)
  await page.reload()
  const heroHeading = (p: Page) =>
    p.getByRole('region', { name: 'Top of the page' }).getByLabel('Heading', { exact: true })
  await heroHeading(page).fill('Stories of community change, told by the people who lead it')
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved at /)
  await heroHeading(second).fill('Stories of change, told by neighbours')
  const conflict = second.getByRole('dialog', { name: 'Someone else changed this' })
  await expect(conflict).toBeVisible()
  await expect(conflict).toContainText(editor)
  await expect(second.getByTestId('save-status')).toHaveText('Not saved: changed by someone else')
  await conflict.getByRole('button', { name: 'Load their version' }).click()
  await expect(heroHeading(second)).toHaveValue(
    'Stories of community change, told by the people who lead it',
  )
  await other.close()
  expect(errors).toEqual([])
})

test('an editor is not offered deletion, and the server refuses it', async ({ page, content }) => {
  await page.goto(`${content.base}/admin/sign-in`)
  await signedInOn(content, page, 'editor')
  await page.goto(`${content.base}/admin/articles/marisol-vega`)
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  const answer = await page.evaluate(async () => {
    const response = await fetch('/admin/api/articles/marisol-vega?baseVersion=1', {
      method: 'DELETE',
      headers: { accept: 'application/json' },
    })
    return { status: response.status, body: (await response.json()) as { message: string } }
  })
  expect(answer.status).toBe(403)
  // Still there.
  const still = await page.request.get(`${content.site}/articles/marisol-vega`)
  expect(still.status()).toBe(200)
})

test('an article is scheduled in Kansas City time, unscheduled, published, given a new address that redirects, and unpublished', async ({
  page,
  content,
}) => {
  test.slow()
  const errors = watchErrors(page)
  await page.goto(`${content.base}/admin/sign-in`)
  await signedInOn(content, page, 'editor')
  const stamp = Date.now()
  const id = await draftArticle(page, `timed-${stamp}`, `A Timed Story ${stamp}`)
  await page.goto(`${content.base}/admin/articles/${id}`)
  await expect(
    page.getByRole('heading', { level: 1, name: `A Timed Story ${stamp}` }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Schedule…' }).click()
  const schedule = page.getByRole('dialog', { name: 'Schedule the article' })
  await expect(schedule).toContainText('Kansas City time (Central time)')
  await schedule.getByLabel('Date').fill('2031-07-04')
  await schedule.getByLabel('Time (Kansas City time)').fill('09:30')
  await expect(schedule.getByRole('status')).toContainText(
    'Goes live Friday, July 4, 2031 at 9:30 AM CDT (Kansas City time).',
  )
  expect(await axeViolations(page), 'schedule dialog').toEqual([])
  await schedule.getByRole('button', { name: 'Schedule' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Scheduled: it goes live' }),
  ).toBeVisible()
  await expect(page.getByText('Scheduled', { exact: true }).first()).toBeVisible()
  await expect(
    page.getByText('Goes live Friday, July 4, 2031 at 9:30 AM CDT (Kansas City time)', {
      exact: true,
    }),
  ).toBeVisible()
  expect((await page.request.get(`${content.site}/articles/timed-${stamp}`)).status()).toBe(404)

  await page.getByRole('button', { name: 'Cancel the schedule' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel the schedule' }).click()
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible()

  await page.getByRole('button', { name: 'Publish now' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Live on the site' })).toBeVisible({
    timeout: 60_000,
  })

  await page.getByRole('button', { name: 'Change address' }).click()
  const address = page.getByRole('dialog', { name: 'Change the address' })
  await expect(address).toContainText(
    `Links to the old address, /articles/timed-${stamp}, keep working`,
  )
  await address.getByLabel('Address').fill('admin')
  await address.getByRole('button', { name: 'Change address' }).click()
  await expect(address.getByText(/reserved for the site/)).toBeVisible()
  await address.getByLabel('Address').fill(`moved-${stamp}`)
  await address.getByRole('button', { name: 'Change address' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `/articles/moved-${stamp}; the old one redirects` }),
  ).toBeVisible()
  await expect(async () => {
    const old = await page.request.get(`${content.site}/articles/timed-${stamp}`, {
      maxRedirects: 0,
    })
    expect(old.status()).toBe(301)
    expect(old.headers()['location']).toMatch(new RegExp(`/articles/moved-${stamp}$`))
  }).toPass({ timeout: 60_000 })

  await page.getByRole('button', { name: 'Unpublish' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Unpublished' })).toBeVisible()
  await expect(async () => {
    expect((await page.request.get(`${content.site}/articles/moved-${stamp}`)).status()).toBe(404)
  }).toPass({ timeout: 60_000 })
  expect(errors).toEqual([])
})

test('two editors on one article: the second keeps theirs as a copy; an administrator deletes the copy', async ({
  browser,
  content,
}) => {
  test.slow()
  const first = await browser.newContext({ baseURL: content.base })
  const second = await browser.newContext({ baseURL: content.base })
  const [one, two] = [await first.newPage(), await second.newPage()]
  await one.goto(`${content.base}/admin/sign-in`)
  const ada = await signedInOn(content, one, 'editor', 'ada')
  await two.goto(`${content.base}/admin/sign-in`)
  await signedInOn(content, two, 'admin', 'grace')
  const stamp = Date.now()
  const id = await draftArticle(one, `shared-${stamp}`, `A Shared Story ${stamp}`)
  await one.goto(`${content.base}/admin/articles/${id}`)
  await two.goto(`${content.base}/admin/articles/${id}`)

  await one.getByLabel('Headline').fill(`Ada’s Headline ${stamp}`)
  await expect(one.getByTestId('save-status')).toHaveText(/^Saved at /)
  await two.getByLabel('Headline').fill(`Grace’s Headline ${stamp}`)
  const conflict = two.getByRole('dialog', { name: 'Someone else changed this' })
  await expect(conflict).toContainText(`${ada} changed this at`)
  await conflict.getByRole('button', { name: 'Keep mine as a copy' }).click()
  await expect(
    two.getByRole('heading', { level: 1, name: `Grace’s Headline ${stamp}` }),
  ).toBeVisible()
  await expect(two.getByText(`/articles/shared-${stamp}-copy`, { exact: true })).toBeVisible()
  await one.reload()
  await expect(
    one.getByRole('heading', { level: 1, name: `Ada’s Headline ${stamp}` }),
  ).toBeVisible()

  // Only an administrator is offered deletion.
  await two.getByRole('button', { name: 'Delete' }).click()
  await two.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click()
  await expect(two.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible()
  await expect(two.getByRole('link', { name: `Grace’s Headline ${stamp}` })).toHaveCount(0)
  await expect(two.getByRole('link', { name: `Ada’s Headline ${stamp}` })).toBeVisible()
  await first.close()
  await second.close()
})
