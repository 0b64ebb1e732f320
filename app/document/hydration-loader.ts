/**
 * Starts the page's scripts once the page has painted and loaded: nothing the hydration fetches
 * counts against the first paint or the load event (docs/decisions/009), and the page works
 * without it meanwhile (links, native forms, the menu as a :target).
 *
 * The chunks come dependencies first and the client entry last. Each preload link starts its
 * fetch when inserted (about 1.3 ms each here), so they go in a few per task; then each chunk
 * is imported in a task of its own, so that no single evaluation is a long task. Importing the
 * entry hydrates the islands (app/islands/hydrate-islands.tsx).
 */
import type { AfterPaint } from './after-paint.ts'

const PRELOADS_PER_TASK = 4

export interface LoaderWindow {
  document: {
    readyState: string
    createElement(tag: 'link'): { rel: string; href: string }
    head: { appendChild(node: unknown): unknown }
  }
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void
  setTimeout(callback: () => void): unknown
}

export function loadHydration(
  win: LoaderWindow,
  chunks: string[],
  afterPaint: AfterPaint,
  importModule: (url: string) => Promise<unknown>,
): void {
  if (chunks.length === 0) return
  const toPreload = [...chunks]
  const toImport = [...chunks]
  const preload = () => {
    for (const href of toPreload.splice(0, PRELOADS_PER_TASK)) {
      const link = win.document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      win.document.head.appendChild(link)
    }
    win.setTimeout(toPreload.length > 0 ? preload : next)
  }
  const next = () => {
    const url = toImport.shift()
    if (url === undefined) return
    importModule(url).then(
      () => win.setTimeout(next),
      (error: unknown) => {
        // A chunk that failed to load (a deploy removed it, the network dropped): the page
        // stays as it is, working without scripts.
        console.error(`Could not load ${url}:`, error)
      },
    )
  }
  const start = () => win.setTimeout(preload)
  afterPaint(() => {
    if (win.document.readyState === 'complete') start()
    else win.addEventListener('load', start, { once: true })
  })
}
