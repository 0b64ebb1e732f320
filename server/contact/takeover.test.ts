/**
 * A process killed while it sends a mail (issue 21): two real server processes on one
 * PostgreSQL database. The first claims a contact notification and is killed with SIGKILL while
 * its mail server has not even greeted it; the second, started afterwards, sends the mail within
 * 60 s of the kill: the default lease runs out (LEASE_MS) and its next poll finds the mail due.
 * The second process runs with the default poll interval (MAIL_POLL_MS), so the test waits for
 * the lease and for the poll as production does; delivery.test.ts holds LEASE_MS + the default
 * MAIL_POLL_MS under 60 s.
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { writeSiteBuild } from '#server/test/site-build.ts'
import { tenTimesFast } from '#server/test/time-bounds.ts'
import { LEASE_MS } from '#server/mail/outbox.ts'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '#server/test/databases.ts'
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'

describe.skipIf(!TEST_DATABASE_URL)(
  'mail claimed by a process killed with SIGKILL, on postgres',
  () => {
    const cleanups: (() => unknown)[] = []
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup()
    })

    it('is sent by another process within 60 s', async () => {
      const testDb: TestDatabase = await createTestDatabase('postgres')
      cleanups.push(() => testDb.drop())
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-takeover-'))
      cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }))
      const buildDir = writeSiteBuild(path.join(work, 'build'), {
        pages: { '/': '<!doctype html><title>test</title>' },
      })

      // The first process's mail server takes the connection and never says a word.
      const silent: net.Socket[] = []
      let connected!: () => void
      const reached = new Promise<void>((resolve) => (connected = resolve))
      const blackHole = net.createServer((socket) => {
        silent.push(socket)
        connected()
      })
      await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve))
      cleanups.push(() => {
        for (const socket of silent) socket.destroy()
        return new Promise((resolve) => blackHole.close(resolve))
      })
      const smtp: TestSmtpServer = await startTestSmtpServer()
      cleanups.push(() => smtp.stop())

      const env = (smtpUrl: string) => ({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        DATABASE_URL: testDb.env.DATABASE_URL!,
        DATA_DIR: testDb.env.DATA_DIR,
        BUILD_DIR: buildDir,
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'DocuCommons website <web@docucommons.example.org>',
        CONTACT_NOTIFY_TO: 'team@docucommons.example.org',
        PUBLIC_SITE_URL: 'https://docucommons.example.org',
        FORM_MIN_FILL_MS: '0',
      })
      const { port } = blackHole.address() as net.AddressInfo
      const first: ServerProcess = await startServerProcess({
        env: env(`smtp://127.0.0.1:${port}`),
      })
      cleanups.push(() => stopServerProcess(first))
      const response = await fetch(`${first.url}/api/contact/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Tomás Whitehorse', email: 'tomas@example.org' }),
      })
      expect(response.status).toBe(201)

      // The first process has claimed the mail and is sending it: kill it.
      await reached
      const claimed = await testDb.database.db
        .selectFrom('contact_message')
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(claimed).toMatchObject({ delivery_status: 'pending', delivery_attempts: 1 })
      const exited = new Promise((resolve) => first.child.once('exit', resolve))
      first.child.kill('SIGKILL')
      await exited
      const killedAt = performance.now()

      // Another process, with the default lease and poll, on the same database.
      const second = await startServerProcess({ env: env(smtp.url) })
      const secondReadyAt = performance.now()
      cleanups.push(() => stopServerProcess(second))
      const [mail] = await smtp.waitForMail(1, 90_000)
      // The dead worker's lease runs out at most LEASE_MS after the kill, and a running process
      // looks every MAIL_POLL_MS (15 s by default): 35 s, inside the promised 60 s (the figures
      // are checked in delivery.test.ts). Counted from when the second process was up, since in
      // production the other process is already running; its start on a slow machine is not.
      const lateMs = performance.now() - Math.max(killedAt, secondReadyAt) - LEASE_MS - 15_000
      expect(lateMs).toBeLessThan(tenTimesFast(1000))
      expect(mail!.headers.get('reply-to')).toBe('Tomás Whitehorse <tomas@example.org>')
    }, 360_000)
  },
)
