/**
 * The content version: the number every server process's pages follow (server/content/
 * live-site.ts). Content writes raise it with each publish; the newsletter raises it when a letter
 * starts going out, since the letter's public copy and the archive are pages too (ADR 024). It is
 * here, below both features, so that neither imports the other.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { DatabaseSchema } from './schema.ts'

/** PostgreSQL's channel for the content version: NOTIFY content_version, '<version>'. */
export const CONTENT_VERSION_CHANNEL = 'content_version'

/**
 * Raises the content version inside the caller's transaction and answers the new one. On
 * PostgreSQL every process that LISTENs hears of it when the transaction commits; the others find
 * it at their next poll.
 */
export async function raiseContentVersion(
  trx: Kysely<DatabaseSchema>,
  at: string,
): Promise<number> {
  const row = await trx
    .updateTable('content_state')
    .set({ version: sql<number>`version + 1`, updated_at: at })
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow()
  const version = Number(row.version)
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_notify(${CONTENT_VERSION_CHANNEL}, ${String(version)})`.execute(trx)
  return version
}
