/**
 * On SQLite a serialised write waits for a write lock that another connection holds on timers,
 * with the event loop free, rather than asleep in SQLite's busy handler; and it still waits its
 * turn. The other writer is a thread with a connection of its own, which holds the lock for a
 * second (as another process publishing would).
 */
import { Worker } from 'node:worker_threads'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#server/test/databases.ts'
import { serialisedWrite } from './serialised-write.ts'

const HOLD_MS = 1000

/** A thread that takes the write lock, posts 'locked', holds it HOLD_MS and commits. */
const HOLDER = `
  const { workerData, parentPort } = require('node:worker_threads')
  const { DatabaseSync } = require('node:sqlite')
  const connection = new DatabaseSync(workerData.file)
  connection.exec('begin immediate')
  connection.exec("insert into lock_probe (writer) values ('thread')")
  parentPort.postMessage('locked')
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs)
  connection.exec('commit')
  connection.close()
`

describe('a serialised write on SQLite while another connection writes', () => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite')
    await sql`create table lock_probe (writer text not null)`.execute(testDb.database.db)
  })
  afterAll(() => testDb?.drop())

  it('waits its turn with the event loop free', async () => {
    const holder = new Worker(HOLDER, {
      eval: true,
      workerData: { file: testDb.database.location, holdMs: HOLD_MS },
    })
    const exited = new Promise((resolve) => holder.once('exit', resolve))
    await new Promise((resolve) => holder.once('message', resolve))
    let last = performance.now()
    let longestGap = 0
    const ticks = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
    }, 5)
    const asked = performance.now()
    try {
      // The control: how long the write waited for the lock, measured in this run.
      const controlWaitMs = await serialisedWrite(testDb.database, [1, 2], async (trx) => {
        // It writes after the thread's commit: the thread's row is there.
        const rows = await sql<{ writer: string }>`select writer from lock_probe`.execute(trx)
        expect(rows.rows).toEqual([{ writer: 'thread' }])
        await sql`insert into lock_probe (writer) values ('this process')`.execute(trx)
        return performance.now() - asked
      })
      // The gap still open when the write resolved counts too.
      longestGap = Math.max(longestGap, performance.now() - last)
      expect(controlWaitMs).toBeGreaterThan(HOLD_MS * 0.5)
      // Asleep in the busy handler, the loop stood still for the whole wait.
      expect(longestGap).toBeLessThan(controlWaitMs / 4)
    } finally {
      clearInterval(ticks)
      await exited
    }
  })
})
