/**
 * The staff journeys of server/test/topology.test.ts, each a function of the running topology:
 * a session that every process knows and that survives their restarts, and a publish through
 * one process that all three serve.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import type { DocumentAnswer } from '#common/content-admin.ts'
import { readContentDir } from '#common/content/content-dir.ts'
import type { AudioAnswer, EpisodeAnswer } from '#common/podcast-admin.ts'
import { createAuthenticator } from './authenticator.ts'
import { multipart } from './media.ts'
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process.ts'
import { inviteFromCommand } from './staff.ts'
import {
  PROCESSES,
  STAFF_SITE,
  api,
  everywhere,
  send,
  signedInStaff,
  waitFor,
  type Answer,
  type Topology,
} from './topology.ts'

export async function sessionAcrossProcesses(topology: Topology) {
  const { servers, testDb, env } = topology
  const authenticator = createAuthenticator(STAFF_SITE)
  const from = '127.0.30.1'
  const post = (pathname: string, body: unknown, cookie?: string) =>
    send(api(topology, `/admin/api${pathname}`), {
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
  expect(setCookie).toMatch(/^__Host-staff=[\w-]{43}; Path=\/;.*HttpOnly; Secure; SameSite=Strict/)
  const cookie = setCookie.split(';', 1)[0]!

  // Round robin spreads 3 × 3 requests over the processes: each one knows the session.
  const sessionRequests = () =>
    Promise.all(
      Array.from({ length: 3 * PROCESSES }, () =>
        send(api(topology, '/admin/api/session'), { from, headers: { cookie } }),
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
}

export async function articlePublish(topology: Topology) {
  const from = '127.0.40.1'
  const { call } = await signedInStaff(topology, 'editor@example.org', from)
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
      topology,
      '/articles/imani-brooks',
      (a) => a.status === 200 && a.body.includes('Three Processes, One Story'),
      'the new article',
    ),
    await everywhere(
      topology,
      '/articles',
      (a) => a.body.includes('/articles/imani-brooks'),
      '/articles',
    ),
    await everywhere(
      topology,
      '/sitemap.xml',
      (a) => a.body.includes('/articles/imani-brooks</loc>'),
      'the sitemap',
    ),
    await everywhere(
      topology,
      '/rss.xml',
      (a) => a.body.includes('/articles/imani-brooks</link>'),
      'RSS',
    ),
  )
  console.info(`A publish was served by all ${PROCESSES} processes within ${took} ms.`)
  // Search finds it on every process, by the API and on the results page (server/search).
  await everywhere(
    topology,
    '/api/search?q=Imani%20Brooks%20publishes',
    (a) => a.status === 200 && a.body.includes('"url":"/articles/imani-brooks"'),
    'the article in search',
  )
  await everywhere(
    topology,
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
      topology,
      old,
      (a) => a.status === 301 && a.headers.location === '/articles/imani-brooks-story',
      `301 from ${old}`,
    )

  const renamed = JSON.parse(moved.body) as DocumentAnswer
  const down = await call('POST', `/articles/${id}/unpublish`, { baseVersion: renamed.version })
  expect(down.status, down.body).toBe(200)
  await everywhere(
    topology,
    '/articles/imani-brooks-story',
    (a) => a.status === 404,
    'the unpublished article',
  )
  await everywhere(
    topology,
    '/articles',
    (a) => !a.body.includes('imani-brooks'),
    '/articles without it',
  )
  await everywhere(
    topology,
    '/sitemap.xml',
    (a) => !a.body.includes('imani-brooks'),
    'the sitemap without it',
  )
  await everywhere(topology, '/rss.xml', (a) => !a.body.includes('imani-brooks'), 'RSS without it')
  await everywhere(
    topology,
    '/api/search?q=Imani%20Brooks%20publishes',
    (a) => a.status === 200 && !a.body.includes('imani-brooks'),
    'search without it',
  )
}

export async function episodePublish(topology: Topology) {
  const from = '127.0.40.2'
  const { call, cookie } = await signedInStaff(topology, 'producer@example.org', from)
  // A whole sample episode (about 1 MB): more than the 64 KB nginx lets through elsewhere.
  const mp3 = fs.readFileSync(path.join('content/podcast/episodes/the-empty-panel.mp3'))
  const form = await multipart({}, { bytes: mp3, name: 'monday.mp3', type: 'audio/mpeg' })
  const uploaded = await send(api(topology, '/admin/api/podcast/uploads/audio'), {
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
      topology,
      '/listen/three-processes-one-episode',
      (a) => a.status === 200 && a.body.includes(title),
      'the episode page',
    ),
    await everywhere(topology, '/listen', (a) => a.body.includes(title), '/listen'),
    await everywhere(
      topology,
      '/listen/feed.xml',
      (a) => a.body.includes(`<guid isPermaLink="false">${episode.guid}</guid>`),
      'the feed',
    ),
    await everywhere(
      topology,
      '/listen/three-processes-one-episode/transcript.vtt',
      (a) => a.status === 200 && a.headers['content-type'] === 'text/vtt; charset=utf-8',
      'the transcript',
    ),
  )
  console.info(`An episode was served by all ${PROCESSES} processes within ${took} ms.`)
  await everywhere(
    topology,
    `/api/search?q=${encodeURIComponent('"good morning from three servers"')}`,
    (a) => a.body.includes('"url":"/listen/three-processes-one-episode#t=2"'),
    'the transcript line in search, at its second',
  )
  await everywhere(
    topology,
    audio.url,
    (a) =>
      a.status === 206 &&
      a.headers['content-range'] === `bytes ${mp3.length - 1}-${mp3.length - 1}/${mp3.length}` &&
      a.headers['content-type'] === 'audio/mpeg',
    'the last byte of the audio',
    { headers: { range: 'bytes=-1' } },
  )
}
