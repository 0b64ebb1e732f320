/**
 * GET and HEAD /media/u/<name> on SQLite (files in DATA_DIR) and PostgreSQL (chunks in the
 * database), from memory and streamed past the cache (MEDIA_CACHE_MB=0): immutable caching,
 * strong ETags, 304, single byte ranges across chunk boundaries, 416, safe Content-Disposition.
 */
import crypto from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MediaItem } from '#common/media.ts'
import { imageJobs } from '#scripts/media/outputs/images.ts'
import { apiOnDatabase } from '#server/test/api.ts'
import { describeOnDatabases } from '#server/test/databases.ts'
import { testPicture } from '#server/test/media.ts'
import { CHUNK_BYTES } from './blob-store.ts'

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

/** 2.5 MiB standing in for an episode: saveBlob trusts the podcast to have checked it. */
const audio = crypto.randomBytes(Math.floor(2.5 * CHUNK_BYTES))

describeOnDatabases('/media/u/ serving', (dialect) => {
  // MEDIA_CACHE_MB=0: every answer comes from the database or the file, chunk by chunk.
  for (const cacheMb of ['0', '64']) {
    describe(`with MEDIA_CACHE_MB=${cacheMb}`, () => {
      const api = apiOnDatabase(dialect, { app: { media: {} }, env: { MEDIA_CACHE_MB: cacheMb } })
      let picture: MediaItem
      let episode: MediaItem
      beforeAll(async () => {
        const library = api.app.mediaLibrary!
        picture = (
          await library.saveImage({
            bytes: await testPicture({ width: 640, height: 400 }),
            fileName: 'C:\\Users\\ada\\Mme Nwosu "quilt" <final>.JPG',
            alt: 'A quilt',
          })
        ).item
        episode = (
          await library.saveBlob({
            bytes: audio,
            mime: 'audio/mpeg',
            kind: 'audio',
            fileName: 'Daily Commons, episode 1.mp3',
          })
        ).item
      })
      const get = (
        url: string,
        headers: Record<string, string> = {},
        method: 'GET' | 'HEAD' = 'GET',
      ) => api.app.inject({ method, url, headers })
      const audioUrl = () => episode.files[0]!.url

      it('serves every file with its type, a year of immutable caching and a strong ETag', async () => {
        const avif = picture.files.find((file) => file.format === 'avif' && file.width === 480)!
        const response = await get(avif.url)
        expect(response.statusCode).toBe(200)
        expect(response.headers).toMatchObject({
          'content-type': 'image/avif',
          'cache-control': 'public, max-age=31536000, immutable',
          etag: `"${sha256(response.rawPayload)}"`,
          'x-content-type-options': 'nosniff',
          'accept-ranges': 'bytes',
          'content-length': String(avif.size),
          // The upload's name, without its folders, quotes or markup, and the file's own suffix.
          'content-disposition': 'inline; filename="mme-nwosu-quilt-final-480.avif"',
          'cross-origin-resource-policy': 'cross-origin',
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        })
        expect(avif.url).toMatch(/^\/media\/u\/[0-9a-f]{32}-480\.avif$/)
        const mp3 = await get(audioUrl())
        expect(mp3.headers['content-type']).toBe('audio/mpeg')
        expect(mp3.headers['content-disposition']).toBe(
          'inline; filename="daily-commons-episode-1.mp3"',
        )
        expect(Buffer.compare(mp3.rawPayload, audio)).toBe(0)
        expect(audioUrl()).toBe(`/media/u/${sha256(audio).slice(0, 32)}.mp3`)
      })

      it('answers HEAD with the headers and no body, and 304 to a matching If-None-Match', async () => {
        const head = await get(audioUrl(), {}, 'HEAD')
        expect(head.statusCode).toBe(200)
        expect(head.headers['content-length']).toBe(String(audio.length))
        expect(head.rawPayload.length).toBe(0)
        const etag = head.headers.etag as string
        for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
          const revalidated = await get(audioUrl(), { 'if-none-match': ifNoneMatch })
          expect(revalidated.statusCode, ifNoneMatch).toBe(304)
          expect(revalidated.rawPayload.length).toBe(0)
          expect(revalidated.headers.etag).toBe(etag)
        }
        expect((await get(audioUrl(), { 'if-none-match': '"other"' })).statusCode).toBe(200)
      })

      it('answers single byte ranges: first, middle (across a chunk boundary) and last bytes', async () => {
        const size = audio.length
        const cases: [string, number, number][] = [
          ['bytes=0-0', 0, 0],
          [`bytes=${CHUNK_BYTES - 2}-${CHUNK_BYTES + 1}`, CHUNK_BYTES - 2, CHUNK_BYTES + 1],
          [`bytes=${CHUNK_BYTES}-${2 * CHUNK_BYTES + 10}`, CHUNK_BYTES, 2 * CHUNK_BYTES + 10],
          ['bytes=-1', size - 1, size - 1],
          [`bytes=${size - 100}-`, size - 100, size - 1],
          [`bytes=10-${size + 5000}`, 10, size - 1],
        ]
        for (const [range, start, end] of cases) {
          const response = await get(audioUrl(), { range })
          expect(response.statusCode, range).toBe(206)
          expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`)
          expect(response.headers['content-length']).toBe(String(end - start + 1))
          expect(Buffer.compare(response.rawPayload, audio.subarray(start, end + 1)), range).toBe(0)
        }
        const head = await get(audioUrl(), { range: 'bytes=5-9' }, 'HEAD')
        expect([head.statusCode, head.headers['content-range'], head.rawPayload.length]).toEqual([
          206,
          `bytes 5-9/${size}`,
          0,
        ])
      })

      it('answers 416 with the size to a range outside the file, and the whole file when If-Range differs', async () => {
        for (const range of [`bytes=${audio.length}-`, 'bytes=-0']) {
          const response = await get(audioUrl(), { range })
          expect(response.statusCode, range).toBe(416)
          expect(response.headers['content-range']).toBe(`bytes */${audio.length}`)
          expect(response.headers.etag).toBeUndefined()
          expect(response.json().message).toBe(
            `The range asked for is outside the file (${audio.length} bytes).`,
          )
        }
        const stale = await get(audioUrl(), { range: 'bytes=0-9', 'if-range': '"an-older-file"' })
        expect([stale.statusCode, stale.rawPayload.length]).toEqual([200, audio.length])
        const two = await get(audioUrl(), { range: 'bytes=0-1,5-6' })
        expect(two.statusCode).toBe(200)
      })

      it('answers 404 to any other name under /media/u/', async () => {
        const key = picture.files[0]!.url.slice('/media/u/'.length, '/media/u/'.length + 32)
        for (const url of [
          `/media/u/${'0'.repeat(32)}.mp3`,
          `/media/u/${key}-999.avif`,
          `/media/u/${key.toUpperCase()}.jpg`,
          `/media/u/${key}.svg`,
          '/media/u/..%2f..%2fsite.sqlite',
          '/media/u/',
        ]) {
          const response = await get(url)
          expect(response.statusCode, url).toBe(404)
          expect(response.headers['cache-control']).toBe('no-store')
        }
      })
    })
  }
})

describe('uploaded media URLs and the build', () => {
  it('cannot collide: no picture of the build has an id under u/', () => {
    const ids = imageJobs().map((job) => job.id)
    expect(ids.length).toBeGreaterThan(50)
    expect(ids.filter((id) => id.startsWith('u/'))).toEqual([])
  })
})
