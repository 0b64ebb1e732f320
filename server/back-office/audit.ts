/**
 * The audit log: every staff action, with who did it, when, what and on which record. Features
 * write their own entries through the context of their back-office routes; the operator commands
 * write theirs as "command line". Entries are only ever added (an erasure removes visitors' data,
 * never the record that it happened), and never hold a visitor's address: an erasure names the
 * SHA-256 of the address it was asked for (addressHash) and how many records went.
 */
import crypto from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { AuditLogTable, DatabaseSchema } from '#server/db/schema.ts'
import { newRowId } from '#server/db/ids.ts'
import { beforeCursor, type KeysetCursor } from '#server/db/keyset.ts'

type Db = Kysely<DatabaseSchema>
export type AuditRow = Selectable<AuditLogTable>

/** Who acted: a signed-in staff member, or the operator at the host's command line. */
export interface Actor {
  id: string | null
  label: string
}

export const COMMAND_LINE: Actor = { id: null, label: 'command line' }

export interface AuditEntry {
  /** What was done, e.g. "message.handled", "staff.invite", "erasure". */
  action: string
  /** One line a person reads in the log. */
  summary: string
  target?: { type: string; id: string } | undefined
  /** Further facts, stored as JSON. */
  details?: Record<string, unknown> | undefined
}

export async function recordAudit(
  db: Db,
  actor: Actor,
  entry: AuditEntry,
  at: Date = new Date(),
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newRowId(),
      created_at: at.toISOString(),
      actor_id: actor.id,
      actor_label: actor.label,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      summary: entry.summary,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute()
}

/**
 * The hash an erasure is recorded under: SHA-256 of the address as the erasure matched it
 * (trimmed, lower case). It lets an operator answer "was this address erased, and when?" by
 * hashing the address again; it does not hide an address from someone who guesses it.
 */
export function addressHash(email: string): string {
  return crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex')
}

/** Entries newest first, a page at a time, optionally for one action or one person. */
export async function listAudit(
  db: Db,
  options: {
    action?: string | undefined
    actorId?: string | undefined
    before?: KeysetCursor | undefined
    limit: number
  },
): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll()
  if (options.action) query = query.where('action', '=', options.action)
  if (options.actorId) query = query.where('actor_id', '=', options.actorId)
  if (options.before) query = query.where(beforeCursor(options.before))
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute()
}

/** The actions and people that appear in the log, for its filters. */
export async function auditFacets(db: Db) {
  const actions = await db
    .selectFrom('audit_log')
    .select('action')
    .distinct()
    .orderBy('action')
    .execute()
  const actors = await db
    .selectFrom('audit_log')
    .select(['actor_id', 'actor_label'])
    .where('actor_id', 'is not', null)
    .distinct()
    .orderBy('actor_label')
    .execute()
  return {
    actions: actions.map((row) => row.action),
    actors: actors.map((row) => ({ id: row.actor_id!, label: row.actor_label })),
  }
}
