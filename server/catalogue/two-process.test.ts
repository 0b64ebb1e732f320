/**
 * Two real server processes (`node server/index.ts`) on one PostgreSQL database, reading one
 * stub store: however the refreshes are spread over them, the store sees one sync per cooldown.
 */
import { writeSiteBuild } from '#server/test/site-build.ts'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '#server/test/databases.ts'
import {
  shopifyCatalogue,
  shopifyProduct,
  startStubStore,
  type StubStore,
} from '#server/test/stub-store.ts'
import { childEnv } from '#server/test/child-env.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const COOLDOWN_SECONDS = 60
const FIRST_PAGE = '/products.json?limit=250'

interface ServerProcess {
  child: ChildProcess
  url: string
  output: string[]
}

function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output.join('\n')}`)),
      60_000,
    )
    const onLine = (line: string) => {
      output.push(line)
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: match[1]!, output })
      }
    }
    readline.createInterface({ input: child.stdout! }).on('line', onLine)
    readline.createInterface({ input: child.stderr! }).on('line', onLine)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output.join('\n')}`))
    })
  })
}

async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode
  const exited = new Promise<number | null>((resolve) =>
    server.child.once('exit', (code) => resolve(code)),
  )
  server.child.kill('SIGTERM')
  return exited
}

describe.skipIf(!TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let store: StubStore
  let testDb: TestDatabase
  let buildDir: string
  const servers: ServerProcess[] = []
  const syncs = () => store.requests.filter((request) => request === FIRST_PAGE).length

  beforeAll(async () => {
    // Three products over two pages, so a sync is more than one request.
    store = await startStubStore(
      shopifyCatalogue(
        [1, 2, 3].map((id) => shopifyProduct({ id })),
        2,
      ),
    )
    testDb = await createTestDatabase('postgres')
    // The servers only need the API; a one-page site build satisfies the site plugin.
    buildDir = writeSiteBuild(fs.mkdtempSync(path.join(os.tmpdir(), 'lll-build-')), {
      pages: { '/': '<!doctype html><title>test</title>' },
    })
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: testDb.env.DATABASE_URL!,
      DATA_DIR: testDb.env.DATA_DIR,
      BUILD_DIR: buildDir,
      STORE_PROVIDER: 'shopify',
      STORE_URL: store.url,
      REFRESH_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS),
      REFRESH_RATE_LIMIT_MAX: '10000',
    }
    // Started together on the empty database: both want the start-up sync.
    servers.push(...(await Promise.all([startServer(env), startServer(env)])))
  }, 180_000)

  afterAll(async () => {
    const codes = await Promise.all(servers.map(stopServer))
    await testDb?.drop()
    await store?.close()
    fs.rmSync(path.dirname(buildDir), { recursive: true, force: true })
    expect(codes).toEqual(servers.map(() => 0))
  }, 90_000)

  /**
   * The cooldown has passed since the last sync: the record's times are moved back by it (the
   * processes compare them with their clocks), rather than the test waiting it out.
   */
  const cooldownOver = async () => {
    const { db } = testDb.database
    const record = await db.selectFrom('catalogue_sync').selectAll().executeTakeFirstOrThrow()
    const back = (at: string | null) =>
      at && new Date(Date.parse(at) - COOLDOWN_SECONDS * 1000 - 1).toISOString()
    await db
      .updateTable('catalogue_sync')
      .set({
        last_attempt_at: back(record.last_attempt_at),
        last_finished_at: back(record.last_finished_at),
        last_success_at: back(record.last_success_at),
      })
      .execute()
  }

  const get = async (server: ServerProcess) => {
    const response = await fetch(`${server.url}/api/core/shopify/courses/`)
    return { status: response.status, body: (await response.json()) as { count?: number } }
  }

  it('syncs the empty catalogue once at start-up, whichever process comes first', async () => {
    for (const server of servers) {
      const answer = await get(server)
      expect(answer.status).toBe(200)
      expect(answer.body.count).toBe(3)
    }
    expect(syncs()).toBe(1)
    expect(store.requests).toEqual([FIRST_PAGE, '/products.json?limit=2&page_info=2'])
  })

  it('sends one sync to the store for a storm of refreshes spread over both processes', async () => {
    store.setHandler(
      shopifyCatalogue(
        [1, 2, 3, 4].map((id) => shopifyProduct({ id })),
        2,
      ),
    )
    await cooldownOver()

    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/api/core/shopify/courses/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        }),
      ),
    )
    const statuses = responses.map((response) => response.status)
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as {
      count: number
      message: string
    }[]
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    expect(syncs()).toBe(2)
    expect(new Set(bodies.map((body) => body.count))).toEqual(new Set([4]))
    expect(
      bodies.filter((body) => body.message === 'Courses refreshed successfully').length,
    ).toBeGreaterThanOrEqual(1)

    // Both processes now serve the new catalogue.
    for (const server of servers) expect((await get(server)).body.count).toBe(4)
  })

  it('goes to the store again only after the cooldown', async () => {
    const post = (server: ServerProcess) =>
      fetch(`${server.url}/api/core/shopify/courses/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      })
    expect((await post(servers[1]!)).status).toBe(200)
    expect(syncs()).toBe(2)
    await cooldownOver()
    await Promise.all([post(servers[0]!), post(servers[1]!), post(servers[0]!), post(servers[1]!)])
    expect(syncs()).toBe(3)
  })
})
