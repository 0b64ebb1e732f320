/**
 * How soon a person can send the contact form: Chromium opens /contact, waits for the page's
 * script (as a person waits for the page to be there), then fills every field at once and presses
 * Send, as a password manager's autofill does (the fastest fill there is). Reported per run: when
 * the page was hydrated and when it was sent (ms from navigation start), and the fill time the
 * server would judge (its clock at the request minus the form's `startedAt`), against
 * FORM_MIN_FILL_MS. The request is answered in the browser, so nothing is stored.
 *
 *   node scripts/bench/form-fill.ts http://127.0.0.1:4330 --runs=5
 *
 * docs/forms-and-mail.md ("Sent very fast") has the figures and what they decided.
 */
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, ensureChromium } from '#scripts/chromium.ts'
import { median } from './median.ts'

export interface FillRun {
  hydrated: number
  sent: number
  /** What the server compares with FORM_MIN_FILL_MS. */
  fillMs: number
}

export async function fastestFill(base: string, runs: number): Promise<FillRun[]> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS })
  const results: FillRun[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
      const page = await context.newPage()
      let fillMs = NaN
      await page.route('**/api/contact/', async (route) => {
        const body = route.request().postDataJSON() as { startedAt?: number }
        fillMs = Date.now() - (body.startedAt ?? NaN)
        await route.fulfill({ status: 201, json: { ok: true } })
      })
      await page.goto(`${base}/contact`, { waitUntil: 'load' })
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      const form = page.locator('form[aria-labelledby="contact-form-title"]')
      // Autofill: every field in one go, then Send.
      await form.evaluate((element: HTMLFormElement) => {
        const set = (name: string, value: string) => {
          const input = element.elements.namedItem(name) as HTMLInputElement
          input.value = value
          input.dispatchEvent(new Event('input', { bubbles: true }))
          input.dispatchEvent(new Event('change', { bubbles: true }))
        }
        set('name', 'Rosa Delgado')
        set('email', 'rosa.delgado@example.org')
        set('website', 'https://delgado-studio.example.org')
        set('message', 'Could we talk about a course for our volunteers?')
        performance.mark('sent')
        element.requestSubmit()
      })
      await page.waitForRequest('**/api/contact/').catch(() => undefined)
      await page.waitForFunction(() => performance.getEntriesByName('sent').length > 0)
      const marks = await page.evaluate(() => ({
        hydrated: performance.getEntriesByName('hydrated')[0]?.startTime ?? NaN,
        sent: performance.getEntriesByName('sent')[0]!.startTime,
      }))
      for (let wait = 0; Number.isNaN(fillMs) && wait < 600; wait++) await page.waitForTimeout(100)
      results.push({ ...marks, fillMs })
      console.log(
        `  run ${run + 1}: hydrated ${marks.hydrated.toFixed(0)} ms, sent ${marks.sent.toFixed(0)} ms, fill time the server sees ${fillMs} ms`,
      )
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}

if (import.meta.main) {
  const args = process.argv.slice(2)
  const base = args.find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:3000'
  const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 5)
  const results = await fastestFill(base, runs)
  console.log(
    `median: sent ${median(results.map((r) => r.sent)).toFixed(0)} ms after navigation start, fill time ${median(results.map((r) => r.fillMs)).toFixed(0)} ms; slowest fill ${Math.max(...results.map((r) => r.fillMs))} ms`,
  )
}
