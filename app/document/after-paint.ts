/**
 * Runs callbacks a task after the first contentful paint (at `load` in a browser without paint
 * timing): the web fonts and the hydration wait for it, so that nothing they fetch or evaluate
 * competes with the first paint.
 */
export interface PaintWindow {
  PerformanceObserver?: {
    supportedEntryTypes?: readonly string[]
    new (
      callback: (
        list: { getEntriesByName(name: string): unknown[] },
        observer: { disconnect(): void },
      ) => void,
    ): { observe(options: { type: string; buffered: boolean }): void }
  }
  addEventListener(type: 'load', listener: () => void): void
  setTimeout(callback: () => void): unknown
}

export type AfterPaint = (callback: () => void) => void

export function createAfterPaint(win: PaintWindow): AfterPaint {
  const queue: (() => void)[] = []
  let painted = false
  const run = () => {
    if (painted) return
    painted = true
    for (const callback of queue.splice(0)) win.setTimeout(callback)
  }
  let observing = false
  try {
    const Observer = win.PerformanceObserver
    if (Observer?.supportedEntryTypes?.includes('paint')) {
      new Observer((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return
        observer.disconnect()
        run()
      }).observe({ type: 'paint', buffered: true })
      observing = true
    }
  } catch {
    observing = false
  }
  if (!observing) win.addEventListener('load', run)
  return (callback) => (painted ? win.setTimeout(callback) : queue.push(callback))
}
