/**
 * sharp costs a server process about 27 MB of memory and up to half a second to load: a process
 * loads it when the first picture is uploaded, not when it starts (serving needs none of it).
 */
import { spawnSync } from 'node:child_process'
import { expect, it } from 'vitest'
import { ROOT } from '#server/test/server-process.ts'

it('builds the app, media included, without loading sharp', () => {
  const script = `
    import { createRequire } from 'node:module'
    await import('#server/app.ts')
    await import('#server/media/media-library.ts')
    await import('#server/media/routes.ts')
    await import('#server/media/file-routes.ts')
    const loaded = Object.keys(createRequire(import.meta.url).cache)
    console.log(JSON.stringify(loaded.filter((file) => file.includes('/node_modules/sharp/'))))
  `
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  expect(run.stderr).toBe('')
  expect(JSON.parse(run.stdout)).toEqual([])
})
