/**
 * Test helpers for uploaded media: pictures made by sharp on the spot (with GPS, a rotation, a
 * colour profile), multipart bodies as a browser's FormData sends them, and the guard and audit
 * log the composition root will take from the staff module.
 */
import http from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import sharp from 'sharp'
import type { MediaAuditEntry } from '#server/media/routes.ts'
import { sendApiError } from '#server/http/api-error.ts'

export const STAFF_HEADER = 'x-test-staff'

/** Where the upload pictures of the tests were "taken": Kansas City, Missouri. */
export const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '39/1 5/1 59/1',
  GPSLongitudeRef: 'W',
  GPSLongitude: '94/1 34/1 41/1',
}

/**
 * A photo-like picture (a gradient with some texture, so encoders have work to do), `seed`
 * changing its pixels.
 */
export async function testPicture(
  options: {
    width?: number
    height?: number
    format?: 'jpeg' | 'png' | 'webp' | 'avif'
    seed?: number
    gps?: boolean
    orientation?: number
    profile?: 'p3'
    comment?: string
    alpha?: boolean
  } = {},
): Promise<Buffer> {
  const { width = 800, height = 600, format = 'jpeg', seed = 1 } = options
  const channels = options.alpha ? 4 : 3
  const pixels = Buffer.alloc(width * height * channels)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels
      pixels[at] = (x * 255) / width
      pixels[at + 1] = (y * 255) / height
      pixels[at + 2] = (x * y * seed) % 256
      if (channels === 4) pixels[at + 3] = x < width / 2 ? 255 : 96
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels } })
  if (options.gps || options.orientation) {
    image = image.withMetadata(options.orientation ? { orientation: options.orientation } : {})
  }
  if (options.gps) {
    image = image
      .withExif({ IFD0: { Make: 'Test camera', Artist: 'Ada Okafor' }, IFD3: GPS })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Kansas City"/></rdf:RDF></x:xmpmeta>',
      )
  }
  if (options.profile) image = image.withIccProfile(options.profile)
  const encoded =
    format === 'jpeg'
      ? image.jpeg({ quality: 90 })
      : format === 'png'
        ? image.png()
        : format === 'webp'
          ? image.webp()
          : image.avif({ effort: 0 })
  return encoded.toBuffer()
}

/** A multipart/form-data body, exactly as fetch() sends a FormData. */
export async function multipart(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type?: string },
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (file) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' })
    form.append('file', blob, file.name)
  }
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form })
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  }
}

/**
 * The library's options as the composition root will set them: staff's guard (here: a staff id
 * in a header, else 401) and an audit log (here: an array).
 */
export function testMediaAccess() {
  const audited: MediaAuditEntry[] = []
  return {
    audited,
    options: {
      guard: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!request.headers[STAFF_HEADER]) {
          return sendApiError(reply, 401, 'Sign in to the back office first.')
        }
      },
      audit: (entry: MediaAuditEntry) => {
        audited.push(entry)
      },
      actorOf: (request: FastifyRequest) => {
        const staff = request.headers[STAFF_HEADER]
        return typeof staff === 'string' ? staff : null
      },
    },
  }
}

/** The headers of a signed-in staff member's request from the site itself. */
export const staffHeaders = (staff = 'staff-ada') => ({
  [STAFF_HEADER]: staff,
  origin: 'http://localhost:80',
  'sec-fetch-site': 'same-origin',
})

const UPLOAD_BOUNDARY = '----media-upload-test'

/**
 * Streams a multipart upload of `megabytes` (chunked, no Content-Length) to 127.0.0.1:port until
 * the server answers: its status, Connection header and body, and how much had been sent.
 */
export async function streamUpload(options: {
  port: number
  path: string
  headers: Record<string, string>
  megabytes: number
}) {
  const { port, headers } = options
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: options.path,
    headers: {
      'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
      'transfer-encoding': 'chunked',
      ...headers,
    },
  })
  let settled = false
  let sent = 0
  const answered = new Promise<{
    status: number
    connection: string | undefined
    body: string
    sent: number
  }>((resolve, reject) => {
    request.on('response', (response) => {
      settled = true
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          connection: response.headers.connection,
          body,
          sent,
        }),
      )
    })
    // Once the server has answered and hung up, our next write may fail: expected.
    request.on('error', (error) => (settled ? undefined : reject(error)))
  })
  request.write(
    `--${UPLOAD_BOUNDARY}\r\ncontent-disposition: form-data; name="alt"\r\n\r\nA very large picture\r\n` +
      `--${UPLOAD_BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="huge.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
  )
  const chunk = Buffer.alloc(256 * 1024, 0xab)
  for (
    let i = 0;
    i < (options.megabytes * 1024 * 1024) / chunk.length && !settled && !request.destroyed;
    i++
  ) {
    sent += chunk.length
    if (!request.write(chunk)) {
      // Wait until the socket takes more, or the answer arrives, or the connection ends.
      await new Promise<void>((resolve) => {
        const done = () => {
          request.off('drain', done)
          request.off('response', done)
          request.off('close', done)
          resolve()
        }
        request.on('drain', done)
        request.on('response', done)
        request.on('close', done)
      })
    }
  }
  const answer = await answered
  request.destroy()
  return answer
}
