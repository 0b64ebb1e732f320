/**
 * A listener on /listen and an episode's page, in Chromium: the latest episode plays, a transcript
 * line and a chapter seek the player, the speed changes, a shared link starts at its moment, the
 * place is kept on a reload; then the same with the keyboard alone; and without JavaScript the
 * page's own <audio controls> plays the episode.
 */
import { expect, test, type Page } from '@playwright/test'
import { waitForHydration } from './helpers.ts'

const EPISODE = '/listen/the-empty-panel'

/** The player's audio element, as the page holds it. */
const audio = (page: Page) => page.locator('section[aria-label^="Player:"] audio')

const currentTime = (page: Page) =>
  audio(page).evaluate((element: HTMLAudioElement) => element.currentTime)

/** Waits until the audio is playing and has moved past `seconds`. */
async function playsPast(page: Page, seconds: number) {
  await expect
    .poll(() =>
      audio(page).evaluate(
        (element: HTMLAudioElement, past) => !element.paused && element.currentTime > past,
        seconds,
      ),
    )
    .toBe(true)
}

async function near(page: Page, seconds: number) {
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(seconds - 0.01)
  // not a stopwatch: where the playhead is (it plays on while the test reads it).
  expect(await currentTime(page)).toBeLessThan(seconds + 8)
}

test.describe('the player', () => {
  // The transcript box follows the audio smoothly unless the listener asked for reduced motion,
  // the suite's default (e2e/desktop.ts).
  test.use({ viewport: { width: 1440, height: 900 }, reducedMotion: 'no-preference' })

  test('on /listen: the latest episode plays, and its speed changes', async ({ page }) => {
    await page.goto('/listen')
    await waitForHydration(page)
    // The latest episode (another spec may have published one since the sample): the first of
    // the list, and the one whose player leads the page.
    const latest = await page
      .getByRole('region', { name: 'All episodes' })
      .getByRole('listitem')
      .first()
      .getByRole('heading')
      .textContent()
    const player = page.getByRole('region', { name: `Player: ${latest}` })
    await player.getByRole('button', { name: 'Play', exact: true }).click()
    await playsPast(page, 0.3)
    await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
    await player.getByLabel('Speed').selectOption('1.5')
    await expect
      .poll(() => audio(page).evaluate((element: HTMLAudioElement) => element.playbackRate))
      .toBe(1.5)
    await player.getByRole('button', { name: 'Pause', exact: true }).click()
    await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  })

  test('on an episode page: a transcript line and a chapter seek, a shared link starts at its moment', async ({
    page,
    browser,
  }) => {
    await page.goto(EPISODE)
    await waitForHydration(page)
    const player = page.getByRole('region', { name: 'Player: The Empty Panel' })
    await player.getByRole('button', { name: 'Play', exact: true }).click()
    await playsPast(page, 0.2)

    // A chapter: "From the mailbag" starts at 1:41.
    await player.getByRole('link', { name: /From the mailbag/ }).click()
    await near(page, 101.36)
    await expect(player.getByRole('link', { name: /From the mailbag/ })).toHaveAttribute(
      'aria-current',
      'true',
    )

    // A line of the transcript: its time stamp seeks there, and the line is highlighted.
    const transcript = page.locator('#transcript')
    const stamp = transcript.getByRole('link', { name: /play from/ }).nth(3)
    const at = Number((await stamp.getAttribute('href'))!.replace('#t=', ''))
    expect(at).toBeGreaterThan(10)
    await stamp.click()
    await near(page, at)
    await expect(transcript.locator('.bg-gold-soft').first()).toBeVisible()

    // Share this moment: a link with #t=<seconds>; following it starts there.
    await player.getByRole('button', { name: 'Pause', exact: true }).click()
    await player.getByRole('button', { name: /^Share this moment/ }).click()
    const shared = await player.getByRole('status').getByRole('link').getAttribute('href')
    const url = new URL(shared!)
    expect(url.pathname).toBe(EPISODE)
    const moment = Number(/^#t=(\d+)$/.exec(url.hash)?.[1])
    expect(moment).toBeGreaterThanOrEqual(at)
    // Followed on this page (a fragment navigation)…
    await page.goto(`${url.pathname}${url.hash}`)
    await waitForHydration(page)
    await near(page, moment)
    await expect(player.getByRole('slider', { name: 'Position in the episode' })).toHaveValue(
      String(moment),
    )
    // …and by someone else, who has never opened the episode: the page loads at the moment.
    const friend = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const theirs = await friend.newPage()
    await theirs.goto(`${url.pathname}${url.hash}`)
    await waitForHydration(theirs)
    const theirPlayer = theirs.getByRole('region', { name: 'Player: The Empty Panel' })
    await expect(theirPlayer.getByRole('slider', { name: 'Position in the episode' })).toHaveValue(
      String(moment),
    )
    await theirPlayer.getByRole('button', { name: 'Play', exact: true }).click()
    await playsPast(theirs, moment)
    await friend.close()
  })

  test('keeps its place when the listener reloads', async ({ page }) => {
    await page.goto(EPISODE)
    await waitForHydration(page)
    const player = page.getByRole('region', { name: 'Player: The Empty Panel' })
    await player.getByRole('link', { name: /The empty panel/ }).click()
    await near(page, 18.88)
    await player.getByRole('button', { name: 'Play', exact: true }).click()
    await playsPast(page, 19)
    await player.getByRole('button', { name: 'Pause', exact: true }).click()
    const left = Math.floor(await currentTime(page))
    await page.reload()
    await waitForHydration(page)
    await expect(player.getByText(/^Picked up where you left off, at 0:\d\d\./)).toBeVisible()
    await near(page, left)
  })

  test('with the keyboard alone: play, seek by chapter and by transcript line, change the speed', async ({
    page,
  }) => {
    await page.goto(EPISODE)
    await waitForHydration(page)
    const player = page.getByRole('region', { name: 'Player: The Empty Panel' })
    /** Tab until the focus is on this element (bounded), then say the focus ring shows. */
    async function tabTo(target: ReturnType<Page['getByRole']>) {
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab')
        if (await target.evaluate((element) => element === document.activeElement)) {
          const outline = await target.evaluate((element) => getComputedStyle(element).outlineStyle)
          expect(outline, 'a visible focus ring').not.toBe('none')
          return
        }
      }
      throw new Error('Tab never reached it')
    }
    await tabTo(player.getByRole('button', { name: 'Play', exact: true }))
    await page.keyboard.press('Enter')
    await playsPast(page, 0.2)
    await tabTo(player.getByRole('button', { name: 'Forward 15 seconds' }))
    const before = await currentTime(page)
    await page.keyboard.press('Space')
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(before + 14)
    await tabTo(player.getByLabel('Speed'))
    await page.keyboard.press('ArrowDown')
    await expect
      .poll(() => audio(page).evaluate((element: HTMLAudioElement) => element.playbackRate))
      .toBe(1.25)
    await tabTo(player.getByRole('link', { name: /Listen, learn, lead/ }))
    await page.keyboard.press('Enter')
    await near(page, 129.42)
    const stamp = page
      .locator('#transcript')
      .getByRole('link', { name: /play from/ })
      .nth(3)
    const at = Number((await stamp.getAttribute('href'))!.replace('#t=', ''))
    await tabTo(stamp)
    await page.keyboard.press('Enter')
    await near(page, at)
  })
})

