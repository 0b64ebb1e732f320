/**
 * The crash test: the real server (node server/index.ts) takes concurrent submissions, is killed
 * with SIGKILL mid-way, is started again on the same data, and every message it acknowledged
 * with 201 is found by `npm run messages`.
 */
import { spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { writeSiteBuild } from '#server/test/site-build.ts'
import { afterAll, expect, it } from 'vitest'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { freePort } from '#scripts/free-port.ts'
import { startServerProcess } from '#server/test/server-process.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const WORKERS = 12
const KILL_AFTER_ACKS = 60

function exited(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode })
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
}

describeOnDatabases('crash safety', (dialect) => {
  const cleanups: (() => Promise<void> | void)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('finds every acknowledged message after SIGKILL during concurrent submissions and a restart', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-crash-'))
    const buildDir = writeSiteBuild(path.join(work, 'build'), {
      pages: { '/': '<!doctype html><title>test</title>' },
    })
    const dataDir = path.join(work, 'data')
    let location: Record<string, string> = { DATA_DIR: dataDir }
    if (dialect === 'postgres') {
      const testDb: TestDatabase = await createTestDatabase('postgres')
      cleanups.push(() => testDb.drop())
      location = { DATABASE_URL: testDb.env.DATABASE_URL!, DATA_DIR: dataDir }
    }
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }))

    const port = await freePort()
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      // info: the server says when it listens (startServerProcess waits for that line).
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      BUILD_DIR: buildDir,
      FORM_RATE_LIMIT_MAX: '100000',
      ...location,
    }

    let server = (await startServerProcess({ env })).child
    cleanups.push(() => {
      if (server.exitCode === null) server.kill('SIGKILL')
    })

    const acknowledged: string[] = []
    let failed = 0
    let killed = false
    let sequence = 0
    let kill: () => void
    const killSignal = new Promise<void>((resolve) => (kill = resolve))

    const worker = async () => {
      while (!killed) {
        const marker = `crash-${process.pid}-${++sequence}`
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/contact/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: `Visitor ${sequence}`,
              email: `visitor${sequence}@example.org`,
              message: marker,
              startedAt: Date.now() - 60_000,
              submissionId: crypto.randomUUID(),
            }),
          })
          if (response.status === 201) {
            acknowledged.push(marker)
            if (acknowledged.length === KILL_AFTER_ACKS) kill()
          } else {
            failed += 1
          }
        } catch {
          failed += 1
        }
      }
    }
    const workers = Array.from({ length: WORKERS }, worker)
    await killSignal
    server.kill('SIGKILL')
    killed = true
    expect((await exited(server)).signal).toBe('SIGKILL')
    await Promise.all(workers)
    // The kill landed while requests were in flight: some got no answer.
    expect(failed).toBeGreaterThan(0)
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS)

    // Same data, new process: it starts (SQLite recovers its WAL) and still takes messages.
    server = (await startServerProcess({ env })).child
    const after = await fetch(`http://127.0.0.1:${port}/api/contact/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'After restart',
        email: 'after@example.org',
        message: 'after-restart',
        startedAt: Date.now() - 60_000,
      }),
    })
    expect(after.status).toBe(201)
    server.kill('SIGTERM')
    expect(await exited(server)).toEqual({ code: 0, signal: null })

    const listing = spawnSync('npm', ['run', '--silent', 'messages', '--', '--include-spam'], {
      cwd: ROOT,
      env: { ...env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    expect(listing.status, listing.stderr).toBe(0)
    const stored = listing.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { message: string; receivedAt: string })
    const storedMarkers = new Set(stored.map((row) => row.message))
    const missing = acknowledged.filter((marker) => !storedMarkers.has(marker))
    expect(missing).toEqual([])
    expect(storedMarkers.has('after-restart')).toBe(true)
    // Oldest first.
    const times = stored.map((row) => row.receivedAt)
    expect(times).toEqual([...times].sort())
  }, 270_000)
})
