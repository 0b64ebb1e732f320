/**
 * The Daily Commons as podcast apps and players fetch it, from a server that imported the sample
 * at its first start and serves the real build: the audio at its content-hashed address (HEAD,
 * byte ranges, 416, immutable), the transcript and chapters with their types, the feed with its
 * ETag; on both databases, and through two processes on one PostgreSQL database.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { buildApp } from '#server/app.ts'
import { openSiteBuild, type SiteBuild } from '#server/site/site-build.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  TEST_DATABASE_URL,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'
import { importContentFolder } from '#server/test/content-repository.ts'
import { realBuild } from '#server/test/real-build.ts'
import {
  ROOT,
  startServerProcess,
  outputTail,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'

const CONTENT = path.join(ROOT, 'content')
const sample = readContentDir(CONTENT)
const episode = sample.podcast.episodes.find((e) => e.slug === 'the-empty-panel')!
const audioBytes = fs.readFileSync(path.join(CONTENT, 'podcast/episodes', episode.data.audio))
const audioUrl = `/media/u/${episode.data.files.audio.sha256.slice(0, 32)}.mp3`
const size = audioBytes.length

// The real build (built once for the test files that need it) and server processes.
const SLOW_MS = 240_000

describeOnDatabases('the podcast’s files', (dialect) => {
  let testDb: TestDatabase
  let build: SiteBuild
  let app: FastifyInstance

  beforeAll(async () => {
    const buildDir = await realBuild()
    testDb = await createTestDatabase(dialect)
    build = openSiteBuild(path.join(buildDir, 'client'))
    app = await buildApp({
      env: testEnv({ DATA_DIR: testDb.env.DATA_DIR }),
      database: testDb.database,
      build,
      media: {},
      logger: false,
    })
    await importContentFolder(testDb, app.mediaLibrary!)
  }, SLOW_MS)
  afterAll(async () => {
    await app?.close()
    build?.close()
    await testDb?.drop()
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers })

  it('serves the audio whole, and HEAD says what it is without the bytes', async () => {
    const whole = await get(audioUrl)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('audio/mpeg')
    expect(whole.headers['content-length']).toBe(String(size))
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(whole.rawPayload.equals(audioBytes)).toBe(true)
    const head = await app.inject({ method: 'HEAD', url: audioUrl })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe(String(size))
    expect(head.headers['etag']).toBe(whole.headers['etag'])
    expect(head.rawPayload.length).toBe(0)
  })

  it('answers the first, a middle and the last byte, and 416 past the end', async () => {
    const middle = Math.floor(size / 2)
    for (const [range, start, end] of [
      ['bytes=0-0', 0, 0],
      [`bytes=${middle}-${middle + 999}`, middle, middle + 999],
      ['bytes=-1', size - 1, size - 1],
      [`bytes=${size - 1}-`, size - 1, size - 1],
    ] as const) {
      const part = await get(audioUrl, { range })
      expect(part.statusCode, range).toBe(206)
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`)
      expect(part.headers['content-type'], range).toBe('audio/mpeg')
      expect(part.rawPayload.equals(audioBytes.subarray(start, end + 1)), range).toBe(true)
    }
    const past = await get(audioUrl, { range: `bytes=${size}-` })
    expect(past.statusCode).toBe(416)
    expect(past.headers['content-range']).toBe(`bytes */${size}`)
  })

  it('serves the transcript as text/vtt and the chapters as application/json+chapters', async () => {
    const vtt = await get(`/listen/${episode.slug}/transcript.vtt`)
    expect(vtt.statusCode).toBe(200)
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8')
    expect(vtt.body).toBe(episode.data.files.transcript)
    const chapters = await get(`/listen/${episode.slug}/chapters.json`)
    expect(chapters.statusCode).toBe(200)
    expect(chapters.headers['content-type']).toBe('application/json+chapters; charset=utf-8')
    expect(chapters.body).toBe(episode.data.files.chapters)
  })

  it('serves the feed as RSS with an ETag, and 304 to a listener who has it', async () => {
    const feed = await get('/listen/feed.xml')
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8')
    expect(feed.body).toContain(`<enclosure url="`)
    expect(feed.body).toContain(`${audioUrl}" length="${size}" type="audio/mpeg"`)
    const etag = String(feed.headers['etag'])
    expect(etag).toMatch(/^"/)
    const again = await get('/listen/feed.xml', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const head = await app.inject({ method: 'HEAD', url: '/listen/feed.xml' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['etag']).toBe(etag)
  })

  it('serves the artwork the feed names, and its variants for the pages', async () => {
    const key = sample.podcast.show.files.artwork.sha256.slice(0, 32)
    const master = await get(`/media/u/${key}.jpg`)
    expect(master.statusCode).toBe(200)
    expect(master.headers['content-type']).toBe('image/jpeg')
    expect(
      master.rawPayload.equals(fs.readFileSync(path.join(CONTENT, 'podcast/artwork.jpg'))),
    ).toBe(true)
    const variant = await get(`/media/u/${key}-480.avif`)
    expect(variant.statusCode).toBe(200)
    expect(variant.headers['content-type']).toBe('image/avif')
  })
})

describe.skipIf(!TEST_DATABASE_URL)('the podcast’s files on two processes (PostgreSQL)', () => {
  let testDb: TestDatabase
  let a: ServerProcess
  let b: ServerProcess
  const folders: string[] = []

  beforeAll(async () => {
    const buildDir = await realBuild()
    testDb = await createTestDatabase('postgres')
    const start = (name: string) => {
      folders.push(fs.mkdtempSync(path.join(os.tmpdir(), `lll-podcast-${name}-`)))
      return startServerProcess({
        env: {
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: '0',
          BUILD_DIR: path.join(buildDir, 'client'),
          CONTENT_DIR: CONTENT,
          DATABASE_URL: testDb.env.DATABASE_URL!,
          // Each process its own folder: on PostgreSQL nothing of the media is on disk.
          DATA_DIR: folders.at(-1)!,
        },
        timeoutMs: 90_000,
      })
    }
    // Both start on the empty database: one imports the sample, the other finds it there.
    ;[a, b] = await Promise.all([start('a'), start('b')])
  }, SLOW_MS)

  afterAll(async () => {
    const codes = await Promise.all([a, b].filter(Boolean).map(stopServerProcess))
    await testDb?.drop()
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
    expect(codes, outputTail(a, b)).toEqual([0, 0])
  })

  it('serves the same audio, byte ranges and feed through both', async () => {
    const fromA = await fetch(`${a.url}${audioUrl}`)
    const fromB = await fetch(`${b.url}${audioUrl}`)
    expect(fromA.status).toBe(200)
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'))
    expect(Buffer.from(await fromB.arrayBuffer()).equals(audioBytes)).toBe(true)
    for (const server of [a, b]) {
      const last = await fetch(`${server.url}${audioUrl}`, { headers: { range: 'bytes=-1' } })
      expect(last.status).toBe(206)
      expect(Buffer.from(await last.arrayBuffer())).toEqual(audioBytes.subarray(-1))
    }
    const feeds = await Promise.all([a, b].map((s) => fetch(`${s.url}/listen/feed.xml`)))
    expect(feeds[0]!.headers.get('etag')).toBe(feeds[1]!.headers.get('etag'))
  })
})
