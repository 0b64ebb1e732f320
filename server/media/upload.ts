/**
 * Reading one file and a few text fields from a multipart/form-data request, with the size
 * limit enforced while the bytes arrive: a declared Content-Length over the limit is refused
 * before the body is read (refuseLargeBodies), and a body without one is cut off one byte past
 * the limit, not read to its end. Either refusal answers 413 and closes the connection, so the
 * client stops sending. Features that take uploads of their own (the podcast's audio) use this
 * too, with their own limit.
 */
import { formatSize } from '#common/sizes.ts'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { closeAfterAnswer } from '#server/http/close-after-answer.ts'
import { MediaRefusal } from './errors.ts'

/** Room for the boundaries, part headers and text fields around the file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024
const FIELD_BYTES = 8 * 1024
const MAX_FIELDS = 8

export interface Upload {
  bytes: Buffer
  fileName: string
  /** The Content-Type the client gave the file part (what it claims the file is). */
  declaredMime: string
  fields: Record<string, string>
}

function tooLarge(maxBytes: number, what: string) {
  return new MediaRefusal(
    `The ${what} is larger than ${formatSize(maxBytes)}, the most accepted.`,
    {
      statusCode: 413,
      field: 'file',
    },
  )
}

/**
 * Registers the multipart parser in this plugin's scope (and only there), and closes the
 * connection after any answer sent before the request's body was read to its end (a refusal, the
 * guard's 401, the same-site check's 403): Node would otherwise read the rest of the body, up to
 * the whole 200 MB, to keep the connection alive (closeAfterAnswer).
 */
export async function acceptUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { files: 1, fields: MAX_FIELDS, parts: MAX_FIELDS + 1, fieldSize: FIELD_BYTES },
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) closeAfterAnswer(request, reply)
    return payload
  })
}

/**
 * An onRequest hook: a request that says its body is larger than the limit is refused before
 * a byte of the body is read.
 */
export function refuseLargeBodies(maxBytes: number, what: string) {
  return async (request: FastifyRequest) => {
    const length = Number(request.headers['content-length'])
    if (Number.isFinite(length) && length > maxBytes + FORM_OVERHEAD_BYTES) {
      throw tooLarge(maxBytes, what)
    }
  }
}

/**
 * Reads the form: the one file (field `file`) into memory, at most maxBytes, and the text
 * fields. Throws MediaRefusal (400, 413 or 415) naming what is wrong.
 */
export async function readUpload(
  request: FastifyRequest,
  options: { maxBytes: number; what: string },
): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new MediaRefusal(
      'Send the upload as multipart/form-data, with the file in a field named "file".',
      { statusCode: 415 },
    )
  }
  const fields: Record<string, string> = {}
  let upload: Omit<Upload, 'fields'> | undefined
  try {
    // busboy stops a file at fileSize but then reads the rest of the body to throw it away:
    // the limit is counted here instead, and the loop left as soon as it is passed.
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes + 1 } })) {
      if (part.type === 'field') {
        if (part.valueTruncated) {
          throw new MediaRefusal(`The field "${part.fieldname}" is too long.`, {
            field: part.fieldname,
          })
        }
        fields[part.fieldname] = String(part.value)
        continue
      }
      if (part.fieldname !== 'file') {
        throw new MediaRefusal(`Send the file in a field named "file" (not "${part.fieldname}").`, {
          field: 'file',
        })
      }
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > options.maxBytes) throw tooLarge(options.maxBytes, options.what)
        chunks.push(chunk)
      }
      upload = {
        bytes: Buffer.concat(chunks, size),
        fileName: part.filename ?? '',
        declaredMime: part.mimetype ?? '',
      }
    }
  } catch (error) {
    // The rest of the body is not read: the connection closes after the answer (acceptUploads).
    if (error instanceof MediaRefusal) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_FILES_LIMIT') {
      throw new MediaRefusal('Send one file per upload.', { field: 'file' })
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new MediaRefusal(`Send the file and at most ${MAX_FIELDS} text fields.`)
    }
    if (code === 'FST_PROTO_VIOLATION') {
      throw new MediaRefusal('A field of the form has a name that is not allowed.')
    }
    if (
      code === 'FST_MP_PREMATURE_CLOSE' ||
      /multipart|boundary|terminated early/i.test(String((error as Error).message))
    ) {
      throw new MediaRefusal('The upload ended before the form was complete. Please try again.')
    }
    throw error
  }
  if (!upload || upload.bytes.length === 0) {
    throw new MediaRefusal(`Choose a ${options.what} to upload (the field "file" is empty).`, {
      field: 'file',
    })
  }
  return { ...upload, fields }
}
