/**
 * The newsletter with a large list (issue 26): 50,000 confirmed readers in a fresh database
 * (SQLite, or PostgreSQL with BENCH_DATABASE_URL), a server in this process whose outbox mails a
 * loopback SMTP sink that accepts everything. It reports how long starting a send takes (the one
 * INSERT … SELECT) and the heap before and after it, then lets the outbox send for a while and
 * reports copies a second at the sink and the health probe's answer times meanwhile.
 *
 *   npm run bench:newsletter                          # 50,000 readers, 30 s of sending
 *   npm run bench:newsletter -- --readers 5000 --seconds 10
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { SMTPServer } from 'smtp-server'
import { buildApp } from '#server/app.ts'
import { openDatabase } from '#server/db/index.ts'
import { envSchema } from '#server/env.ts'
import { createLetter } from '#server/newsletter/letters.ts'
import { countReaders, startSending } from '#server/newsletter/sending.ts'
import { median } from './median.ts'

const { values } = parseArgs({
  options: {
    readers: { type: 'string', default: '50000' },
    seconds: { type: 'string', default: '30' },
  },
})
const READERS = Number(values.readers)
const SECONDS = Number(values.seconds)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

let delivered = 0
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  // A sink, not a mail server: no reverse DNS of the sender (seconds each where DNS is slow).
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.resume()
    stream.on('end', () => {
      delivered++
      callback()
    })
  },
})
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve))
const smtpPort = (sink.server.address() as { port: number }).port

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-bench-newsletter-'))
const databaseUrl = process.env['BENCH_DATABASE_URL']
const database = await openDatabase({ dataDir, databaseUrl })
const db = database.db

// The readers, made by the database itself in pages of 5,000 (a seeded list, not the subject).
const seeded = performance.now()
const now = new Date().toISOString()
for (let from = 0; from < READERS; from += 5000) {
  const count = Math.min(5000, READERS - from)
  await sql`
    with recursive n(i) as (select cast(${from} as integer) union all select i + 1 from n where i < cast(${from + count - 1} as integer))
    insert into newsletter_subscriber
      (id, email, email_key, status, created_at, updated_at, confirmed_at, mail_status, consent_at, consent_source)
    select 'bench-' || i, 'reader' || i || '@example.org', 'reader' || i || '@example.org',
      'confirmed', ${now}, ${now}, ${now}, 'none', ${now}, 'benchmark'
    from n`.execute(db)
}
console.log(
  `seeded ${(await countReaders(db)).toLocaleString('en-US')} readers in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
)

const app = await buildApp({
  env: envSchema.parse({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'DocuCommons <news@docucommons.example.org>',
    PUBLIC_SITE_URL: 'https://docucommons.example.org',
    NEWSLETTER_POSTAL_ADDRESS: 'Heartland Story Fund, Kansas City, MO',
    NEWSLETTER_PER_MINUTE: '100000',
  }),
  database,
})
await app.listen({ port: 0, host: '127.0.0.1' })
const { port } = app.server.address() as { port: number }

const letter = await createLetter(
  db,
  {
    kind: 'letter',
    subject: 'A benchmark letter',
    preheader: 'Hello',
    body: 'Hello, *readers*.\n\n## This week\n\n- one\n- two\n',
  },
  { staffId: null, now: new Date() },
)
global.gc?.()
const heapBefore = process.memoryUsage().heapUsed
const started = performance.now()
const outcome = await startSending(db, letter.id, { staffId: null, now: new Date() })
const startMs = performance.now() - started
const heapAfter = process.memoryUsage().heapUsed
console.log(
  `start of the send: ${startMs.toFixed(0)} ms for ${outcome.started ? outcome.recipients : 0} rows; heap ${mb(heapBefore)} → ${mb(heapAfter)}`,
)

// Sending, with the health probe every 250 ms meanwhile.
const probes: number[] = []
const sendStart = performance.now()
const deliveredBefore = delivered
app.mailOutbox.wake()
const heapPeak = { value: heapAfter }
while (performance.now() - sendStart < SECONDS * 1000) {
  const at = performance.now()
  const response = await fetch(`http://127.0.0.1:${port}/api/health`)
  await response.arrayBuffer()
  probes.push(performance.now() - at)
  heapPeak.value = Math.max(heapPeak.value, process.memoryUsage().heapUsed)
  await new Promise((resolve) => setTimeout(resolve, 250))
}
const sent = delivered - deliveredBefore
const elapsed = (performance.now() - sendStart) / 1000
probes.sort((a, b) => a - b)
const p95 = probes[Math.floor(probes.length * 0.95)] ?? 0
console.log(
  `sending: ${sent.toLocaleString('en-US')} copies in ${elapsed.toFixed(1)} s = ${(sent / elapsed).toFixed(1)} copies/s; heap peak ${mb(heapPeak.value)}`,
)
console.log(
  `health probe during the send: median ${median(probes).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${(probes.at(-1) ?? 0).toFixed(1)} ms (${probes.length} probes)`,
)

await app.close()
await new Promise<void>((resolve) => sink.close(() => resolve()))
fs.rmSync(dataDir, { recursive: true, force: true })
