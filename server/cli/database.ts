/**
 * For the operator commands (messages, subscribers, forget, staff, content): the settings and the database
 * the server is configured with (DATA_DIR or DATABASE_URL, read through server/env.ts), or a line
 * that says why not. The commands ship with the server: they import only server/ and common/ and
 * the production dependencies, so they work on a host installed with `npm ci --omit=dev`.
 */
import fs from 'node:fs'
import { openDatabase, type Database } from '#server/db/index.ts'
import { buildDirOf, EnvError, parseEnv, resolvePaths, type Env } from '#server/env.ts'
import { builtSettings } from '#server/site/site-config.ts'
import { fail } from './fail.ts'

/**
 * The open database and the settings, or undefined after printing what is wrong.
 * `create`: a missing SQLite folder is created (a command that fills a new database).
 */
export async function openConfiguredDatabase(
  options: { create?: boolean } = {},
): Promise<{ database: Database; env: Env } | undefined> {
  let env
  try {
    // Settings the build holds (PUBLIC_SITE_URL) complete the environment, as for the server.
    env = parseEnv(undefined, builtSettings(buildDirOf()))
  } catch (error) {
    if (error instanceof EnvError) return fail(error.message)
    throw error
  }
  const { dataDir } = resolvePaths(env)
  if (!env.DATABASE_URL && !options.create && !fs.existsSync(dataDir)) {
    return fail(`No database at ${dataDir}: set DATA_DIR (or DATABASE_URL) to the server's.`)
  }
  return { database: await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL }), env }
}
