/**
 * The reference topology of docs/deployment.md, for real: three server processes
 * (`node server/index.ts`, the Dockerfile's command) on one PostgreSQL database, behind nginx with
 * the proxy configuration compose.yaml uses (deploy/nginx/app.conf, round-robin), with a loopback
 * SMTP server and a stub store. Every request goes through nginx. Clients are told apart by their
 * source address: the whole of 127.0.0.0/8 is loopback, so each simulated visitor connects from
 * its own 127.0.x.y and nginx passes that on in X-Forwarded-For.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findNginx, startNginx, type RunningNginx } from '#scripts/nginx.ts'
import { createCatalogueRepository } from '#server/catalogue/repository.ts'
import {
  shopifyCatalogue,
  shopifyProduct,
  startStubStore,
  type StubStore,
} from '#server/test/stub-store.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import type { DocumentAnswer } from '#common/content-admin.ts'
import { readContentDir } from '#common/content/content-dir.ts'
import type { AudioAnswer, EpisodeAnswer } from '#common/podcast-admin.ts'
import { multipart } from './media.ts'
import { createAuthenticator } from './authenticator.ts'
import { realBuild } from './real-build.ts'
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './databases.ts'
import { inviteFromCommand } from './staff.ts'
import {
  ROOT,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from './server-process.ts'

const PROCESSES = 3
const FORM_LIMIT = 5
// Far longer than the refresh storm takes, even on a busy machine.
// Long enough that 600 requests on a slow machine all fall inside one cooldown window.
const COOLDOWN_SECONDS = 600
const FIRST_PAGE = '/products.json?limit=250'

interface Answer {
  status: number
  body: string
  headers: http.IncomingHttpHeaders
}

/** One HTTP request over its own connection from a chosen loopback address; status 0 = no answer. */
function send(
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

function contact(tag: string) {
  return {
    name: `Visitor ${tag}`,
    email: `visitor-${tag}@example.org`,
    message: `Hello from ${tag}.`,
    startedAt: Date.now() - 60_000,
    submissionId: crypto.randomUUID(),
  }
}

/** Polls `check` every 50 ms until it holds; fails with `describe()` after the deadline. */
async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const tally = (answers: Answer[]) => {
  const counts: Record<number, number> = {}
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

describe.skipIf(!TEST_DATABASE_URL)(
  'reference topology: 3 server processes behind nginx on one PostgreSQL database',
  () => {
    let store: StubStore
    let smtp: TestSmtpServer
    let testDb: TestDatabase
    let nginx: RunningNginx
    const servers: ServerProcess[] = []
    let siteBuild: string
    let victim: ServerProcess | undefined
    let env: Record<string, string>
    const syncs = () => store.requests.filter((request) => request === FIRST_PAGE).length
    const api = (pathname: string) => `${nginx.url}${pathname}`

    beforeAll(async () => {
      if (!findNginx()) {
        throw new Error('nginx is not installed: apt-get install -y nginx (.ci/run installs it)')
      }
      // The store has one course more than the saved catalogue: a sync is visible in the answers.
      store = await startStubStore(
        shopifyCatalogue(
          [1, 2, 3, 4].map((id) => shopifyProduct({ id })),
          2,
        ),
      )
      smtp = await startTestSmtpServer()
      testDb = await createTestDatabase('postgres')
      // A catalogue synced long ago, so no process syncs at start-up and the first refresh may.
      const catalogue = createCatalogueRepository(testDb.database)
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
      // The real site build: the processes render pages from the database when staff publish.
      // A copy without its site-config.json (the release npm test made was built for another
      // PUBLIC_SITE_URL), inside the project so that its server build finds React.
      const release = await realBuild()
      siteBuild = path.join(ROOT, 'build', `test-topology-${process.pid}`)
      for (const part of ['client', 'server', 'pages'])
        fs.cpSync(path.join(release, part), path.join(siteBuild, part), { recursive: true })
      env = {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        DATABASE_URL: testDb.env.DATABASE_URL!,
        DATA_DIR: testDb.env.DATA_DIR,
        BUILD_DIR: path.join(siteBuild, 'client'),
        // One proxy in front: the client is the address nginx appended to X-Forwarded-For.
        TRUST_PROXY: '1',
        STORE_PROVIDER: 'shopify',
        STORE_URL: store.url,
        REFRESH_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS),
        REFRESH_RATE_LIMIT_MAX: '100000',
        FORM_RATE_LIMIT_MAX: String(FORM_LIMIT),
        FORM_RATE_LIMIT_WINDOW_SECONDS: '600',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'DocuCommons <web@docucommons.example.org>',
        CONTACT_NOTIFY_TO: 'team@docucommons.example.org',
        PUBLIC_SITE_URL: 'https://www.example.org',
        MAIL_POLL_MS: '250',
      }
      const started = await Promise.allSettled(
        Array.from({ length: PROCESSES }, () => startServerProcess({ env })),
      )
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value)
      const failed = started.find((result) => result.status === 'rejected')
      if (failed) throw failed.reason
      nginx = await startNginx({ upstreams: servers.map((server) => `127.0.0.1:${server.port}`) })
    }, 600_000)

    afterAll(async () => {
      const codes = await Promise.all(servers.map(stopServerProcess))
      await nginx?.stop()
      await testDb?.drop()
      await smtp?.stop()
      await store?.close()
      if (siteBuild) fs.rmSync(siteBuild, { recursive: true, force: true })
      // The process the last test killed has no exit code; the others shut down cleanly.
      expect(codes.filter((_, i) => servers[i] !== victim)).toEqual(
        servers.filter((server) => server !== victim).map(() => 0),
      )
    }, 90_000)

    const countRows = async (submissionIds: string[]) => {
      const rows = await testDb.database.db
        .selectFrom('contact_message')
        .select(['submission_id', 'delivery_status'])
        .where('submission_id', 'in', submissionIds)
        .execute()
      return rows
    }

    it('sends 600 concurrent refreshes over the three processes to the store once, without a 5xx', async () => {
      expect(syncs()).toBe(0)
      const started = Date.now()
      const answers = await Promise.all(
        Array.from({ length: 600 }, (_, i) =>
          send(api('/api/core/shopify/courses/'), {
            method: 'POST',
            from: `127.0.5.${1 + (i % 200)}`,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      )
      const elapsed = Date.now() - started
      expect(tally(answers)).toEqual({ 200: 600 })
      expect(syncs()).toBe(1)
      // not a stopwatch: the premise that every request fell inside one cooldown window.
      expect(elapsed).toBeLessThan(COOLDOWN_SECONDS * 1000)
      const counts = new Set(
        answers.map((answer) => (JSON.parse(answer.body) as { count: number }).count),
      )
      expect(counts).toEqual(new Set([4]))
    }, 180_000)

    it('stores and mails each of 300 contact messages exactly once, spread over the processes', async () => {
      // 300 visitors at once, one message each. A submission that waits for the database longer
      // than its budget is answered 503 (server/http/form-route.ts), as on a slow machine under
      // this burst, and the browser sends the same submission again (app/contact/outbox.ts):
      // so does this test, within the address's form limit. Each message is stored once either way.
      const bodies = Array.from({ length: 300 }, (_, i) => contact(`c${i}`))
      let resent = 0
      const answers = await Promise.all(
        bodies.map(async (body, i) => {
          const from = `127.0.${i < 250 ? 1 : 4}.${1 + (i % 250)}`
          let answer = await send(api('/api/contact/'), { method: 'POST', from, body })
          for (let tries = 1; answer.status === 503 && tries < FORM_LIMIT; tries++) {
            resent++
            await new Promise((resolve) => setTimeout(resolve, 250 * tries))
            answer = await send(api('/api/contact/'), { method: 'POST', from, body })
          }
          return answer
        }),
      )
      if (resent > 0) console.log(`Sent again after a 503: ${resent} of 300 submissions`)
      expect(tally(answers)).toEqual({ 201: 300 })

      const ids = bodies.map((body) => body.submissionId)
      const rows = await countRows(ids)
      expect(rows).toHaveLength(300)
      expect(new Set(rows.map((row) => row.submission_id)).size).toBe(300)

      // Round-robin reached every process. Request log lines reach the output in batches, at most
      // 250 ms after they are written (server/http/request-log.ts): wait that long, not longer.
      const logged = (server: (typeof servers)[number]) =>
        server.output.some((line) => line.includes('/api/contact/'))
      await waitFor(
        async () => servers.every(logged),
        20_000,
        () =>
          `processes without a contact request in their log: ${servers.filter((s) => !logged(s)).length}`,
      )
      for (const server of servers) {
        expect(logged(server)).toBe(true)
      }

      // Every row is marked sent (no sender is still in flight), and the SMTP server has them.
      await waitFor(
        async () => (await countRows(ids)).every((row) => row.delivery_status === 'sent'),
        45_000,
        () => `${smtp.received.length} of 300 mails received`,
      )
      const mailed = smtp.received
        .map((mail) => mail.headers.get('x-contact-message-id'))
        .filter((id) => id !== undefined)
      expect(mailed).toHaveLength(300)
      expect(new Set(mailed).size).toBe(300)
    }, 270_000)

    it('holds the form rate limit across the processes: one quota, not one per process', async () => {
      const answers: Answer[] = []
      // Sequential, so round-robin spreads them evenly: 2 × PROCESSES × the limit.
      for (let i = 0; i < 2 * PROCESSES * FORM_LIMIT; i++) {
        answers.push(
          await send(api('/api/contact/'), {
            method: 'POST',
            from: '127.0.2.1',
            body: contact(`limited-${i}`),
          }),
        )
      }
      expect(tally(answers)).toEqual({ 201: FORM_LIMIT, 429: (2 * PROCESSES - 1) * FORM_LIMIT })
      expect(answers.slice(0, FORM_LIMIT).every((answer) => answer.status === 201)).toBe(true)
    })

    it('limits a client that forges X-Forwarded-For and X-Real-IP by its real address', async () => {
      const answers: Answer[] = []
      for (let i = 0; i < 2 * PROCESSES * FORM_LIMIT; i++) {
        const forged = `203.0.113.${i + 1}`
        answers.push(
          await send(api('/api/contact/'), {
            method: 'POST',
            from: '127.0.3.1',
            body: contact(`forged-${i}`),
            headers: { 'x-forwarded-for': forged, 'x-real-ip': forged },
          }),
        )
      }
      expect(tally(answers)).toEqual({ 201: FORM_LIMIT, 429: (2 * PROCESSES - 1) * FORM_LIMIT })
      // Another real address still has its own quota.
      const other = await send(api('/api/contact/'), {
        method: 'POST',
        from: '127.0.3.2',
        body: contact('honest'),
      })
      expect(other.status).toBe(201)
    })

    it('keeps a staff session across the three processes and through a restart of each', async () => {
      // The back office's origin is the site's public address here (PUBLIC_SITE_URL).
      const site = { origin: 'https://www.example.org', rpID: 'www.example.org' }
      const authenticator = createAuthenticator(site)
      const from = '127.0.30.1'
      const post = (pathname: string, body: unknown, cookie?: string) =>
        send(api(`/admin/api${pathname}`), {
          method: 'POST',
          from,
          body,
          headers: cookie ? { cookie } : {},
        })
      const token = await inviteFromCommand(testDb.database, 'ops@example.org', 'admin')
      const options = await post('/invitation/options', { token })
      expect(options.status).toBe(200)
      const accepted = await post('/invitation/accept', {
        token,
        credential: authenticator.register(JSON.parse(options.body)),
      })
      expect(accepted.status).toBe(200)
      const setCookie = String(accepted.headers['set-cookie'])
      expect(setCookie).toMatch(
        /^__Host-staff=[\w-]{43}; Path=\/;.*HttpOnly; Secure; SameSite=Strict/,
      )
      const cookie = setCookie.split(';', 1)[0]!

      // Round robin spreads 3 × 3 requests over the processes: each one knows the session.
      const sessionRequests = () =>
        Promise.all(
          Array.from({ length: 3 * PROCESSES }, () =>
            send(api('/admin/api/session'), { from, headers: { cookie } }),
          ),
        )
      const sessionOf = (answers: Answer[]) =>
        answers.map((answer) => `${answer.status} ${JSON.parse(answer.body).staff?.email}`)
      const everyone = Array.from({ length: 3 * PROCESSES }, () => '200 ops@example.org')
      expect(sessionOf(await sessionRequests())).toEqual(everyone)
      const served = (server: ServerProcess) =>
        server.output.some((line) => line.includes('/admin/api/session'))
      await waitFor(
        async () => servers.every(served),
        20_000,
        () =>
          `processes without a session request in their log: ${servers.filter((s) => !served(s)).length}`,
      )

      // Each process in turn stops (SIGTERM) and starts again on its port; the session holds.
      for (let i = 0; i < servers.length; i++) {
        const old = servers[i]!
        expect(await stopServerProcess(old)).toBe(0)
        servers[i] = await startServerProcess({ env: { ...env, PORT: String(old.port) } })
        expect(sessionOf(await sessionRequests())).toEqual(everyone)
      }
      await waitFor(
        async () => servers.every(served),
        20_000,
        () =>
          `restarted processes without a session request: ${servers.filter((s) => !served(s)).length}`,
      )

      // Signing out on one process ends the session on all of them.
      const out = await post('/sign-out', {}, cookie)
      expect(out.status).toBe(200)
      const after = await sessionRequests()
      expect(after.map((answer) => answer.status)).toEqual(everyone.map(() => 401))
    }, 180_000)

    /** A staff member of the role, signed in through nginx with a passkey: their API calls. */
    async function signedInStaff(email: string, from: string) {
      const site = { origin: 'https://www.example.org', rpID: 'www.example.org' }
      const authenticator = createAuthenticator(site)
      const token = await inviteFromCommand(testDb.database, email, 'editor')
      const request = (method: string, pathname: string, body?: unknown, cookie?: string) =>
        send(api(`/admin/api${pathname}`), {
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

    /** Polls every process directly (not through nginx) until each serves what `ok` wants. */
    const everywhere = async (
      pathname: string,
      ok: (answer: Answer) => boolean,
      what: string,
      options: { timeoutMs?: number; headers?: Record<string, string> } = {},
    ) => {
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
        options.timeoutMs ?? 10_000,
        () =>
          `${what}: ${[...answers].map(([port, a]) => `${port} answered ${a.status}`).join(', ')}\n${servers
            .flatMap((server) =>
              server.output.filter((line) => /content|render|pages/i.test(line)).slice(-6),
            )
            .join('\n')}`,
      )
      return Date.now() - started
    }

    it('serves a publish through one process from all three within 10 s: the article, /articles, the sitemap, RSS; then its new address and its removal', async () => {
      const from = '127.0.40.1'
      const { call } = await signedInStaff('editor@example.org', from)
      const sample = readContentDir('content')
      const fm: ArticleFrontmatter = {
        ...structuredClone(sample.articles[0]!.frontmatter),
        headline: 'Three Processes, One Story',
        name: 'Imani Brooks',
        cardTitle: 'The Story Every Server Tells',
        date: '2026-11-25',
      }
      const created = await call('POST', '/articles', {
        slug: 'imani-brooks',
        data: fm,
        body: 'Imani Brooks publishes once.\n',
      })
      expect(created.status, created.body).toBe(201)
      const draft = JSON.parse(created.body) as DocumentAnswer
      const id = draft.key.replace('article/', '')

      const published = await call('POST', `/articles/${id}/publish`, {
        baseVersion: draft.version,
      })
      expect(published.status, published.body).toBe(200)
      const took = Math.max(
        await everywhere(
          '/articles/imani-brooks',
          (a) => a.status === 200 && a.body.includes('Three Processes, One Story'),
          'the new article',
        ),
        await everywhere(
          '/articles',
          (a) => a.body.includes('/articles/imani-brooks'),
          '/articles',
        ),
        await everywhere(
          '/sitemap.xml',
          (a) => a.body.includes('/articles/imani-brooks</loc>'),
          'the sitemap',
        ),
        await everywhere(
          '/rss.xml',
          (a) => a.body.includes('/articles/imani-brooks</link>'),
          'RSS',
        ),
      )
      console.info(`A publish was served by all ${PROCESSES} processes within ${took} ms.`)
      // Search finds it on every process, by the API and on the results page (server/search).
      await everywhere(
        '/api/search?q=Imani%20Brooks%20publishes',
        (a) => a.status === 200 && a.body.includes('"url":"/articles/imani-brooks"'),
        'the article in search',
      )
      await everywhere(
        '/search?q=Three%20Processes',
        (a) => a.status === 200 && a.body.includes('href="/articles/imani-brooks"'),
        'the article on the results page',
      )

      const live = JSON.parse(published.body) as DocumentAnswer
      const moved = await call('POST', `/articles/${id}/slug`, {
        baseVersion: live.version,
        slug: 'imani-brooks-story',
      })
      expect(moved.status, moved.body).toBe(200)
      for (const old of ['/articles/imani-brooks', '/articles/imani-brooks/'])
        await everywhere(
          old,
          (a) => a.status === 301 && a.headers.location === '/articles/imani-brooks-story',
          `301 from ${old}`,
        )

      const renamed = JSON.parse(moved.body) as DocumentAnswer
      const down = await call('POST', `/articles/${id}/unpublish`, { baseVersion: renamed.version })
      expect(down.status, down.body).toBe(200)
      await everywhere(
        '/articles/imani-brooks-story',
        (a) => a.status === 404,
        'the unpublished article',
      )
      await everywhere('/articles', (a) => !a.body.includes('imani-brooks'), '/articles without it')
      await everywhere(
        '/sitemap.xml',
        (a) => !a.body.includes('imani-brooks'),
        'the sitemap without it',
      )
      await everywhere('/rss.xml', (a) => !a.body.includes('imani-brooks'), 'RSS without it')
      await everywhere(
        '/api/search?q=Imani%20Brooks%20publishes',
        (a) => a.status === 200 && !a.body.includes('imani-brooks'),
        'search without it',
      )
    }, 270_000)

    it('serves an episode published through one process from all three within 10 s: its page, /listen, the feed, its transcript, and its audio with byte ranges', async () => {
      const from = '127.0.40.2'
      const { call, cookie } = await signedInStaff('producer@example.org', from)
      // A whole sample episode (about 1 MB): more than the 64 KB nginx lets through elsewhere.
      const mp3 = fs.readFileSync(path.join('content/podcast/episodes/the-empty-panel.mp3'))
      const form = await multipart({}, { bytes: mp3, name: 'monday.mp3', type: 'audio/mpeg' })
      const uploaded = await send(api('/admin/api/podcast/uploads/audio'), {
        method: 'POST',
        from,
        raw: form.body,
        headers: { cookie, 'content-type': form.contentType },
      })
      expect(uploaded.status, uploaded.body).toBeLessThan(300)
      const { audio } = JSON.parse(uploaded.body) as AudioAnswer
      const title = 'Three Processes, One Episode'
      const created = await call('POST', '/podcast/episodes', {
        slug: 'three-processes-one-episode',
        title,
        number: 7,
        publishedAt: new Date(Date.now() - 60_000).toISOString(),
        summary: 'Published once, heard on every server.',
        notes: 'A test of the topology.\n',
        audio: { sha256: audio.sha256 },
        transcript: '[00:02] Imani Brooks: Good morning from three servers.\n',
        chapters: [{ startTime: 0, title: 'Good morning' }],
      })
      expect(created.status, created.body).toBe(201)
      const episode = JSON.parse(created.body) as EpisodeAnswer
      const published = await call('POST', `/podcast/episodes/${episode.id}/publish`, {
        baseVersion: episode.version,
      })
      expect(published.status, published.body).toBe(200)
      const took = Math.max(
        await everywhere(
          '/listen/three-processes-one-episode',
          (a) => a.status === 200 && a.body.includes(title),
          'the episode page',
        ),
        await everywhere('/listen', (a) => a.body.includes(title), '/listen'),
        await everywhere(
          '/listen/feed.xml',
          (a) => a.body.includes(`<guid isPermaLink="false">${episode.guid}</guid>`),
          'the feed',
        ),
        await everywhere(
          '/listen/three-processes-one-episode/transcript.vtt',
          (a) => a.status === 200 && a.headers['content-type'] === 'text/vtt; charset=utf-8',
          'the transcript',
        ),
      )
      console.info(`An episode was served by all ${PROCESSES} processes within ${took} ms.`)
      await everywhere(
        `/api/search?q=${encodeURIComponent('"good morning from three servers"')}`,
        (a) => a.body.includes('"url":"/listen/three-processes-one-episode#t=2"'),
        'the transcript line in search, at its second',
      )
      await everywhere(
        audio.url,
        (a) =>
          a.status === 206 &&
          a.headers['content-range'] ===
            `bytes ${mp3.length - 1}-${mp3.length - 1}/${mp3.length}` &&
          a.headers['content-type'] === 'audio/mpeg',
        'the last byte of the audio',
        { headers: { range: 'bytes=-1' } },
      )
    }, 270_000)

    it('loses no acknowledged message when a process is killed under load; the others keep answering', async () => {
      victim = servers[0]!
      const acknowledged: string[] = []
      const answers: Answer[] = []
      let sent = 0
      let killed = false
      const total = 240
      // 12 visitors at a time, each sending its form quota, until `total` are sent.
      const worker = async (lane: number) => {
        for (let round = 0; round < total / 12 / FORM_LIMIT; round++) {
          const from = `127.0.${6 + round}.${lane + 1}`
          for (let k = 0; k < FORM_LIMIT; k++) {
            const body = contact(`kill-${lane}-${round}-${k}`)
            sent++
            if (!killed && sent >= total / 3) {
              killed = true
              victim!.child.kill('SIGKILL')
            }
            const answer = await send(api('/api/contact/'), { method: 'POST', from, body })
            answers.push(answer)
            if (answer.status === 201) acknowledged.push(body.submissionId)
          }
        }
      }
      await Promise.all(Array.from({ length: 12 }, (_, lane) => worker(lane)))
      expect(killed).toBe(true)
      expect(answers).toHaveLength(total)
      // The only failures are requests the killed process had in hand when it died.
      const failures = answers.filter((answer) => answer.status !== 201)
      expect(failures.length).toBeLessThanOrEqual(12)
      expect(failures.every((answer) => answer.status === 0 || answer.status === 502)).toBe(true)

      const rows = await countRows(acknowledged)
      expect(new Set(rows.map((row) => row.submission_id)).size).toBe(acknowledged.length)
      expect(rows).toHaveLength(acknowledged.length)

      // After the kill, every request is answered by the two survivors.
      const after = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          send(api('/api/contact/'), {
            method: 'POST',
            from: `127.0.20.${1 + Math.floor(i / FORM_LIMIT)}`,
            body: contact(`after-${i}`),
          }),
        ),
      )
      expect(tally(after)).toEqual({ 201: 30 })
      const health = await Promise.all(
        Array.from({ length: 20 }, () => send(api('/api/health'), { from: '127.0.21.1' })),
      )
      expect(tally(health)).toEqual({ 200: 20 })
    }, 120_000)
  },
)
