/** The environment of the Node processes the tests start: the test's settings and the compile cache. */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, it } from 'vitest'
import { COMPILE_CACHE_DIR } from '#scripts/compile-cache.ts'
import { childEnv } from './child-env.ts'

it('gives a child the test’s settings, the PATH and the compile cache, and nothing else', () => {
  process.env.LLL_CHILD_ENV_PROBE = 'from the parent'
  try {
    const env = childEnv({ DATA_DIR: '/tmp/somewhere', PATH: '/bin' })
    expect(env).toEqual({
      PATH: '/bin',
      NODE_COMPILE_CACHE: COMPILE_CACHE_DIR,
      DATA_DIR: '/tmp/somewhere',
    })
  } finally {
    delete process.env.LLL_CHILD_ENV_PROBE
  }
})

it('makes a Node process started with it read and write the shared compile cache', () => {
  const child = spawnSync(
    process.execPath,
    ['-e', 'console.log(require("node:module").getCompileCacheDir() ?? "none")'],
    { env: childEnv(), encoding: 'utf8' },
  )
  expect(child.stderr).toBe('')
  // Node keeps one subfolder per version in it.
  expect(path.dirname(child.stdout.trim())).toBe(COMPILE_CACHE_DIR)
})
