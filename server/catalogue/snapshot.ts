/**
 * The catalogue as GET answers it: serialised once per change, with a strong ETag, so a read is
 * a lookup and a conditional read costs a string compare. Course details are serialised on
 * first request and kept with the snapshot they belong to. Each answer is kept as bytes and
 * compressed once (brotli and gzip), so a read neither encodes nor compresses anything.
 *
 * A store decides how long the list is: up to 5,000 courses of several kilobytes each, some
 * 24 MB of JSON. The list is therefore encoded a slice of courses per turn of the event loop,
 * and hashed and compressed on libuv's thread pool (done at once, it held the event loop for
 * 2.3 s, issue 21).
 */
import crypto from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Course } from '#common/course-schemas.ts'

const brotliCompress = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

export interface SerialisedAnswer {
  readonly etag: string
  /** The body as UTF-8 bytes, and its brotli and gzip forms. */
  readonly bytes: Buffer
  readonly br: Buffer
  readonly gzip: Buffer
}

export interface CatalogueSnapshot {
  /** The sync record's version this copy was read at (0: nothing synced yet). */
  readonly version: number
  readonly courses: readonly Course[]
  /** The JSON array of the courses, for answers that wrap it differently (the refresh). */
  readonly dataBytes: Buffer
  /** The GET list answer: {"data": [...], "count": n}. */
  readonly list: SerialisedAnswer
  /** The GET detail answer {"data": {...}}, or undefined for an unknown id. */
  detail(id: string): SerialisedAnswer | undefined
}

function etagOf(digest: Buffer): string {
  return `"${digest.toString('base64url').slice(0, 27)}"`
}

// Quality 9 with a window fitted to the body: within a few bytes of quality 11 for answers this
// size, in well under a millisecond instead of ~20 ms.
function brotliOptions(size: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
      [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(
        24,
        Math.max(10, Math.ceil(Math.log2(size + 1))),
      ),
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  }
}

/** A small answer (a course's details: a few kilobytes), hashed and compressed at once. */
function serialisedAtOnce(bytes: Buffer): SerialisedAnswer {
  return {
    etag: etagOf(crypto.createHash('sha256').update(bytes).digest()),
    bytes,
    br: zlib.brotliCompressSync(bytes, brotliOptions(bytes.length)),
    gzip: zlib.gzipSync(bytes, { level: 9 }),
  }
}

/** Courses encoded per turn of the event loop (about 1 MB of JSON at the most). */
const ENCODE_SLICE = 200

/** The list answer's bytes, {"data":[...],"count":n}, and where its data array lies in them. */
async function encodeList(courses: readonly Course[]): Promise<{ bytes: Buffer; data: Buffer }> {
  const parts: Buffer[] = []
  for (let start = 0; start < courses.length; start += ENCODE_SLICE) {
    if (start > 0) await setImmediate()
    const json = JSON.stringify(courses.slice(start, start + ENCODE_SLICE))
    // Each slice is a JSON array; its brackets become the commas between slices.
    parts.push(Buffer.from(start === 0 ? json.slice(0, -1) : `,${json.slice(1, -1)}`))
  }
  const head = Buffer.from('{"data":')
  const array = parts.length ? [...parts, Buffer.from(']')] : [Buffer.from('[]')]
  const bytes = Buffer.concat([head, ...array, Buffer.from(`,"count":${courses.length}}`)])
  const length = array.reduce((sum, part) => sum + part.length, 0)
  return { bytes, data: bytes.subarray(head.length, head.length + length) }
}

async function serialisedList(bytes: Buffer): Promise<SerialisedAnswer> {
  const [digest, br, gzipped] = await Promise.all([
    crypto.subtle.digest('SHA-256', bytes),
    brotliCompress(bytes, brotliOptions(bytes.length)),
    gzip(bytes, { level: 9 }),
  ])
  return { etag: etagOf(Buffer.from(digest)), bytes, br, gzip: gzipped }
}

export async function createSnapshot(
  version: number,
  courses: readonly Course[],
): Promise<CatalogueSnapshot> {
  const frozen = Object.freeze(courses.map((course) => Object.freeze({ ...course })))
  const { bytes, data } = await encodeList(frozen)
  const list = await serialisedList(bytes)
  const byId = new Map(frozen.map((course) => [course.id, course]))
  const details = new Map<string, SerialisedAnswer>()
  return {
    version,
    courses: frozen,
    dataBytes: data,
    list,
    detail(id) {
      const cached = details.get(id)
      if (cached) return cached
      const course = byId.get(id)
      if (!course) return undefined
      const answer = serialisedAtOnce(Buffer.from(JSON.stringify({ data: course })))
      details.set(id, answer)
      return answer
    },
  }
}

/** The snapshot before any catalogue has been read. */
export const EMPTY_SNAPSHOT: CatalogueSnapshot = (() => {
  const bytes = Buffer.from('{"data":[],"count":0}')
  return {
    version: 0,
    courses: Object.freeze([]),
    dataBytes: bytes.subarray(8, 10),
    list: serialisedAtOnce(bytes),
    detail: () => undefined,
  }
})()

/** True when an If-None-Match header names this ETag (or is "*"). Weak comparison, RFC 9110 13.1.2. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === bare
  })
}
