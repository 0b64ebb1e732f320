/**
 * The catalogue as GET answers it: serialised once per change, with a strong ETag, so a read is
 * a lookup and a conditional read costs a string compare. Course details are serialised on
 * first request and kept with the snapshot they belong to. Each answer is kept as bytes and
 * compressed once (brotli and gzip), so a read neither encodes nor compresses anything.
 */
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import type { Course } from '#common/course.ts'

export interface SerialisedAnswer {
  readonly body: string
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
  readonly dataJson: string
  /** The GET list answer: {"data": [...], "count": n}. */
  readonly list: SerialisedAnswer
  /** The GET detail answer {"data": {...}}, or undefined for an unknown id. */
  detail(id: string): SerialisedAnswer | undefined
}

export function etagOf(body: string): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

export function serialisedAnswer(body: string): SerialisedAnswer {
  const bytes = Buffer.from(body, 'utf8')
  return {
    body,
    etag: etagOf(body),
    bytes,
    // Quality 9 with a window fitted to the body: within a few bytes of quality 11 for answers
    // this size, in well under a millisecond instead of ~20 ms (details are compressed on the
    // first request for them).
    br: zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(
          24,
          Math.max(10, Math.ceil(Math.log2(bytes.length + 1))),
        ),
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip: zlib.gzipSync(bytes, { level: 9 }),
  }
}

export function createSnapshot(version: number, courses: readonly Course[]): CatalogueSnapshot {
  const frozen = Object.freeze(courses.map((course) => Object.freeze({ ...course })))
  const dataJson = JSON.stringify(frozen)
  const listBody = `{"data":${dataJson},"count":${frozen.length}}`
  const byId = new Map(frozen.map((course) => [course.id, course]))
  const details = new Map<string, SerialisedAnswer>()
  return {
    version,
    courses: frozen,
    dataJson,
    list: serialisedAnswer(listBody),
    detail(id) {
      const cached = details.get(id)
      if (cached) return cached
      const course = byId.get(id)
      if (!course) return undefined
      const answer = serialisedAnswer(JSON.stringify({ data: course }))
      details.set(id, answer)
      return answer
    },
  }
}

/** True when an If-None-Match header names this ETag (or is "*"). Weak comparison, RFC 9110 13.1.2. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === bare
  })
}
