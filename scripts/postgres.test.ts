import { spawnSync } from 'node:child_process'
import { expect, it } from 'vitest'
import { signal } from './postgres.ts'

// Freezing and thawing the test PostgreSQL signals processes listed a moment before; on a slow
// machine a backend can end in between (the outage test's thaw failed with "kill ESRCH" under a
// CPU quota).
it('skips a listed process that has ended since', () => {
  const ended = spawnSync(process.execPath, ['-e', '0']).pid!
  expect(() => signal(ended, 'SIGCONT')).not.toThrow()
})

it('still throws any other error', () => {
  expect(() => signal(process.pid, 'SIGNOTHING' as NodeJS.Signals)).toThrow(/SIGNOTHING/)
})
