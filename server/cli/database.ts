/**
 * For the operator commands (messages, subscribers, forget, content): opens the database the
 * server is configured with (DATA_DIR or DATABASE_URL, read through server/env.ts), or explains
 * why not.
 */
import fs from 'node:fs'
import { openDatabase, type Database } from '#server/db/index.ts'
import { EnvError, parseEnv, resolvePaths } from '#server/env.ts'

/**
 * The open database, or undefined after printing what is wrong (and setting the exit code).
 * `create`: a missing SQLite folder is created (a command that fills a new database).
 */
export async function openConfiguredDatabase(
  options: { create?: boolean } = {},
): Promise<Database | undefined> {
  let env
  try {
    env = parseEnv()
  } catch (error) {
    if (error instanceof EnvError) return fail(error.message)
    throw error
  }
  const { dataDir } = resolvePaths(env)
  if (!env.DATABASE_URL && !options.create && !fs.existsSync(dataDir)) {
    return fail(`No database at ${dataDir}: set DATA_DIR (or DATABASE_URL) to the server's.`)
  }
  return openDatabase({ dataDir, databaseUrl: env.DATABASE_URL })
}

/** Prints what went wrong and sets the exit code (1: it failed; 2: it was called wrongly). */
export function fail(message: string, code = 1): undefined {
  process.stderr.write(message + '\n')
  process.exitCode = code
  return undefined
}
