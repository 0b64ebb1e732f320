/**
 * The library below the routes, on SQLite and PostgreSQL: a hot file costs no database query, a
 * name is trusted for NAME_TTL_MS (crossed by moving a clock), the same upload at the same moment
 * is stored once, audio through saveBlob, and the sweep of files a crash left without a row.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/index.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { testPicture } from '#server/test/media.ts'
import { MediaRefusal } from './errors.ts'
import { createMediaLibrary, NAME_TTL_MS } from './media-library.ts'

/** The database with every query counted. */
function counted(database: Database) {
  const counter = { queries: 0 }
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counter.queries++
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  return { database: { ...database, db: database.db.withPlugin(plugin) }, counter }
}

const drain = async (body: Buffer | NodeJS.ReadableStream | undefined) => {
  if (!body) return undefined
  if (Buffer.isBuffer(body)) return body
  const chunks: Buffer[] = []
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

describeOnDatabases('the media library', (dialect) => {
  let testDb: TestDatabase
  let clock = Date.parse('2026-03-02T09:00:00Z')
  const now = () => clock
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
  })
  afterAll(async () => {
    await testDb.drop()
  })
  const library = (database: Database = testDb.database, cacheBytes = 8 * 1024 * 1024) =>
    createMediaLibrary({ database, dataDir: testDb.env.DATA_DIR, cacheBytes, now })

  it('serves a hot file without a query, and asks again once its name is a minute old', async () => {
    const { database, counter } = counted(testDb.database)
    const media = library(database)
    const { item } = await media.saveImage({
      bytes: await testPicture({ seed: 11 }),
      fileName: 'hot.jpg',
      alt: 'A hot file',
    })
    const name = item.files
      .find((file) => file.role === 'variant')!
      .url.split('/')
      .pop()!

    const first = await media.resolve(name)
    const bytes = await drain(await media.open(first!))
    expect(bytes!.length).toBe(first!.size)

    const before = counter.queries
    for (let i = 0; i < 5; i++) {
      const again = await media.resolve(name)
      expect(Buffer.compare((await drain(await media.open(again!)))!, bytes!)).toBe(0)
    }
    expect(counter.queries - before).toBe(0)

    clock += NAME_TTL_MS + 1
    await media.resolve(name)
    expect(counter.queries - before).toBe(1)
  })

  it('stops serving a file another process deleted, once the name is a minute old', async () => {
    const a = library()
    const b = library()
    const { item } = await a.saveImage({
      bytes: await testPicture({ seed: 12 }),
      fileName: 'gone.jpg',
      alt: 'Soon gone',
    })
    const name = item.files[0]!.url.split('/').pop()!
    const served = await b.resolve(name)
    await drain(await b.open(served!))
    expect(await a.remove(item.id)).toBe('deleted')
    expect(await a.resolve(name)).toBeUndefined()
    clock += NAME_TTL_MS + 1
    expect(await b.resolve(name)).toBeUndefined()
  })

  it('stores the same picture uploaded twice at the same moment once', async () => {
    const bytes = await testPicture({ seed: 13 })
    const media = library()
    const [one, two] = await Promise.all([
      media.saveImage({ bytes, fileName: 'twice.jpg', alt: 'Once' }),
      media.saveImage({ bytes, fileName: 'twice.jpg', alt: 'Twice' }),
    ])
    expect([one.created, two.created].sort()).toEqual([false, true])
    expect(one.item.id).toBe(two.item.id)
    const rows = await testDb.database.db
      .selectFrom('media_asset')
      .select('id')
      .where('original_name', '=', 'twice.jpg')
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('stores audio a feature checked, as it is, and refuses types it does not serve', async () => {
    const media = library()
    const bytes = crypto.randomBytes(3000)
    const saved = await media.saveBlob({
      bytes,
      mime: 'audio/mp4',
      kind: 'audio',
      fileName: 'episode.m4a',
      createdBy: 'staff-ada',
    })
    expect(saved).toMatchObject({
      created: true,
      item: {
        kind: 'audio',
        mime: 'audio/mp4',
        size: 3000,
        alt: null,
        focalPoint: null,
        createdBy: 'staff-ada',
      },
    })
    const name = saved.item.files[0]!.url.split('/').pop()!
    expect(name).toMatch(/^[0-9a-f]{32}\.m4a$/)
    expect(
      Buffer.compare((await drain(await media.open((await media.resolve(name))!)))!, bytes),
    ).toBe(0)
    expect(
      (await media.saveBlob({ bytes, mime: 'audio/mp4', kind: 'audio', fileName: 'again.m4a' }))
        .created,
    ).toBe(false)

    for (const mime of ['image/svg+xml', 'text/html', 'application/octet-stream']) {
      const refused = await media
        .saveBlob({ bytes, mime, kind: 'audio', fileName: 'x' })
        .catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(MediaRefusal)
      expect((refused as MediaRefusal).statusCode).toBe(415)
    }
    await expect(media.update(saved.item.id, { alt: 'Audio has no alt text' })).rejects.toThrow(
      'Alt text and a focal point belong to pictures; this is audio.',
    )
  })
})

describe('the media library on PostgreSQL', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'keeps the bytes in chunks of at most 1 MiB',
    async () => {
      const testDb = await createTestDatabase('postgres')
      try {
        const media = createMediaLibrary({
          database: testDb.database,
          dataDir: testDb.env.DATA_DIR,
        })
        const bytes = crypto.randomBytes(2 * 1024 * 1024 + 5)
        await media.saveBlob({ bytes, mime: 'audio/mpeg', kind: 'audio', fileName: 'long.mp3' })
        const chunks = await testDb.database.db
          .selectFrom('media_blob_chunk')
          .select(['seq', 'data'])
          .orderBy('seq')
          .execute()
        expect(chunks.map((chunk) => [chunk.seq, chunk.data.length])).toEqual([
          [0, 1024 * 1024],
          [1, 1024 * 1024],
          [2, 5],
        ])
      } finally {
        await testDb.drop()
      }
    },
  )
})

describe('the media library on SQLite', () => {
  it('removes blob files that no row names, and the temporary folder', async () => {
    const testDb = await createTestDatabase('sqlite')
    const media = createMediaLibrary({ database: testDb.database, dataDir: testDb.env.DATA_DIR })
    const { item } = await media.saveImage({
      bytes: await testPicture({ seed: 14 }),
      fileName: 'kept.jpg',
      alt: 'Kept',
    })
    const root = path.join(testDb.env.DATA_DIR, 'media', 'blobs')
    const orphan = crypto
      .createHash('sha256')
      .update('a crash between write and commit')
      .digest('hex')
    const folder = path.join(root, orphan.slice(0, 2), orphan.slice(2, 4))
    fs.mkdirSync(folder, { recursive: true })
    fs.writeFileSync(path.join(folder, orphan), 'orphan')
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true })
    fs.writeFileSync(path.join(root, '.tmp', 'half-written'), 'half')

    expect(await media.sweep()).toBe(1)
    expect(fs.existsSync(path.join(folder, orphan))).toBe(false)
    expect(fs.existsSync(path.join(root, '.tmp'))).toBe(false)
    for (const file of item.files) {
      const served = await media.resolve(file.url.split('/').pop()!)
      expect((await drain(await media.open(served!)))!.length).toBe(file.size)
    }
    await testDb.drop()
  })
})
