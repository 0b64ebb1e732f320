/**
 * After "Publish now" on a new episode, the form shows what the server says it now is: live,
 * with "Unpublish" and "Publish the changes", without a reload (it once kept offering "Publish
 * now" and no "Unpublish": the page moved to the episode's address with the draft it had read).
 */
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { isoToZoned } from '../app/admin/format.ts'
import { adminBrowser, signedInStaff } from './back-office-helpers.ts'

test.use(adminBrowser)

const AUDIO = path.resolve(import.meta.dirname, '..', 'server/media/fixtures/two-seconds.m4a')

test('a new episode published now is shown as live, with Unpublish, at once', async ({ page }) => {
  const stamp = Date.now() % 1_000_000
  await signedInStaff(page, 'editor')
  await page.goto('/admin/podcast')
  await page.getByRole('link', { name: /^New episode \d+$/ }).click()
  await page.getByLabel('Choose the audio file').setInputFiles(AUDIO)
  await expect(page.getByText(/^M4A · 0:02 ·/)).toBeVisible()
  await page.getByLabel('Title').fill(`State After Publishing ${stamp}`)
  await page.getByLabel('Summary').fill('Two seconds of a tone, to test what the form shows.')
  await page.getByLabel('Show notes').fill('A test of the form after publishing.\n')
  await page.getByLabel('Transcript text').fill('Imani Brooks: A tone.\n')
  const minuteAgo = isoToZoned(new Date(Date.now() - 60_000).toISOString())
  await page.getByLabel('Publication time (Kansas City)').fill(minuteAgo)
  await page.getByRole('button', { name: 'Publish now' }).click()
  await expect(page.getByText(/^Published: its page, \/listen and the feed show it/)).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/podcast\/episodes\/[^/]+$/)
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Publish the changes' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Publish now' })).toHaveCount(0)
})
