/**
 * The render worker's slots: a visitor's page starts at once while warming runs, warming never
 * takes more than its share, and what waits starts in order, visitors first.
 */
import { describe, expect, it } from 'vitest'
import { createRenderSlots } from './render-slots.ts'

/** Whether a promise has settled, after the microtasks now queued. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => (done = true))
  await Promise.resolve()
  await Promise.resolve()
  return done
}

describe('the render slots', () => {
  it('start a visitor’s page at once while warming renders, and a second warm page waits', async () => {
    const slots = createRenderSlots(2, 1)
    const endFeed = await slots.take('warm')
    const secondWarm = slots.take('warm')
    expect(await settled(secondWarm)).toBe(false)
    const visitor = slots.take('visitor')
    expect(await settled(visitor)).toBe(true)
    expect(slots.running).toBe(2)
    ;(await visitor)()
    // A free slot is not warming's while a warm page runs.
    expect(await settled(secondWarm)).toBe(false)
    endFeed()
    expect(await settled(secondWarm)).toBe(true)
  })

  it('start visitors first when a slot frees, then warming, each in the order asked', async () => {
    const slots = createRenderSlots(2, 1)
    const started: string[] = []
    const endA = await slots.take('visitor')
    const endB = await slots.take('visitor')
    const waiting = [
      slots.take('warm').then((end) => (started.push('warm 1'), end)),
      slots.take('visitor').then((end) => (started.push('visitor 1'), end)),
      slots.take('visitor').then((end) => (started.push('visitor 2'), end)),
    ]
    expect(slots.waiting).toBe(3)
    endA()
    await Promise.resolve()
    endB()
    const [warm, first, second] = waiting as [
      Promise<() => void>,
      Promise<() => void>,
      Promise<() => void>,
    ]
    ;(await first)()
    ;(await second)()
    await warm
    expect(started).toEqual(['visitor 1', 'visitor 2', 'warm 1'])
    expect(slots.waiting).toBe(0)
  })

  it('never run more than their number, and an end called twice frees one slot', async () => {
    const slots = createRenderSlots(2, 1)
    const end = await slots.take('visitor')
    await slots.take('visitor')
    const third = slots.take('visitor')
    end()
    end()
    expect(await settled(third)).toBe(true)
    expect(slots.running).toBe(2)
  })
})