test('the Listen sections of Home and About lead to /listen', async ({ page }) => {
  for (const path of ['/', '/about']) {
    await page.goto(path)
    await expect(page.getByRole('link', { name: 'Listen to The Daily Commons' })).toHaveAttribute(
      'href',
      '/listen',
    )
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the page’s own audio player plays the episode, and the chapters are links to moments', async ({
    page,
  }) => {
    await page.goto(EPISODE)
    const native = audio(page)
    await expect(native).toHaveAttribute('controls', '')
    const source = await native.locator('source').getAttribute('src')
    expect(source).toMatch(/^\/media\/u\/[0-9a-f]{32}\.mp3$/)
    await expect(page.getByRole('link', { name: /From the mailbag/ })).toHaveAttribute(
      'href',
      '#t=101',
    )
    await expect(page.locator('#transcript')).toContainText('Good morning, and happy Friday.')
    // Press play as the native controls do (the page itself runs no script; the test's call
    // is synchronous, as promises and timers wait while scripts are off), muted for autoplay.
    const paused = await native.evaluate((media: HTMLAudioElement) => {
      media.muted = true
      void media.play()
      return media.paused
    })
    expect(paused).toBe(false)
    await expect
      .poll(() => native.evaluate((media: HTMLAudioElement) => media.currentTime))
      .toBeGreaterThan(0.3)
    expect(
      new URL(await native.evaluate((media: HTMLAudioElement) => media.currentSrc)).pathname,
    ).toBe(source)
  })
})
