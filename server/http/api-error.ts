/**
 * Every error answer of the API is built here: {error, message} (ApiErrorAnswer, common/), the
 * error being the status's standard reason phrase, never cached. A 400 may add `fields`, naming
 * what to fix in each field.
 */
import { STATUS_CODES } from 'node:http'
import type { FastifyReply } from 'fastify'
import type { ApiErrorAnswer } from '#common/course-schemas.ts'
import { API_CSP } from '#server/http/security-headers.ts'

export function apiErrorAnswer(status: number, message: string): ApiErrorAnswer {
  return { error: STATUS_CODES[status] ?? 'Error', message }
}

export function sendApiError(
  reply: FastifyReply,
  status: number,
  message: string,
  extra: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
) {
  if (extra.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(extra.retryAfterSeconds))
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({
      ...apiErrorAnswer(status, message),
      ...(extra.fields && { fields: extra.fields }),
    })
}

/**
 * Headers a handler set for the answer it meant to send (a file's type, length, encoding, range)
 * would describe an error body wrongly, and Fastify refuses an object payload under a non-JSON
 * type (FST_ERR_REP_INVALID_PAYLOAD_TYPE): every error handler clears them first. A page's CSP
 * (its script hashes) goes back to the default no-script one every answer starts with.
 */
export function clearPayloadHeaders(reply: FastifyReply) {
  for (const name of [
    'content-type',
    'content-length',
    'content-encoding',
    'content-range',
    'accept-ranges',
    'etag',
    'vary',
  ])
    reply.removeHeader(name)
  reply.header('content-security-policy', API_CSP)
}
