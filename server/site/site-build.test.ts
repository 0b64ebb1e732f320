/**
 * One build, run anywhere: a build swapped in under a running server does not change what it
 * serves, a file gone missing answers a 500 page (never a broken payload), and the environment
 * is checked against the build's PUBLIC_* settings.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '#server/app.ts'
import { removeOldReleases, swapIn } from '#scripts/build.ts'
import { createTestDatabase, testEnv, type TestDatabase } from '#server/test/databases.ts'
import { writeSiteBuild } from '#server/test/site-build.ts'
import { openSiteBuild, releaseInUse } from './site-build.ts'
import { contradiction, SITE_CONFIG_FILE } from './site-config.ts'
import { childEnv } from '#server/test/child-env.ts'

function writeRelease(buildDir: string, id: string, page: string) {
  const release = path.join(buildDir, 'releases', id)
  writeSiteBuild(release, {
    pages: { '/': `<!doctype html><p>${page}</p>` },
    files: {
      [`assets/entry-${id}.js`]: `// ${page}`,
      [`assets/chunk-${id}.js`]: `// ${page}, never asked for before the test removes it`,
    },
  })
  fs.writeFileSync(
    path.join(release, SITE_CONFIG_FILE),
    JSON.stringify({ builtAt: '', settings: { PUBLIC_SITE_URL: `https://${page}.example.org` } }),
  )
  return release
}

describe('a build swapped in under a running server', () => {
  let work: string
  let testDb: TestDatabase
  let app: FastifyInstance
  let firstRelease: string

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-releases-'))
    firstRelease = writeRelease(work, '1-first', 'first')
    swapIn(work, '1-first')
    testDb = await createTestDatabase('sqlite')
    const build = openSiteBuild(path.join(work, 'client'))
    app = await buildApp({ env: testEnv(), database: testDb.database, build })
    app.addHook('onClose', async () => build.close())
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
    fs.rmSync(work, { recursive: true, force: true })
  })

  it('keeps serving the release it started with, which no build removes while it runs', async () => {
    expect((await app.inject('/')).body).toContain('first')
    writeRelease(work, '2-second', 'second')
    swapIn(work, '2-second')
    writeRelease(work, '3-third', 'third')
    swapIn(work, '3-third')
    writeRelease(work, '4-fourth', 'fourth')
    swapIn(work, '4-fourth')
    removeOldReleases(work, '4-fourth')
    expect(fs.existsSync(path.join(work, 'client', 'assets', 'entry-4-fourth.js'))).toBe(true)
    // The second release is neither current, nor the one before, nor in use: removed.
    expect(fs.readdirSync(path.join(work, 'releases')).sort()).toEqual([
      '1-first',
      '3-third',
      '4-fourth',
    ])
    expect(releaseInUse(firstRelease)).toBe(true)
    const page = await app.inject('/')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('first')
    expect((await app.inject('/assets/entry-1-first.js')).statusCode).toBe(200)
  })

  it('answers a 500 HTML page when a file of its build has gone', async () => {
    fs.rmSync(path.join(firstRelease, 'client', 'assets', 'chunk-1-first.js'))
    const page = await app.inject({ url: '/assets/chunk-1-first.js' })
    expect(page.statusCode).toBe(500)
    expect(page.headers['content-encoding']).toBeUndefined()
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['content-length']).toBe(String(Buffer.byteLength(page.body)))
    expect(page.body).toContain('Something went wrong on our side')
    // The API keeps its JSON errors.
    const api = await app.inject('/api/nothing')
    expect(api.json()).toEqual({ error: 'Not Found', message: 'No API route for GET /api/nothing' })
  })
})

describe('contradiction', () => {
  const built = { PUBLIC_SITE_URL: 'https://www.example.org', PUBLIC_PHONE: '+1 555 0100' }

  it('lets an unset variable, or the same value spelled with a trailing slash, stand', () => {
    expect(contradiction(built, {}, 'build/client')).toBeUndefined()
    expect(
      contradiction(built, { PUBLIC_SITE_URL: 'https://www.example.org/' }, 'build/client'),
    ).toBeUndefined()
  })

  it('names the variable, the built value and the given one in one line', () => {
    const line = contradiction(built, { PUBLIC_SITE_URL: 'http://127.0.0.1:3000' }, 'build/client')
    expect(line).toMatch(
      /PUBLIC_SITE_URL="https:\/\/www\.example\.org".*PUBLIC_SITE_URL="http:\/\/127\.0\.0\.1:3000"/,
    )
    expect(line).not.toContain('\n')
  })
})

describe('node server/index.ts on a build made with other settings', () => {
  it('refuses to start with one line naming the variable and both values', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-refuse-'))
    try {
      writeRelease(work, '1-only', 'built')
      swapIn(work, '1-only')
      const child = spawn(process.execPath, ['server/index.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: childEnv({
          BUILD_DIR: path.join(work, 'client'),
          DATA_DIR: path.join(work, 'data'),
          PORT: '0',
          PUBLIC_SITE_URL: 'http://127.0.0.1:3000',
        }),
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      // A server that starts instead of refusing is stopped, and the test fails on its status.
      const killer = setTimeout(() => child.kill('SIGKILL'), 60_000)
      const status = await new Promise<number | null>((resolve) => child.on('exit', resolve))
      clearTimeout(killer)
      const result = { status, stderr }
      expect(result.status).toBe(1)
      expect(result.stderr.trim().split('\n')).toEqual([
        `The site in ${path.join(work, 'client')} was built with PUBLIC_SITE_URL="https://built.example.org" but the environment sets PUBLIC_SITE_URL="http://127.0.0.1:3000": rebuild with the new value (npm run build) or unset PUBLIC_SITE_URL.`,
      ])
    } finally {
      fs.rmSync(work, { recursive: true, force: true })
    }
  }, 270_000)
})
