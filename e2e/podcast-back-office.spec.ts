/**
 * An editor publishes an episode through the back office: audio uploaded (a file that is not
 * audio refused first), transcript and chapters added, published; within 10 s its page, /listen
 * and the feed carry it (the server renders them again on its own: no build). The podcast's
 * staff pages have no WCAG 2.2 A/AA violation axe can find at 390 and 1440 px, nothing wider than
 * the window, and the form works with the keyboard alone.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { isoToZoned } from '../app/admin/format.ts'
import { adminBrowser, signedInStaff } from './back-office-helpers.ts'
import { checkAtEachWidth, WIDTHS } from './helpers.ts'

test.use(adminBrowser)

const ROOT = path.resolve(import.meta.dirname, '..')
const AUDIO = path.join(ROOT, 'server/media/fixtures/two-seconds.m4a')

/** A file of the test's own on disk, for a file input (Playwright empties the folder per run). */
function scratchFile(name: string, content: string | Buffer): string {
  const file = test.info().outputPath(name)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
  return file
}

test('an editor publishes an episode; within 10 s its page, /listen and the feed carry it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now() % 1_000_000
  const title = `A Two-Second Test ${stamp}`
  const slug = `a-two-second-test-${stamp}`
  await signedInStaff(page, 'editor')
  await page.goto('/admin/podcast')
  await expect(page.getByRole('heading', { level: 1, name: 'Podcast' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'A Winter of Listening' })).toBeVisible()
  await page.getByRole('link', { name: /^New episode \d+$/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New episode' })).toBeVisible()

  // A picture is not audio: refused, saying what it is, next to the field.
  const audioInput = page.getByLabel('Choose the audio file')
  await audioInput.setInputFiles(path.join(ROOT, 'public/icon-512.png'))
  await expect(page.getByText(/“icon-512\.png” is a PNG image, not MP3 or M4A audio/)).toBeVisible()
  await expect(audioInput).toHaveAttribute('aria-invalid', 'true')
  await audioInput.setInputFiles(AUDIO)
  await expect(page.getByText(/^M4A · 0:02 ·/)).toBeVisible()

  await page.getByLabel('Title').fill(title)
  await expect(page.getByLabel('Address')).toHaveValue(slug)
  await page
    .getByLabel('Summary')
    .fill('Two seconds of a tone, to test the publishing of an episode.')
  await page
    .getByLabel('Show notes')
    .fill('A test of the back office.\n\n## In this episode\n\n- A tone.\n')
  await page
    .getByLabel('Load the transcript from a file (.vtt or .txt)')
    .setInputFiles(
      scratchFile(
        'test.vtt',
        'WEBVTT\n\n00:00:00.100 --> 00:00:01.000\n<v Imani Brooks>A tone begins.\n\n00:00:01.000 --> 00:00:01.900\n<v Owen Fairchild>And it ends.\n',
      ),
    )
  await expect(page.getByLabel('Transcript text')).toHaveValue(/^WEBVTT/)
  await page.getByRole('button', { name: 'Add a chapter' }).click()
  await page.getByLabel('Chapter 1 title').fill('The tone')
  await page.getByRole('button', { name: 'Add a chapter' }).click()
  await page.getByLabel('Chapter 2 starts at').fill('0:01')
  await page.getByLabel('Chapter 2 title').fill('The end')
  // Out now: a publication time a minute ago.
  const minuteAgo = isoToZoned(new Date(Date.now() - 60_000).toISOString())
  await page.getByLabel('Publication time (Kansas City)').fill(minuteAgo)
  await page.getByRole('button', { name: 'Publish now' }).click()
  await expect(page.getByText(/^Published: its page, \/listen and the feed show it/)).toBeVisible()

  // On the site without a build: the episode page, the list and the feed. The promise is 10 s
  // (`npm run bench` measures it); the test waits as long as a slow machine may need.
  await expect
    .poll(async () => (await request.get(`/listen/${slug}`)).status(), { timeout: 60_000 })
    .toBe(200)
  await expect
    .poll(async () => (await (await request.get('/listen/feed.xml')).text()).includes(title), {
      timeout: 60_000,
    })
    .toBe(true)
  const feed = await (await request.get('/listen/feed.xml')).text()
  expect(feed).toContain(`<link>`)
  expect(feed).toMatch(new RegExp(`/listen/${slug}/transcript\\.vtt`))
  expect(feed).toMatch(new RegExp(`/listen/${slug}/chapters\\.json`))
  const list = await (await request.get('/listen')).text()
  expect(list).toContain(title)

  await page.goto(`/listen/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.locator('#transcript')).toContainText('A tone begins.')
  await expect(page.getByRole('link', { name: /The end/ })).toBeVisible()
})

// Each page loaded once, checked at 390 px and, resized, at 1440 px.
test("the podcast's staff pages at 390 and 1440 px: axe finds nothing, nothing is wider than the window", async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: WIDTHS[0], height: 900 })
  await signedInStaff(page, 'admin')
  for (const [url, heading] of [
    ['/admin/podcast', 'Podcast'],
    ['/admin/podcast/new', 'New episode'],
    ['/admin/podcast/show', 'Show settings'],
  ] as const) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await checkAtEachWidth(page, url, { fits: true })
  }
  // An episode with its audio, transcript and chapters in the form.
  await page.goto('/admin/podcast')
  await page.getByRole('link', { name: 'The Empty Panel' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: /^Episode 5: The Empty Panel$/ }),
  ).toBeVisible()
  await expect(page.getByLabel('Chapter 4 title')).toHaveValue('Listen, learn, lead')
  await checkAtEachWidth(page, 'an episode', { fits: true })
})

test('the episode form works with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000)
  await signedInStaff(page, 'editor')
  await page.goto('/admin/podcast/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New episode' })).toBeVisible()
  /** Presses Tab until the element with this accessible name has the focus (bounded). */
  async function tabTo(name: RegExp) {
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null
        if (!element) return ''
        const label = element.id ? document.querySelector(`label[for="${element.id}"]`) : null
        return (
          label?.textContent ??
          element.getAttribute('aria-label') ??
          element.textContent ??
          ''
        ).trim()
      })
      if (name.test(focused)) return
    }
    throw new Error(`Tab never reached ${name}`)
  }
  await tabTo(/^Title$/)
  await page.keyboard.type('Typed With the Keyboard')
  await tabTo(/^Add a chapter$/)
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Chapter 1 title')).toBeVisible()
  await tabTo(/^Chapter 1 title$/)
  await page.keyboard.type('The start')
  await tabTo(/^Save draft$/)
  // The focus ring is visible where the focus is.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
  expect(outline).not.toBe('none')
  await page.keyboard.press('Enter')
  // Nothing saved without audio and a transcript: the form says so next to each field.
  await expect(page.getByLabel('Choose the audio file')).toHaveAccessibleDescription(
    'Upload the episode’s audio (MP3 or M4A).',
  )
  await expect(page.getByLabel('Transcript text')).toHaveAccessibleDescription(/Add the transcript/)
})
