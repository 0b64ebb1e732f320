/**
 * Where the bytes of uploaded media live (ADR 015):
 * - PostgreSQL (DATABASE_URL): in the database, table media_blob_chunk, in chunks of 1 MiB, so
 *   every server process reads the same bytes, a range request reads only the chunks it needs,
 *   and neither side ever holds a whole 20 MB value in one query;
 * - SQLite: as files under DATA_DIR/media/blobs/<aa>/<bb>/<sha256>, written atomically (a
 *   temporary file, fsync, rename, fsync of the folder), next to the database they belong to.
 * Either way a blob is named by the SHA-256 of its bytes and written once, whoever saves it.
 * The rows (media_blob) are written by the caller's transaction; this module moves the bytes.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Transaction } from 'kysely'
import type { Database } from '#server/db/index.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'

export const CHUNK_BYTES = 1024 * 1024

export interface ByteRange {
  start: number
  /** Inclusive. */
  end: number
}

export interface BlobStore {
  readonly kind: 'postgres' | 'files'
  /** Before the transaction: make the bytes durable where the rows cannot hold them (files). */
  stage(blobs: { sha256: string; bytes: Buffer }[]): Promise<void>
  /** Inside the transaction, for blobs whose media_blob row it has just inserted. */
  insert(trx: Transaction<DatabaseSchema>, blob: { sha256: string; bytes: Buffer }): Promise<void>
  /** After the transaction that deleted their rows. */
  discard(sha256s: string[]): Promise<void>
  /** The whole blob, in memory (for files the cache may keep). */
  readAll(sha256: string, size: number): Promise<Buffer>
  /** A stream of the blob or of one range of it; opened (or first read) before it returns. */
  stream(sha256: string, size: number, range?: ByteRange): Promise<Readable>
  /** SQLite: removes files that no row names (left by a crash between the write and commit). */
  sweep(known: (sha256s: string[]) => Promise<Set<string>>): Promise<number>
}

export function sha256Hex(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex')
}

export function createBlobStore(database: Database, dataDir: string): BlobStore {
  return database.dialect === 'postgres'
    ? postgresBlobs(database)
    : fileBlobs(path.join(dataDir, 'media', 'blobs'))
}

function postgresBlobs(database: Database): BlobStore {
  const { db } = database
  const chunks = (sha256: string, first: number, last: number) =>
    db
      .selectFrom('media_blob_chunk')
      .select(['seq', 'data'])
      .where('sha256', '=', sha256)
      .where('seq', '>=', first)
      .where('seq', '<=', last)
      .orderBy('seq')
      .execute()

  const missing = (sha256: string) =>
    Object.assign(new Error(`media blob ${sha256} has no bytes in the database`), {
      code: 'MEDIA_BLOB_MISSING',
    })

  return {
    kind: 'postgres',
    async stage() {},
    async insert(trx, { sha256, bytes }) {
      const rows = []
      for (let seq = 0; seq * CHUNK_BYTES < bytes.length || seq === 0; seq++) {
        rows.push({ sha256, seq, data: bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) })
      }
      // One statement per chunk: each carries at most 1 MiB.
      for (const row of rows) await trx.insertInto('media_blob_chunk').values(row).execute()
    },
    async discard() {
      // The chunks went with their media_blob rows (on delete cascade).
    },
    async readAll(sha256, size) {
      const rows = await chunks(sha256, 0, Math.max(0, Math.ceil(size / CHUNK_BYTES) - 1))
      const bytes = Buffer.concat(rows.map((row) => row.data))
      if (bytes.length !== size) throw missing(sha256)
      return bytes
    },
    async stream(sha256, size, range = { start: 0, end: size - 1 }) {
      const first = Math.floor(range.start / CHUNK_BYTES)
      const last = Math.floor(range.end / CHUNK_BYTES)
      // The first chunk is read before the answer starts, so a failure is still an error page.
      let seq = first
      const read = async () => {
        const [row] = await chunks(sha256, seq, seq)
        if (!row) throw missing(sha256)
        const from = seq === first ? range.start - seq * CHUNK_BYTES : 0
        const to = seq === last ? range.end - seq * CHUNK_BYTES + 1 : row.data.length
        seq++
        return Buffer.from(row.data.buffer, row.data.byteOffset + from, to - from)
      }
      const head = await read()
      async function* rest() {
        yield head
        while (seq <= last) yield await read()
      }
      return Readable.from(rest(), { objectMode: false })
    },
    async sweep() {
      return 0
    },
  }
}

function fileBlobs(root: string): BlobStore {
  const tmp = path.join(root, '.tmp')
  const fileOf = (sha256: string) => path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256)

  async function syncFolder(folder: string) {
    const handle = await fs.promises.open(folder, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  }

  async function writeAtomically(target: string, bytes: Buffer) {
    await fs.promises.mkdir(tmp, { recursive: true })
    const temporary = path.join(tmp, `${path.basename(target)}.${crypto.randomUUID()}`)
    const handle = await fs.promises.open(temporary, 'wx', 0o640)
    try {
      await handle.writeFile(bytes)
      await handle.sync()
    } finally {
      await handle.close()
    }
    try {
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      await fs.promises.rename(temporary, target)
    } catch (error) {
      await fs.promises.rm(temporary, { force: true })
      throw error
    }
    // The rename is durable once the folder that holds the new name is on disk.
    await syncFolder(path.dirname(target))
  }

  return {
    kind: 'files',
    async stage(blobs) {
      for (const { sha256, bytes } of blobs) {
        const target = fileOf(sha256)
        const existing = await fs.promises.stat(target).catch(() => undefined)
        // Content-addressed: a file of the right size under this name holds these bytes.
        if (existing?.size === bytes.length) continue
        await writeAtomically(target, bytes)
      }
    },
    async insert() {},
    async discard(sha256s) {
      for (const sha256 of sha256s) await fs.promises.rm(fileOf(sha256), { force: true })
    },
    async readAll(sha256) {
      return fs.promises.readFile(fileOf(sha256))
    },
    async stream(sha256, _size, range) {
      // Opened before the answer starts: a missing file is an error answer, not a cut stream.
      const handle = await fs.promises.open(fileOf(sha256), 'r')
      return handle.createReadStream({ ...range, autoClose: true })
    },
    async sweep(known) {
      await fs.promises.rm(tmp, { recursive: true, force: true })
      let removed = 0
      for (const outer of await fs.promises.readdir(root).catch(() => [])) {
        if (!/^[0-9a-f]{2}$/.test(outer)) continue
        for (const inner of await fs.promises.readdir(path.join(root, outer))) {
          const folder = path.join(root, outer, inner)
          const names = (await fs.promises.readdir(folder)).filter((n) => /^[0-9a-f]{64}$/.test(n))
          const kept = await known(names)
          for (const name of names) {
            if (kept.has(name)) continue
            await fs.promises.rm(path.join(folder, name), { force: true })
            removed++
          }
        }
      }
      return removed
    },
  }
}
