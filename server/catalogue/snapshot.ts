/**
 * The catalogue as GET answers it: serialised once per change, with a strong ETag, so a read is
 * a lookup and a conditional read costs a string compare. Course details are serialised on
 * first request and kept with the snapshot they belong to.
 */
import crypto from 'node:crypto'
import type { Course } from '#common/course.ts'

export interface SerialisedAnswer {
  readonly body: string
  readonly etag: string
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
    list: { body: listBody, etag: etagOf(listBody) },
    detail(id) {
      const cached = details.get(id)
      if (cached) return cached
      const course = byId.get(id)
      if (!course) return undefined
      const body = JSON.stringify({ data: course })
      const answer = { body, etag: etagOf(body) }
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
