/**
 * CSV exports, one code path for the operator commands (server/cli) and the back office's
 * downloads: a feature names its columns once (how each value is read from a row), and rows
 * become RFC 4180 records with formula escaping (server/http/csv.ts). What visitors typed must never run in the
 * spreadsheet that opens the file.
 */
import { Readable } from 'node:stream'
import { csvLine } from '#server/http/csv.ts'
import type { FastifyReply } from 'fastify'

/** The output columns in order: each name with how its value is read from a stored row. */
export type Columns<Row> = Record<string, (row: Row) => unknown>

export { csvLine }

/** The header record, then one record per row. */
export async function* csvRecords<Row>(
  rows: AsyncIterable<Row>,
  columns: Columns<Row>,
): AsyncGenerator<string> {
  const readers = Object.values(columns)
  yield csvLine(Object.keys(columns))
  for await (const row of rows) yield csvLine(readers.map((read) => read(row)))
}

/** The row as a JSON object with the columns' names (the commands' default output). */
export function jsonRecord<Row>(row: Row, columns: Columns<Row>): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries(columns).map(([name, read]) => [name, read(row)])),
  )
}

/** Answers a download of rows as a CSV file, streamed a page of rows at a time. */
export function sendCsv<Row>(
  reply: FastifyReply,
  fileName: string,
  rows: AsyncIterable<Row>,
  columns: Columns<Row>,
) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(csvRecords(rows, columns)))
}
