/**
 * Search as the back office's lists do it: rows whose columns contain the words, in any case.
 * `%` and `_` in the search are matched as themselves. lower() and LIKE agree on SQLite and
 * PostgreSQL for the ASCII the forms store; a NULL column simply does not match.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely'

export function containing(columns: readonly string[], search: string): RawBuilder<SqlBool> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const tests = columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`
}
