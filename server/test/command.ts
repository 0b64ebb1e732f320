/**
 * Test helper: an operator command (server/cli/<name>.ts) run as `npm run <name>` runs it, in a
 * Node process of its own, against a test database, with nothing of this process's settings.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { childEnv } from './child-env.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * Each test starts a command a few times, up to nine (a Node process with the database driver
 * each, one after another). A deadline that is generous on the slowest day, as content.test.ts's:
 * under the 0.7 CPU quota, with another run beside it, nine spawns on PostgreSQL took over 90 s.
 */
export const SPAWNING_TIMEOUT_MS = 240_000

export function runCommand(name: string, args: string[], env: Record<string, string | undefined>) {
  return spawnSync(process.execPath, [`server/cli/${name}.ts`, ...args], {
    cwd: ROOT,
    env: childEnv(env),
    encoding: 'utf8',
  })
}
