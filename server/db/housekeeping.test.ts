import pino from 'pino'
import { expect, it } from 'vitest'
import { createHousekeeping } from './housekeeping.ts'

const log = pino({ level: 'silent' })

it('runs every job at start and then on the schedule, until stopped', async () => {
  const housekeeping = createHousekeeping({ log, intervalMs: 20 })
  const runs: string[] = []
  let third: () => void
  const thirdRun = new Promise<void>((resolve) => (third = resolve))
  housekeeping.add('a', async () => {
    runs.push('a')
    if (runs.filter((r) => r === 'a').length === 3) third()
    return { rows: 0 }
  })
  housekeeping.add('b', async () => {
    runs.push('b')
    throw new Error('database away')
  })
  await housekeeping.start()
  // The first run is done when start() resolves; a failing job does not stop the others.
  expect(runs).toEqual(['a', 'b'])
  await thirdRun
  await housekeeping.stop()
  const count = runs.length
  await new Promise((resolve) => setTimeout(resolve, 60))
  expect(runs).toHaveLength(count)
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
