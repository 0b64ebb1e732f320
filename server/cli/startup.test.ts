/**
 * The operator commands load what they use. Each use of one starts a process (and so does each of
 * their tests), so a module it loads for nothing is paid every time: `npm run forget` took 2.0 s
 * of CPU to start while it found its erasers in server/app.ts, and 1.0 s after they moved to
 * server/erasers.ts. None of them serves HTTP or renders a page.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const COMMANDS = ['content', 'messages', 'subscribers', 'forget', 'staff', 'search']
/** The web server, the renderer and what only they use. */
const NOT_NEEDED =
  /\/server\/(?:app|index)\.ts$|\/server\/render\/|\/node_modules\/(?:fastify|react-router|react-dom|parse5)\//

// Node's own loader: each command's modules are imported (not run) in one process that lists
// every module it loaded.
const LIST_LOADED = `
  import { registerHooks } from 'node:module'
  const loaded = []
  registerHooks({ load: (url, context, next) => (loaded.push(url), next(url, context)) })
  for (const command of ${JSON.stringify(COMMANDS)}) await import('./server/cli/' + command + '.ts')
  console.log(JSON.stringify(loaded))
`

it('load neither the web server nor the renderer', () => {
  const run = spawnSync(process.execPath, ['--input-type=module', '--eval', LIST_LOADED], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  expect(run.stderr).toBe('')
  const loaded = JSON.parse(run.stdout) as string[]
  expect(loaded.some((url) => url.endsWith('/server/cli/content.ts'))).toBe(true)
  expect(loaded.filter((url) => NOT_NEEDED.test(url))).toEqual([])
}, 120_000)
