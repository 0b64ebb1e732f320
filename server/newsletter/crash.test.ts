/**
 * A send killed with SIGKILL halfway (issue 26): real server processes (node server/index.ts)
 * mail a letter to 40 readers through a loopback SMTP server that takes each message only if the
 * sender is still connected when it has held it for a moment (a message the sender never saw
 * accepted is not delivered, as with a real server that had not yet committed it). One process
 * is killed with SIGKILL while a copy is on the wire (the few milliseconds between a server's
 * "250 OK" and the row's update are the one window left, docs/decisions/023-newsletter-sending.md); on PostgreSQL a second process, running all along,
 * goes on, on SQLite the same process restarted does. Every reader then has exactly one copy
 * (counted per address at the sink: no duplicate, no gap), the last within 60 s of the kill.
 */
import type { Socket } from 'node:net'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, describeOnDatabases } from '#server/test/databases.ts'
import { writeSiteBuild } from '#server/test/site-build.ts'
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'
import { createLetter } from './letters.ts'
import { subscribe } from './repository.ts'
import { startSending } from './sending.ts'

const READERS = 40
const KILL_AFTER = 12
/** How long the sink holds a message before it takes it: the kill lands inside this. */
const HOLD_MS = 100

/** A sink that keeps a message only if its sender is still there after holding it. */
async function committingSink() {
  const delivered: string[] = []
  const sockets = new Map<number, Socket>()
  let onDelivery = () => {}
  let onDataStart: (sender: string) => void = () => {}
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      onDataStart(session.hostNameAppearsAs)
      stream.resume()
      stream.on('end', () => {
        setTimeout(() => {
          const socket = sockets.get(session.remotePort)
          if (!socket || socket.destroyed) return callback(new Error('sender gone'))
          delivered.push(...session.envelope.rcptTo.map((r) => r.address))
          onDelivery()
          callback()
        }, HOLD_MS)
      })
    },
  })
  server.server.on('connection', (socket: Socket) => {
    sockets.set(socket.remotePort!, socket)
    socket.once('close', () => sockets.delete(socket.remotePort!))
  })
  // A sender killed mid-message resets its connection: expected here.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    until(count: number, timeoutMs: number) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${delivered.length} of ${count} delivered`)),
          timeoutMs,
        )
        onDelivery = () => {
          if (delivered.length < count) return
          clearTimeout(timer)
          resolve()
        }
        onDelivery()
      })
    },
    /**
     * Resolves when the next message from `sender` (the name it greets the sink with) starts
     * arriving: then that sender has no copy between the sink's "250 OK" and its own record of
     * it, the window docs/decisions/023-newsletter-sending.md leaves to at-least-once. That holds
     * because a process sends one copy at a time (the outbox's pass awaits each, and the SMTP
     * transport keeps no pool of connections).
     */
    nextDataFrom(sender: string, timeoutMs: number) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no message from ${sender} within ${timeoutMs} ms`)),
          timeoutMs,
        )
        onDataStart = (from) => {
          if (from !== sender) return
          clearTimeout(timer)
          resolve()
        }
      })
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// The engines side by side: most of each case is the dead sender's lease running out (20 s), an
// idle wait the other engine's case can share.
describe.concurrent('both engines', () => {
  describeOnDatabases('a send killed with SIGKILL', (dialect) => {
    const cleanups: (() => unknown)[] = []
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup()
    })

    it('mails every reader exactly once, the rest within 60 s of the kill', async () => {
      const testDb = await createTestDatabase(dialect)
      cleanups.push(() => testDb.drop())
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-letter-crash-'))
      cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }))
      const buildDir = writeSiteBuild(path.join(work, 'build'), {
        pages: { '/': '<!doctype html><title>test</title>' },
      })
      const sink = await committingSink()
      cleanups.push(() => sink.stop())

      const db = testDb.database.db
      const expected: string[] = []
      for (let n = 1; n <= READERS; n++) {
        const email = `reader${String(n).padStart(2, '0')}@example.org`
        expected.push(email)
        await subscribe(
          db,
          { email },
          { receivedAt: new Date(), spamReason: null, doubleOptIn: false, source: 'test' },
        )
      }
      const env = {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        ...testDb.env,
        BUILD_DIR: buildDir,
        SMTP_URL: sink.url,
        MAIL_FROM: 'DocuCommons <news@docucommons.example.org>',
        PUBLIC_SITE_URL: 'https://docucommons.example.org',
        NEWSLETTER_POSTAL_ADDRESS: 'Heartland Story Fund, Kansas City, MO',
        // The process that goes on looks for due copies every second rather than every 15 s: the
        // wait is the dead sender's lease (LEASE_MS), which this test is about; the default poll's
        // share of the 60 s is server/contact/takeover.test.ts's.
        MAIL_POLL_MS: '1000',
      }
      // Each process greets the sink by a name of its own (nodemailer's `name`, from the URL), so
      // that the kill waits for the first one's message: on PostgreSQL the second sends at the
      // same time, and a kill timed by its message could land in the first one's window.
      const start = (name: string) =>
        startServerProcess({
          env: { ...env, SMTP_URL: `${sink.url}/?name=${name}` },
          timeoutMs: 120_000,
        })
      const servers: ServerProcess[] = []
      cleanups.push(() => Promise.all(servers.map(stopServerProcess)))
      const first = await start('first.test')
      servers.push(first)
      if (dialect === 'postgres') servers.push(await start('second.test'))
      // The send starts once the processes run, so that both share it.
      const letter = await createLetter(
        db,
        { kind: 'letter', subject: 'A letter', preheader: '', body: 'Hello.\n' },
        { staffId: null, now: new Date() },
      )
      await startSending(db, letter.id, { staffId: null, now: new Date() })

      // Killed while a copy is on the wire, before the sink took it: that copy must come again.
      await sink.until(KILL_AFTER, 60_000)
      await sink.nextDataFrom('first.test', 60_000)
      const exited = new Promise((resolve) => first.child.once('exit', resolve))
      first.child.kill('SIGKILL')
      await exited
      if (dialect === 'sqlite') servers.push(await start('restarted.test'))
      // Counted from when the process that goes on is running (on PostgreSQL it ran all along; on
      // SQLite it is the restart, whose own start a slow machine stretches): the promise is 60 s.
      const goesOnFrom = performance.now()

      await sink.until(READERS, 180_000)
      // not a stopwatch: the promised 60 s itself (a lease and a poll), not a fast machine's figure.
      expect(performance.now() - goesOnFrom).toBeLessThan(60_000)
      // Every copy settled and the letter marked sent (the last copy's update and the letter's are
      // two statements: a loaded machine showed the moment between them): a copy sent twice
      // would have arrived by now.
      const status = async () =>
        (
          await db
            .selectFrom('newsletter_letter')
            .select('status')
            .where('id', '=', letter.id)
            .executeTakeFirstOrThrow()
        ).status
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        const pending = await db
          .selectFrom('newsletter_delivery')
          .select('id')
          .where('status', '=', 'pending')
          .execute()
        if (pending.length === 0 && (await status()) === 'sent') break
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      const copies = new Map<string, number>()
      for (const to of sink.delivered) copies.set(to, (copies.get(to) ?? 0) + 1)
      expect([...copies.keys()].sort()).toEqual(expected)
      expect([...copies.values()].every((count) => count === 1)).toBe(true)
      expect(await status()).toBe('sent')
    }, 400_000)
  })
})
