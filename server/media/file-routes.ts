/**
 * Serves uploaded media at /media/u/<name> (common/media.ts), the same way on every process:
 * the name resolves through the database (remembered for a minute), the bytes come from the
 * in-memory cache, the database (PostgreSQL) or DATA_DIR (SQLite). A name is the hash of what
 * was uploaded, so the answer never changes: cached for a year, `immutable`, with a strong ETag
 * (the SHA-256 of the bytes), 304 on revalidation, HEAD, and single byte ranges for players.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { UPLOADED_FILE_NAME, UPLOADED_MEDIA_PREFIX } from '#common/media.ts'
import { clearPayloadHeaders, sendApiError } from '#server/http/api-error.ts'
import { parseRange } from '#server/http/byte-range.ts'
import type { MediaLibrary, ServedFile } from './media-library.ts'

export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** True when If-None-Match names this ETag (or is "*"); weak comparison, as RFC 9110 says. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

/** inline; filename="…" (ASCII, from downloadStem) as browsers and players save it. */
function contentDisposition(file: ServedFile): string {
  return `inline; filename="${file.downloadName}"`
}

const notFound = (reply: FastifyReply, name: string) =>
  sendApiError(reply, 404, `No uploaded file at ${UPLOADED_MEDIA_PREFIX}${name}`)

export async function mediaFileRoutes(app: FastifyInstance, options: { library: MediaLibrary }) {
  const { library } = options

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string }
    const file = UPLOADED_FILE_NAME.test(name) ? await library.resolve(name) : undefined
    if (!file)
      return sendApiError(reply, 404, `No uploaded file at ${UPLOADED_MEDIA_PREFIX}${name}`)

    const etag = `"${file.sha256}"`
    reply
      .header('cache-control', IMMUTABLE)
      .header('etag', etag)
      .header('content-type', file.mime)
      .header('content-disposition', contentDisposition(file))
      .header('accept-ranges', 'bytes')
      // Uploaded media are public: podcast apps and other sites' players may load them.
      .header('cross-origin-resource-policy', 'cross-origin')
    // RFC 9110 section 13.2.2: If-None-Match first, then the range.
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send()

    // If-Range: the range only applies to this very file (an ETag; dates are not kept).
    const ifRange = request.headers['if-range']
    const range =
      ifRange === undefined || ifRange === etag
        ? parseRange(request.headers.range, file.size)
        : undefined
    if (range === 'unsatisfiable') {
      clearPayloadHeaders(reply)
      reply.removeHeader('content-disposition')
      reply.header('content-range', `bytes */${file.size}`)
      return sendApiError(
        reply,
        416,
        `The range asked for is outside the file (${file.size} bytes).`,
      )
    }
    if (range) {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1)
    } else {
      reply.header('content-length', file.size)
    }
    if (request.method === 'HEAD') return reply.send()
    const body = await library.open(file, range)
    if (body) return reply.send(body)
    clearPayloadHeaders(reply)
    reply.removeHeader('content-disposition')
    return notFound(reply, name)
  }

  app.route({ method: ['GET', 'HEAD'], url: `${UPLOADED_MEDIA_PREFIX}:name`, handler })
}
