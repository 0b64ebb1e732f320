/**
 * For the operator scripts (messages, subscribers, forget): opens the database the server is
 * configured with (DATA_DIR or DATABASE_URL, read through server/env.ts; no other setting is
 * needed), or explains why not.
 */
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase, type Database } from '#server/db/index.ts'
import { databaseSettings, EnvError } from '#server/env.ts'

/** The open database, or undefined after printing what is wrong (and setting the exit code). */
export async function openConfiguredDatabase(): Promise<Database | undefined> {
  let settings
  try {
    settings = databaseSettings()
  } catch (error) {
    if (error instanceof EnvError) return fail(error.message)
    throw error
  }
  const dataDir = path.resolve(settings.DATA_DIR)
  if (!settings.DATABASE_URL && !fs.existsSync(dataDir)) {
    return fail(`No database at ${dataDir}: set DATA_DIR (or DATABASE_URL) to the server's.`)
  }
  return openDatabase({ dataDir, databaseUrl: settings.DATABASE_URL })
}

function fail(message: string): undefined {
  process.stderr.write(message + '\n')
  process.exitCode = 1
  return undefined
}
