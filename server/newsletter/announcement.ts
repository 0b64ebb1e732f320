/**
 * "Send this episode to readers" (docs/newsletter.md, ADR 024): after a publish, the letter made
 * from the episode (or article) goes to every reader once, and only once its page is live.
 *
 * - Once: the letter carries `announces` ("episode/<slug>"), unique in the table, so a retried or
 *   doubled request finds the letter the first one made; the send's own start is a conditional
 *   UPDATE (./sending.ts), so of two requests only one writes delivery rows.
 * - Live here: the request waits until this process's render path answers the page (the content
 *   version of the publish loaded and the page rendered: `pageLive`), up to `waitMs`; else it
 *   answers that nothing was sent, and a retry picks the same letter up.
 * - Live everywhere: every other process follows the content version within its poll (2 s;
 *   at once on PostgreSQL's NOTIFY) and a load, so the copies are written due `spreadMs` later.
 */
import type { Kysely } from 'kysely'
import type { DatabaseSchema } from '#server/db/schema.ts'
import type { PublishedItem } from './letter-sources.ts'
import { letterFromItem } from './letter-sources.ts'
import { createLetter, findLetter, type LetterRow } from './letters.ts'
import { startSending, type StartOutcome } from './sending.ts'

type Db = Kysely<DatabaseSchema>

/** Whether this process's site answers a page now (rendering it if it must). */
export type PageLive = (path: string) => Promise<boolean>

export interface AnnounceOptions {
  /** Absent on a server without a site (the API alone): there is no page to wait for. */
  pageLive?: PageLive | undefined
  /** How long a request waits for the page; 60 s by default. */
  waitMs?: number
  /** How long after the start the copies are due: the other processes' time to follow. */
  spreadMs?: number
}

/** The other processes' poll is 2 s (server/content/live-site.ts); five of them, and a load. */
export const SPREAD_MS = 10_000
const WAIT_MS = 60_000
const LOOK_EVERY_MS = 250

export const announceKey = (item: Pick<PublishedItem, 'kind' | 'slug'>) =>
  `${item.kind}/${item.slug}`

/** The letter announcing this item: the one made before, or a new one. */
async function announcementLetter(
  db: Db,
  item: PublishedItem,
  by: { staffId: string; now: Date },
): Promise<{ row: LetterRow; created: boolean }> {
  const key = announceKey(item)
  const find = () =>
    db.selectFrom('newsletter_letter').selectAll().where('announces', '=', key).executeTakeFirst()
  const existing = await find()
  if (existing) return { row: existing, created: false }
  try {
    const row = await createLetter(
      db,
      { ...letterFromItem(item), kind: item.kind, sourceKey: key, announces: key },
      by,
    )
    return { row, created: true }
  } catch (error) {
    // Another request made it a moment ago (the unique index): that one is the letter.
    const made = await find()
    if (made) return { row: made, created: false }
    throw error
  }
}

async function waitUntilLive(path: string, options: AnnounceOptions): Promise<boolean> {
  if (!options.pageLive) return true
  const deadline = Date.now() + (options.waitMs ?? WAIT_MS)
  for (;;) {
    if (await options.pageLive(path)) return true
    if (Date.now() >= deadline) return false
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS))
  }
}

export type AnnounceOutcome =
  | { kind: 'not-live'; row: LetterRow; created: boolean }
  | { kind: 'started'; row: LetterRow; created: boolean; recipients: number }
  | { kind: 'already'; row: LetterRow; created: boolean }

/**
 * Makes (or finds) the letter of a published item and starts sending it once its page is live.
 * The caller checks first that mail is set up and that the letter renders.
 */
export async function announce(
  db: Db,
  item: PublishedItem,
  by: { staffId: string; clock: () => Date },
  options: AnnounceOptions,
): Promise<AnnounceOutcome> {
  const { row, created } = await announcementLetter(db, item, {
    staffId: by.staffId,
    now: by.clock(),
  })
  if (row.status === 'sending' || row.status === 'sent') return { kind: 'already', row, created }
  if (!(await waitUntilLive(item.path, options))) return { kind: 'not-live', row, created }
  const now = by.clock()
  const outcome: StartOutcome = await startSending(db, row.id, {
    staffId: by.staffId,
    now,
    notBefore: new Date(now.getTime() + (options.spreadMs ?? SPREAD_MS)),
  })
  const current = (await findLetter(db, row.id)) ?? row
  return outcome.started
    ? { kind: 'started', row: current, created, recipients: outcome.recipients }
    : { kind: 'already', row: current, created }
}
