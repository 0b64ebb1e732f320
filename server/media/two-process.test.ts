/**
 * Two real server processes on one PostgreSQL database: a picture uploaded through process A
 * is served by process B, byte for byte, with the same ETag and ranges; once A deletes it, B
 * answers 404 for every file it had not served yet.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaItem } from '#common/media.ts'
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '#server/test/databases.ts'
import { STAFF_HEADER, testPicture } from '#server/test/media.ts'
import {
  emptySiteBuild,
  startServerProcess,
  outputTail,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'

describe.skipIf(!TEST_DATABASE_URL)('uploaded media on two processes (PostgreSQL)', () => {
  let testDb: TestDatabase
  let buildDir: string
  let a: ServerProcess
  let b: ServerProcess
  const folders: string[] = []

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres')
    buildDir = emptySiteBuild()
    const env = { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', BUILD_DIR: buildDir }
    // Each process has a DATA_DIR of its own: on PostgreSQL nothing of the media is on disk.
    const dataDir = (name: string) => {
      folders.push(fs.mkdtempSync(path.join(os.tmpdir(), `lll-${name}-`)))
      return folders.at(-1)!
    }
    const start = (name: string) =>
      startServerProcess({
        env: { ...env, DATABASE_URL: testDb.env.DATABASE_URL!, DATA_DIR: dataDir(name) },
        command: [process.execPath, 'server/test/media-server.ts'],
      })
    ;[a, b] = await Promise.all([start('a'), start('b')])
  }, 180_000)

  afterAll(async () => {
    const codes = await Promise.all([a, b].filter(Boolean).map(stopServerProcess))
    await testDb?.drop()
    for (const folder of [path.dirname(buildDir), ...folders])
      fs.rmSync(folder, { recursive: true, force: true })
    expect(codes, outputTail(a, b)).toEqual([0, 0])
  }, 90_000)

  it('serves through B what was uploaded through A, and stops once A deletes it', async () => {
    const form = new FormData()
    form.append('alt', 'Volunteers paint the community garden fence')
    const bytes = await testPicture({ width: 900, height: 600, gps: true })
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'fence.jpg')
    const staff = { [STAFF_HEADER]: 'staff-lin', origin: a.url }
    const uploaded = await fetch(`${a.url}/api/media`, {
      method: 'POST',
      body: form,
      headers: staff,
    })
    expect(uploaded.status).toBe(201)
    const { item } = (await uploaded.json()) as { item: MediaItem }

    const [first, ...others] = item.files
    const fromA = await fetch(`${a.url}${first!.url}`)
    const fromB = await fetch(`${b.url}${first!.url}`)
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'))
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const body = Buffer.from(await fromB.arrayBuffer())
    expect(Buffer.compare(body, Buffer.from(await fromA.arrayBuffer()))).toBe(0)
    expect(body.length).toBe(first!.size)
    const last = await fetch(`${b.url}${first!.url}`, { headers: { range: 'bytes=-1' } })
    expect(last.status).toBe(206)
    expect(Buffer.from(await last.arrayBuffer())).toEqual(body.subarray(-1))

    const deleted = await fetch(`${a.url}/api/media/${item.id}`, {
      method: 'DELETE',
      headers: staff,
    })
    expect(deleted.status).toBe(204)
    for (const file of others) expect((await fetch(`${b.url}${file.url}`)).status).toBe(404)
  })
})
