/**
 * A page that arrives in parts: on a slow or busy connection the browser paints what it has
 * parsed, then parses the rest. Nothing it painted first may move when the rest arrives (a
 * bottom-aligned hero did: its first line was pushed up by the heading parsed after it).
 *
 * A proxy of the test's own, on 127.0.0.1, holds each page's HTML at a cut inside <main> until the
 * browser has painted what it got, then sends the rest; every other request passes through
 * unchanged, but the web fonts, which the browser is refused (their swap is performance.spec.ts's
 * to measure).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { observeLayoutShifts, PAGES, readLayoutShifts } from './helpers.ts'

/** How long the proxy holds a page at most: a browser that never paints fails the test sooner. */
const HOLD_LIMIT_MS = 60_000
/**
 * Half the budget of a whole load (performance.spec.ts): what remains is the native audio
 * controls of an episode re-laying out their time display before the player replaces them
 * (0.003 at 412 px), which no page style reaches.
 */
const CLS_BUDGET = 0.005

/** One page for each kind of page: the first path of every first segment and depth. */
function onePerKind(paths: readonly string[]) {
  const kinds = new Map<string, string>()
  for (const p of paths) {
    const parts = p.split('/').filter(Boolean)
    const kind = `${parts[0] ?? ''}/${parts.length}`
    if (!kinds.has(kind)) kinds.set(kind, p)
  }
  return [...kinds.values()]
}

/**
 * Byte offsets just after the first closing </picture>, </p>, </h1> and </h2> inside <main>, and
 * halfway into the text of the last link of its first <header> (a row of links painted with its
 * last one half-parsed, shorter than it will be).
 */
function cutsOf(html: Buffer) {
  const text = html.toString('latin1')
  const main = text.indexOf('<main')
  if (main < 0) return []
  const cuts = ['</picture>', '</p>', '</h1>', '</h2>']
    .map((tag) => text.indexOf(tag, main))
    .filter((at) => at > 0)
    .map((at) => text.indexOf('>', at) + 1)
  const header = text.indexOf('</header>', main)
  const link = header > 0 ? text.lastIndexOf('<a ', header) : -1
  if (link > main) {
    const start = text.indexOf('>', link) + 1
    cuts.push(start + Math.floor((text.indexOf('</a>', start) - start) / 2))
  }
  return cuts
}

interface SplitProxy {
  url: string
  /** The next answer for `path` pauses after `cut` bytes, until the returned function is called. */
  holdAt(path: string, cut: number): () => void
  close(): Promise<void>
}

async function splitProxy(upstream: string): Promise<SplitProxy> {
  const target = new URL(upstream)
  let hold: { path: string; cut: number; released: Promise<void> } | undefined
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, host: target.host, 'accept-encoding': 'identity' }
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers,
      },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          const body = Buffer.concat(chunks)
          const held = hold && request.url === hold.path ? hold : undefined
          if (held) hold = undefined
          const outgoing = { ...answer.headers }
          delete outgoing['content-length']
          delete outgoing['transfer-encoding']
          response.writeHead(answer.statusCode ?? 502, outgoing)
          if (!held) return response.end(body)
          response.write(body.subarray(0, held.cut))
          void held.released.then(() => response.end(body.subarray(held.cut)))
        })
      },
    )
    forward.on('error', () => response.destroy())
    request.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    holdAt(path, cut) {
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
        setTimeout(resolve, HOLD_LIMIT_MS).unref()
      })
      hold = { path, cut, released }
      return release
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

test.describe('pages arriving in parts', () => {
  let proxy: SplitProxy
  test.beforeAll(async ({ baseURL }) => {
    proxy = await splitProxy(baseURL!)
  })
  test.afterAll(async () => {
    await proxy?.close()
  })

  for (const pagePath of onePerKind(PAGES)) {
    test(`${pagePath}: what was painted before the pause does not move after it`, async ({
      page,
      request,
    }) => {
      const html = Buffer.from(await (await request.get(pagePath)).body())
      const cuts = cutsOf(html)
      expect(cuts.length, 'the page has a <main> with text').toBeGreaterThan(0)
      await observeLayoutShifts(page)
      // The web fonts swap in when they arrive, after the first paint: on a busy machine inside
      // the load measured here, on a fast one before the pause ends. Their swap is measured by
      // performance.spec.ts (at 412 and 1440 px, against its own budget); here the page stays in
      // its metric-matched fallback fonts, so that what moves is what the pause moved.
      await page.route(/\.woff2$/, (route) => route.abort())
      for (const width of [412, 1440]) {
        await page.setViewportSize({ width, height: 823 })
        for (const cut of cuts) {
          const release = proxy.holdAt(pagePath, cut)
          const loaded = page.goto(proxy.url + pagePath, { waitUntil: 'load' })
          // The page as far as the cut, painted (its first contentful paint while it is still
          // loading), is what the rest must not move: held until then, however slow the machine.
          await page.waitForFunction(
            () =>
              document.readyState === 'loading' &&
              performance.getEntriesByName('first-contentful-paint').length > 0,
            undefined,
            { polling: 'raf', timeout: HOLD_LIMIT_MS },
          )
          release()
          await loaded
          const shifts = await readLayoutShifts(page)
          expect(
            shifts.value,
            `${width} px, paused after byte ${cut}:\n${shifts.shifted.join('\n')}`,
          ).toBeLessThanOrEqual(CLS_BUDGET)
        }
      }
    })
  }
})
