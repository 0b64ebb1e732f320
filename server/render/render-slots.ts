/**
 * How many renders the worker runs at once, and in which order the others start: a page a
 * visitor asked for before the pages warmed after a start or a publish. Warming takes at most
 * WARM_AT_ONCE of the slots, so a visitor's page never waits behind it (the podcast feed alone
 * renders for seconds at ten years of the show); visitors' pages start in the order asked.
 */

/** Renders at once: one page's compression (zlib's threads) overlaps the next one's render. */
export const RENDERS_AT_ONCE = 2
/** Of those, warming's at most. */
export const WARM_AT_ONCE = 1

export interface RenderSlots {
  /** Resolves when the render may start; call the function it gives when it has ended. */
  take(kind: 'visitor' | 'warm'): Promise<() => void>
  readonly running: number
  readonly waiting: number
}

export function createRenderSlots(
  atOnce = RENDERS_AT_ONCE,
  warmAtOnce = WARM_AT_ONCE,
): RenderSlots {
  let running = 0
  let warming = 0
  const visitors: (() => void)[] = []
  const warms: (() => void)[] = []

  const start = (warm: boolean) => {
    running++
    if (warm) warming++
    let ended = false
    return () => {
      if (ended) return
      ended = true
      running--
      if (warm) warming--
      next()
    }
  }
  const canStart = (warm: boolean) => running < atOnce && (!warm || warming < warmAtOnce)
  function next() {
    if (visitors.length > 0 && canStart(false)) visitors.shift()!()
    else if (warms.length > 0 && canStart(true)) warms.shift()!()
  }

  return {
    take(kind) {
      const warm = kind === 'warm'
      if (canStart(warm) && (warm ? visitors.length === 0 : true))
        return Promise.resolve(start(warm))
      return new Promise((resolve) => (warm ? warms : visitors).push(() => resolve(start(warm))))
    },
    get running() {
      return running
    },
    get waiting() {
      return visitors.length + warms.length
    },
  }
}
