import pino from 'pino'
import { expect, it, onTestFinished, vi } from 'vitest'
import { createHousekeeping } from './housekeeping.ts'

const log = pino({ level: 'silent' })

it('runs every job at start and then on the schedule, until stopped', async () => {
  // The schedule's clock is moved, not waited for.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  onTestFinished(() => void vi.useRealTimers())
  const housekeeping = createHousekeeping({ log, intervalMs: 60_000 })
  const runs: string[] = []
  housekeeping.add('a', async () => {
    runs.push('a')
    return { rows: 0 }
  })
  housekeeping.add('b', async () => {
    runs.push('b')
    throw new Error('database away')
  })
  await housekeeping.start()
  // The first run is done when start() resolves; a failing job does not stop the others.
  expect(runs).toEqual(['a', 'b'])
  await vi.advanceTimersByTimeAsync(59_999)
  expect(runs).toHaveLength(2)
  await vi.advanceTimersByTimeAsync(1 + 60_000)
  expect(runs).toEqual(['a', 'b', 'a', 'b', 'a', 'b'])
  await housekeeping.stop()
  await vi.advanceTimersByTimeAsync(5 * 60_000)
  expect(runs).toHaveLength(6)
})

it('waits for a run in flight when stopped', async () => {
  const housekeeping = createHousekeeping({ log, intervalMs: 60_000 })
  let finished = false
  let release: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  housekeeping.add('slow', async () => {
    await gate
    finished = true
    return {}
  })
  const started = housekeeping.start()
  const stopped = housekeeping.stop().then(() => finished)
  release!()
  await started
  expect(await stopped).toBe(true)
})
