/**
 * The HTTP side of `npm run bench:scale` (scale.ts): one GET timed to its first byte, and a
 * bounded wait for a state.
 */
import http from 'node:http'
import zlib from 'node:zlib'

export interface Fetched {
  status: number
  bytes: number
  ttfbMs: number
  totalMs: number
  body: string
  etag: string | undefined
}

/** A body as it came, decoded from its Content-Encoding. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body)
  if (encoding === 'gzip') return zlib.gunzipSync(body)
  return body
}

/**
 * One GET with brotli accepted, as a browser asks; the body is decoded here, and only when asked
 * for. (A poll that asked for the plain body would have the server decompress a page on its own
 * thread at each turn, which no browser makes it do, inside the publish the bench watches.)
 */
export function get(url: string, options: { text?: boolean } = {}): Promise<Fetched> {
  const started = performance.now()
  return new Promise((resolve) => {
    const request = http.get(
      url,
      { agent: false, headers: { 'accept-encoding': 'br, gzip' } },
      (response) => {
        const ttfbMs = performance.now() - started
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const body = Buffer.concat(chunks)
          resolve({
            status: response.statusCode ?? 0,
            bytes: body.length,
            ttfbMs,
            totalMs: performance.now() - started,
            body: options.text
              ? decoded(body, response.headers['content-encoding']).toString('utf8')
              : '',
            etag: response.headers.etag,
          })
        })
      },
    )
    request.setTimeout(60_000, () => request.destroy())
    request.on('error', () =>
      resolve({ status: 0, bytes: 0, ttfbMs: 0, totalMs: 0, body: '', etag: undefined }),
    )
  })
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) return NaN
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return performance.now() - started
}
