/**
 * Shared by `npm run messages` and `npm run subscribers`: reads the configured database and
 * prints rows oldest first as JSON lines, or as CSV with --csv, in the columns the feature names
 * (the same columns and writer as the back office's downloads, server/export/csv.ts).
 */
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import type { Database } from '#server/db/index.ts'
import { csvRecords, jsonRecord, type Columns } from '#server/export/csv.ts'
import { openConfiguredDatabase } from './database.ts'
import { fail } from './fail.ts'

export interface ExportOptions {
  since?: string
  includeSpam: boolean
  /** The command's own switches (RowsCommand.flags), true when given. */
  flags: Record<string, boolean>
}

export interface RowsCommand<Stored> {
  name: string
  /** What one row is, for the help text. */
  noun: string
  /** Further switches of this command: name -> help line. */
  flags?: Record<string, string>
  /** The stored rows, oldest first (the feature's store, filtered by the options). */
  list(db: Database['db'], options: ExportOptions): AsyncIterable<Stored>
  columns: Columns<Stored>
}

export async function runRowsCommand<Stored>(command: RowsCommand<Stored>, argv: string[]) {
  let args
  try {
    args = parseArgs({
      args: argv,
      options: {
        since: { type: 'string' },
        csv: { type: 'boolean', default: false },
        'include-spam': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        ...Object.fromEntries(
          Object.keys(command.flags ?? {}).map((flag) => [
            flag,
            { type: 'boolean' as const, default: false },
          ]),
        ),
      },
      strict: true,
    }).values
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage(command)}`, 2)
  }
  if (args.help) {
    process.stdout.write(usage(command) + '\n')
    return
  }
  let since: string | undefined
  if (args.since !== undefined) {
    since = parseSince(args.since)
    if (!since)
      return fail(
        `--since must be a date or date-time such as 2026-01-31 or 2026-01-31T18:00:00Z (got "${args.since}")`,
        2,
      )
  }

  // A closed pipe (e.g. "| head") ends the output quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0)
    throw error
  })

  const opened = await openConfiguredDatabase()
  if (!opened) return
  const { database } = opened
  try {
    const flags = Object.fromEntries(
      Object.keys(command.flags ?? {}).map((flag) => [
        flag,
        (args as Record<string, unknown>)[flag] === true,
      ]),
    )
    const rows = command.list(database.db, {
      since,
      includeSpam: args['include-spam'] === true,
      flags,
    })
    if (args.csv) for await (const record of csvRecords(rows, command.columns)) await write(record)
    else for await (const row of rows) await write(jsonRecord(row, command.columns) + '\n')
  } finally {
    await database.close()
  }
}

function usage(command: { name: string; noun: string; flags?: Record<string, string> }) {
  const flags = Object.entries(command.flags ?? {})
  return [
    `Usage: npm run ${command.name} -- [--since <date>] [--csv] [--include-spam]${flags.map(([flag]) => ` [--${flag}]`).join('')}`,
    `Prints the stored ${command.noun} of the configured database (DATA_DIR or DATABASE_URL), oldest first,`,
    'one JSON object per line.',
    '  --since <date>   only those received at or after this date or date-time (UTC unless an offset is given)',
    '  --csv            CSV with a header row instead of JSON lines',
    '  --include-spam   include submissions taken for spam (left out by default)',
    ...flags.map(([flag, help]) => `  --${flag.padEnd(15)}${help}`),
  ].join('\n')
}

/** A date (2026-01-31, midnight UTC) or an ISO date-time, as the stored ISO form. */
export function parseSince(value: string): string | undefined {
  const text = value.trim()
  const match =
    /^(\d{4})-(\d{2})-(\d{2})([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      text,
    )
  if (!match) return undefined
  // Date() rolls 2026-02-30 over to March; refuse a day the month does not have.
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const calendar = new Date(Date.UTC(year, month - 1, day))
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined
  const date = new Date(match[4] ? text : `${text}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

async function write(chunk: string) {
  if (!process.stdout.write(chunk)) await once(process.stdout, 'drain')
}
