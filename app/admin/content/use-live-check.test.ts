/**
 * After a publish, staff are told when the site shows the change: at once when it does, that it
 * is taking longer after 20 tries, and still when it comes later; never an endless loop.
 */
import { describe, expect, it } from 'vitest'
import { MORE_TRIES, SLOW_AFTER_TRIES, watchUntilLive, type LiveWatch } from './use-live-check.ts'

function fakeSite(liveAfterAsks: number, failure?: string) {
  const said: string[] = []
  let asks = 0
  const watch: LiveWatch = {
    ask: async () => {
      asks++
      return {
        servedVersion: asks > liveAfterAsks ? 7 : 6,
        lastFailure: failure ? { message: failure, at: '2026-11-27T00:00:00.000Z' } : null,
      } as Awaited<ReturnType<LiveWatch['ask']>>
    },
    notify: (message) => said.push(message),
    wait: async () => {},
    stopped: () => false,
  }
  return { watch, said, asks: () => asks }
}

describe('watchUntilLive', () => {
  it('says the change is live as soon as the site serves its version', async () => {
    const site = fakeSite(2)
    await watchUntilLive(7, 'Live on the site: /x', site.watch)
    expect(site.said).toEqual(['Live on the site: /x'])
    expect(site.asks()).toBe(3)
  })

  it('says a slow site is slow, and keeps checking until it shows the change', async () => {
    const site = fakeSite(SLOW_AFTER_TRIES + 10)
    await watchUntilLive(7, 'Live on the site: /x', site.watch)
    expect(site.said).toEqual([
      'The site is taking longer than usual to show the change. We keep checking.',
      'Live on the site: /x',
    ])
  })

  it('names the render failure, and gives up after three more minutes', async () => {
    const site = fakeSite(Infinity, 'Article x: a picture is missing')
    await watchUntilLive(7, 'Live', site.watch)
    expect(site.asks()).toBe(SLOW_AFTER_TRIES + MORE_TRIES)
    expect(site.said).toEqual([
      'The site has not shown the change yet: Article x: a picture is missing We keep checking.',
      'The site has still not shown the change after 3 minutes: Article x: a picture is missing',
    ])
  })

  it('stops asking when the page that asked is gone', async () => {
    const site = fakeSite(Infinity)
    let left = 3
    await watchUntilLive(7, 'Live', { ...site.watch, stopped: () => left-- <= 0 })
    expect(site.asks()).toBe(3)
    expect(site.said).toEqual([])
  })
})
