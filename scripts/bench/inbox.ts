/**
 * `node scripts/bench/inbox.ts [rows]`: the back office's inbox queries at 100,000 contact
 * messages over two years (10 % spam, 30 % new, the rest handled), on SQLite and on PostgreSQL, with the server's own queries
 * (server/contact/repository.ts). Prints the median time of each over 15 runs:
 *   - the newest page of each view (new, handled, spam, all), and a page deep in the past (the
 *     keyset cursor of the 95,000th message: as fast as the first);
 *   - the views' counts (the tab badges);
 *   - a search, which reads every message of the view (no index helps a "contains" search).
 * PostgreSQL comes from TEST_DATABASE_URL, or a throwaway server on PG_PORT (default 54333).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { MessageFilter } from '#common/back-office.ts'
import { countInbox, inboxCounts, inboxPage } from '#server/contact/repository.ts'
import { openDatabase, type Database } from '#server/db/index.ts'
import { insertManyMessages } from '#server/test/messages.ts'
import { findPostgresBin, startPostgres } from '../postgres.ts'
import { median } from './median.ts'

const ROWS = Number(process.argv[2] ?? 100_000)
const RUNS = 15
const PAGE = 26

async function time(run: () => Promise<unknown>): Promise<number> {
  await run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return median(times)
}

async function bench(label: string, database: Database) {
  console.log(`\n${label}: filling ${ROWS.toLocaleString('en-US')} messages…`)
  const filled = performance.now()
  await insertManyMessages(database, ROWS, { stepMs: (2 * 365 * 86_400_000) / ROWS })
  console.log(`  filled in ${((performance.now() - filled) / 1000).toFixed(1)} s`)
  const db = database.db
  const deep = (await db
    .selectFrom('contact_message')
    .select(['created_at', 'id'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(ROWS * 0.95))
    .limit(1)
    .executeTakeFirst())!
  const lines: [string, number][] = []
  for (const view of ['new', 'handled', 'spam', 'all'] as MessageFilter[]) {
    lines.push([`newest page, ${view}`, await time(() => inboxPage(db, { view, limit: PAGE }))])
    lines.push([
      `page at message 95,000, ${view}`,
      await time(() => inboxPage(db, { view, before: deep, limit: PAGE })),
    ])
  }
  lines.push(["the views' counts (first page only)", await time(() => inboxCounts(db))])
  lines.push([
    'count of a search, all (the CSV download)',
    await time(() => countInbox(db, { view: 'all', search: 'garden' })),
  ])
  lines.push([
    'search "garden", all',
    await time(() => inboxPage(db, { view: 'all', search: 'garden', limit: PAGE })),
  ])
  lines.push([
    'search with no match, all (reads every message)',
    await time(() => inboxPage(db, { view: 'all', search: 'no such words', limit: PAGE })),
  ])
  for (const [what, ms] of lines)
    console.log(`  ${what.padEnd(50)} ${ms.toFixed(2).padStart(8)} ms`)
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-inbox-bench-'))
try {
  const sqlite = await openDatabase({ dataDir: dir })
  await bench('SQLite', sqlite)
  await sqlite.close()

  let postgres = process.env.TEST_DATABASE_URL
  let stop: (() => void) | undefined
  if (!postgres && findPostgresBin()) {
    const server = startPostgres(Number(process.env.PG_PORT ?? 54333))
    postgres = server.url
    stop = () => server.stop()
    // The server is a daemon: stop it however this process ends (Ctrl-C, a closed pipe).
    process.once('exit', () => server.stop())
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGPIPE'] as const)
      process.once(signal, () => process.exit(1))
  }
  if (postgres) {
    const pg = await openDatabase({ dataDir: dir, databaseUrl: postgres })
    try {
      await pg.db.deleteFrom('contact_message').execute()
      await bench('PostgreSQL', pg)
      await pg.db.deleteFrom('contact_message').execute()
    } finally {
      await pg.close()
      stop?.()
    }
  } else console.log('\nPostgreSQL: not installed here (apt-get install -y postgresql); skipped.')
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}
