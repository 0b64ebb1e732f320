/**
 * Time to the catalogue's cards: how long after navigation the first course card of /courses is
 * on screen, on a throttled phone (Chromium at 4× CPU slowdown, 150 ms round trips, 1.6 Mbit/s
 * down, as Lighthouse's mobile preset), medians of the runs. Also when the list request started
 * and finished, the load event and the hydration, so the table shows what waits for what.
 *
 *   node scripts/bench/time-to-cards.ts http://127.0.0.1:4390 [more bases…] --runs=5
 *
 * `npm run bench` runs it once against its own server and writes its section of
 * docs/benchmarks.md.
 */
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, ensureChromium } from '#scripts/chromium.ts'
import { median } from './median.ts'
import { writeReportSection } from './report.ts'

const MARKERS = { start: '<!-- cards:begin -->', end: '<!-- cards:end -->' }

export interface CardsRun {
  /** ms from navigation start: the first course card in the document. */
  cards: number
  listStart: number
  listEnd: number
  load: number
  hydrated: number
}

export async function timeToCards(bases: string[], runs: number): Promise<Map<string, CardsRun[]>> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS })
  const results = new Map<string, CardsRun[]>(bases.map((base) => [base, []]))
  try {
    for (let run = 0; run < runs; run++) {
      for (const base of bases) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        })
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await page.addInitScript(() => {
          const w = window as unknown as { __cards?: number }
          new MutationObserver((_, observer) => {
            if (document.querySelector('[data-testid="course-card"]')) {
              w.__cards = performance.now()
              observer.disconnect()
            }
          }).observe(document, { childList: true, subtree: true })
        })
        await page.goto(`${base}/courses`, { waitUntil: 'load' })
        await page.waitForFunction(
          () =>
            (window as unknown as { __cards?: number }).__cards !== undefined &&
            document.documentElement.dataset.hydrated === 'true',
          undefined,
          { timeout: 60_000 },
        )
        const figures = await page.evaluate(() => {
          const navigation = performance.getEntriesByType(
            'navigation',
          )[0] as PerformanceNavigationTiming
          const list = (
            performance.getEntriesByType('resource') as PerformanceResourceTiming[]
          ).find((entry) => /\/api\/core\/[^/]+\/courses\/$/.test(new URL(entry.name).pathname))
          return {
            cards: (window as unknown as { __cards: number }).__cards,
            listStart: list?.startTime ?? NaN,
            listEnd: list?.responseEnd ?? NaN,
            load: navigation.loadEventStart,
            hydrated: performance.getEntriesByName('hydrated')[0]?.startTime ?? NaN,
          }
        })
        results.get(base)!.push(figures)
        console.log(
          `  run ${run + 1} ${base}: cards ${figures.cards.toFixed(0)} ms (list ${figures.listStart.toFixed(0)}–${figures.listEnd.toFixed(0)}, load ${figures.load.toFixed(0)}, hydrated ${figures.hydrated.toFixed(0)})`,
        )
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return results
}

export function cardsTable(results: Map<string, CardsRun[]>): string {
  const rows = [
    '| server | cards ms | list request starts ms | list answered ms | load ms | hydrated ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const [base, runs] of results) {
    const m = (key: keyof CardsRun) => median(runs.map((r) => r[key])).toFixed(0)
    rows.push(
      `| ${base} | ${m('cards')} | ${m('listStart')} | ${m('listEnd')} | ${m('load')} | ${m('hydrated')} |`,
    )
  }
  return rows.join('\n')
}

export function writeCardsReport(file: string, results: Map<string, CardsRun[]>, runs: number) {
  const [runsOfSite] = results.values()
  const m = (key: keyof CardsRun) => median((runsOfSite ?? []).map((r) => r[key])).toFixed(0)
  writeReportSection(
    file,
    MARKERS,
    [
      "## Time to the catalogue's cards",
      '',
      `Measured ${new Date().toISOString()} by \`npm run bench\` (scripts/bench/time-to-cards.ts): /courses`,
      `in Chromium at 4× CPU slowdown, 150 ms round trips and 1.6 Mbit/s, medians of ${runs} runs, ms after`,
      'navigation start. The list request comes from the page’s own preload; the cards wait for',
      'the island that renders them (after `load`), not for the list.',
      '',
      '| first card | list request starts | list answered | load | hydrated |',
      '| ---: | ---: | ---: | ---: | ---: |',
      `| ${m('cards')} | ${m('listStart')} | ${m('listEnd')} | ${m('load')} | ${m('hydrated')} |`,
    ].join('\n'),
  )
}

async function main() {
  const option = (name: string) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const bases = process.argv.slice(2).filter((a) => !a.startsWith('--'))
  if (bases.length === 0) throw new Error('give one or more base URLs')
  const results = await timeToCards(bases, Number(option('runs') ?? 5))
  console.log('\n' + cardsTable(results))
}

if (import.meta.main) await main()
