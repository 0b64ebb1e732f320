/**
 * The reference topology of docs/deployment.md, for real, for server/test/topology.test.ts: three
 * server processes (`node server/index.ts`, the Dockerfile's command) on one PostgreSQL database,
 * behind nginx with the proxy configuration compose.yaml uses (deploy/nginx/app.conf,
 * round-robin), with a loopback SMTP server and a stub store. Every request goes through nginx.
 * Clients are told apart by their source address: the whole of 127.0.0.0/8 is loopback, so each
 * simulated visitor connects from its own 127.0.x.y and nginx passes that on in X-Forwarded-For.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { expect } from 'vitest'
import { findNginx, startNginx, type RunningNginx } from '#scripts/nginx.ts'
import { createCatalogueRepository } from '#server/catalogue/repository.ts'
import type { Database } from '#server/db/index.ts'
import {
  shopifyCatalogue,
  shopifyProduct,
  startStubStore,
  type StubStore,
} from '#server/test/stub-store.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'
import { createAuthenticator } from './authenticator.ts'
import { realBuild } from './real-build.ts'
import { createTestDatabase, type TestDatabase } from './databases.ts'
import { inviteFromCommand } from './staff.ts'
import {
  ROOT,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from './server-process.ts'

export const PROCESSES = 3
export const FORM_LIMIT = 5
// Far longer than the refresh storm takes, even on a busy machine.
// Long enough that 600 requests on a slow machine all fall inside one cooldown window.
export const COOLDOWN_SECONDS = 600
export const FIRST_PAGE = '/products.json?limit=250'
/** The back office's origin is the site's public address here (PUBLIC_SITE_URL). */
export const STAFF_SITE = { origin: 'https://www.example.org', rpID: 'www.example.org' }

export interface Answer {
  status: number
  body: string
  headers: http.IncomingHttpHeaders
}

/** One HTTP request over its own connection from a chosen loopback address; status 0 = no answer. */
export function send(
  url: string,
  options: {
    method?: string
    from: string
    body?: unknown
    /** A body sent as it is (a multipart upload), with its content type in `headers`. */
    raw?: Buffer
    headers?: Record<string, string>
  },
): Promise<Answer> {
  const payload =
    options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: options.from,
        agent: false,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: response.headers,
          }),
        )
        response.on('error', () => resolve({ status: 0, body: '', headers: {} }))
      },
    )
    request.setTimeout(30_000, () => request.destroy())
    request.on('error', () => resolve({ status: 0, body: '', headers: {} }))
    request.end(payload)
  })
}

export function contact(tag: string) {
  return {
    name: `Visitor ${tag}`,
    email: `visitor-${tag}@example.org`,
    message: `Hello from ${tag}.`,
    startedAt: Date.now() - 60_000,
    submissionId: crypto.randomUUID(),
  }
}

/** Polls `check` every 50 ms until it holds; fails with `describe()` after the deadline. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: () => string,
) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export const tally = (answers: Answer[]) => {
  const counts: Record<number, number> = {}
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

/** What a running topology is made of; `servers` changes when a test restarts a process. */
export interface Topology {
  store: StubStore
  smtp: TestSmtpServer
  testDb: TestDatabase
  nginx: RunningNginx
  servers: ServerProcess[]
  siteBuild: string
  env: Record<string, string>
}

/** The address of `pathname` behind nginx. */
export const api = (topology: Topology, pathname: string) => `${topology.nginx.url}${pathname}`

/** How often the store was asked for its first page: one sync each. */
export const syncs = (topology: Topology) =>
  topology.store.requests.filter((request) => request === FIRST_PAGE).length

/** A catalogue synced long ago, so no process syncs at start-up and the first refresh may. */
async function saveOldCatalogue(database: Database) {
  const catalogue = createCatalogueRepository(database)
  const longAgo = new Date(Date.now() - 24 * 3600_000).toISOString()
  await catalogue.recordAttempt('shopify', longAgo)
  await catalogue.replaceCatalogue(
    [1, 2, 3].map((id) => ({
      id: String(id),
      title: `Course ${id}`,
      description: '',
      price: 29,
      url: `https://store.example.com/course-${id}`,
      image_url: '',
    })),
    'shopify',
    longAgo,
  )
}

/**
 * The real site build: the processes render pages from the database when staff publish. A copy
 * without its site-config.json (the release npm test made was built for another
 * PUBLIC_SITE_URL), inside the project so that its server build finds React.
 */
async function copySiteBuild() {
  const release = await realBuild()
  const siteBuild = path.join(ROOT, 'build', `test-topology-${process.pid}`)
  for (const part of ['client', 'server', 'pages'])
    fs.cpSync(path.join(release, part), path.join(siteBuild, part), { recursive: true })
  return siteBuild
}

