/**
 * The moment a version of the published content renders at: when it last changed (the content
 * version's time), or when a scheduled publication it shows came due, whichever is later. Every
 * process reads the same moment for the same content, so every process renders the same bytes
 * (the footer's year, the feeds' build dates) and answers with the same ETags behind a proxy.
 */
import { sql } from 'kysely'
import type { Database } from '#server/db/index.ts'

export async function contentMoment(database: Database, at: Date): Promise<Date> {
  const { db } = database
  const now = at.toISOString()
  const state = await db
    .selectFrom('content_state')
    .select('updated_at')
    .where('id', '=', 1)
    .executeTakeFirst()
  const due = await db
    .selectFrom('content_document')
    .select(sql<string | null>`max(publish_at)`.as('at'))
    .where('publish_at', '<=', now)
    .executeTakeFirst()
  const times = [state?.updated_at, due?.at].filter((t): t is string => typeof t === 'string')
  const latest = times.map((t) => Date.parse(t)).filter((t) => Number.isFinite(t))
  // Never later than now: a version is not rendered ahead of its time.
  return new Date(Math.min(at.getTime(), Math.max(0, ...latest)) || at.getTime())
}