function serverEnv(parts: {
  testDb: TestDatabase
  siteBuild: string
  store: StubStore
  smtp: TestSmtpServer
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    DATABASE_URL: parts.testDb.env.DATABASE_URL!,
    DATA_DIR: parts.testDb.env.DATA_DIR,
    BUILD_DIR: path.join(parts.siteBuild, 'client'),
    // One proxy in front: the client is the address nginx appended to X-Forwarded-For.
    TRUST_PROXY: '1',
    STORE_PROVIDER: 'shopify',
    STORE_URL: parts.store.url,
    REFRESH_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS),
    REFRESH_RATE_LIMIT_MAX: '100000',
    FORM_RATE_LIMIT_MAX: String(FORM_LIMIT),
    FORM_RATE_LIMIT_WINDOW_SECONDS: '600',
    SMTP_URL: parts.smtp.url,
    MAIL_FROM: 'DocuCommons <web@docucommons.example.org>',
    CONTACT_NOTIFY_TO: 'team@docucommons.example.org',
    PUBLIC_SITE_URL: 'https://www.example.org',
    MAIL_POLL_MS: '250',
  }
}

/**
 * Starts the whole topology. The parts are put into `topology` as they start, so that
 * stopTopology() stops what started even when a later part fails.
 */
export async function startTopology(topology: Partial<Topology>): Promise<Topology> {
  if (!findNginx()) {
    throw new Error('nginx is not installed: apt-get install -y nginx (.ci/run installs it)')
  }
  topology.servers = []
  // The store has one course more than the saved catalogue: a sync is visible in the answers.
  const store = (topology.store = await startStubStore(
    shopifyCatalogue(
      [1, 2, 3, 4].map((id) => shopifyProduct({ id })),
      2,
    ),
  ))
  const smtp = (topology.smtp = await startTestSmtpServer())
  const testDb = (topology.testDb = await createTestDatabase('postgres'))
  await saveOldCatalogue(testDb.database)
  const siteBuild = (topology.siteBuild = await copySiteBuild())
  const env = (topology.env = serverEnv({ testDb, siteBuild, store, smtp }))
  const started = await Promise.allSettled(
    Array.from({ length: PROCESSES }, () => startServerProcess({ env })),
  )
  for (const result of started)
    if (result.status === 'fulfilled') topology.servers.push(result.value)
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
  topology.nginx = await startNginx({
    upstreams: topology.servers.map((server) => `127.0.0.1:${server.port}`),
  })
  return topology as Topology
}

/** Stops every part; each process but `victim` (killed by a test) must exit cleanly. */
export async function stopTopology(topology: Partial<Topology>, victim?: ServerProcess) {
  const servers = topology.servers ?? []
  const codes = await Promise.all(servers.map(stopServerProcess))
  await topology.nginx?.stop()
  await topology.testDb?.drop()
  await topology.smtp?.stop()
  await topology.store?.close()
  if (topology.siteBuild) fs.rmSync(topology.siteBuild, { recursive: true, force: true })
  // The process the last test killed has no exit code; the others shut down cleanly.
  expect(codes.filter((_, i) => servers[i] !== victim)).toEqual(
    servers.filter((server) => server !== victim).map(() => 0),
  )
}

/** The contact messages stored under these submission ids, with their delivery state. */
export async function storedMessages(topology: Topology, submissionIds: string[]) {
  return topology.testDb.database.db
    .selectFrom('contact_message')
    .select(['submission_id', 'delivery_status'])
    .where('submission_id', 'in', submissionIds)
    .execute()
}

/** A staff member of the role, signed in through nginx with a passkey: their API calls. */
export async function signedInStaff(topology: Topology, email: string, from: string) {
  const authenticator = createAuthenticator(STAFF_SITE)
  const token = await inviteFromCommand(topology.testDb.database, email, 'editor')
  const request = (method: string, pathname: string, body?: unknown, cookie?: string) =>
    send(api(topology, `/admin/api${pathname}`), {
      method,
      from,
      ...(body !== undefined && { body }),
      headers: cookie ? { cookie } : {},
    })
  const options = await request('POST', '/invitation/options', { token })
  const accepted = await request('POST', '/invitation/accept', {
    token,
    credential: authenticator.register(JSON.parse(options.body)),
  })
  expect(accepted.status).toBe(200)
  const cookie = String(accepted.headers['set-cookie']).split(';', 1)[0]!
  return {
    cookie,
    call: (method: string, pathname: string, body?: unknown) =>
      request(method, pathname, body, cookie),
  }
}

/**
 * Polls every process directly (not through nginx) until each serves what `ok` wants, for up to
 * 60 s: a slow machine must not fail the test. The 10 s publishing promise is a benchmark figure
 * (`npm run bench:scale`, "publish to visible"), not a deadline here.
 */
export async function everywhere(
  topology: Topology,
  pathname: string,
  ok: (answer: Answer) => boolean,
  what: string,
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
) {
  const { servers } = topology
  const from = '127.0.40.9'
  const answers = new Map<number, Answer>()
  const started = Date.now()
  await waitFor(
    async () => {
      for (const server of servers) {
        const answer = await send(`http://127.0.0.1:${server.port}${pathname}`, {
          from,
          ...(options.headers && { headers: options.headers }),
        })
        answers.set(server.port, answer)
      }
      return [...answers.values()].every(ok)
    },
    options.timeoutMs ?? 60_000,
    () =>
      `${what}: ${[...answers].map(([port, a]) => `${port} answered ${a.status}`).join(', ')}\n${servers
        .flatMap((server) =>
          server.output.filter((line) => /content|render|pages/i.test(line)).slice(-6),
        )
        .join('\n')}`,
  )
  return Date.now() - started
}
